import { createSocket } from 'node:dgram';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * A tiny authoritative DNS server over UDP (RFC 1035) for tests: answers A, AAAA and TXT queries
 * from its tables, NXDOMAIN for names it does not know, and records every question. The shop's
 * resolver is pointed at it with DOMAIN_CHECK_DNS_SERVERS (config `domainCheck.dnsServers`).
 */
export type FakeDns = {
  /** `127.0.0.1:<port>`, as DOMAIN_CHECK_DNS_SERVERS takes it. */
  server: string;
  /** Sets a name's records (replacing that type's earlier ones); lower-case names. */
  txt(name: string, ...values: string[]): void;
  a(name: string, ...addresses: string[]): void;
  aaaa(name: string, ...addresses: string[]): void;
  clear(): void;
  /** `TYPE name` of every question asked, in order. */
  queries: string[];
  close(): Promise<void>;
};

const TYPES = { A: 1, TXT: 16, AAAA: 28 } as const;
const typeName = (n: number) => Object.entries(TYPES).find(([, v]) => v === n)?.[0] ?? String(n);

/** The question's name and where it ends; null when malformed. */
const readName = (msg: Buffer, offset: number): { name: string; end: number } | null => {
  const labels: string[] = [];
  let i = offset;
  while (i < msg.length) {
    const len = msg[i]!;
    if (len === 0) return { name: labels.join('.'), end: i + 1 };
    // Compression never appears in a question we are sent.
    if (len > 63 || i + 1 + len > msg.length) return null;
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('latin1'));
    i += 1 + len;
  }
  return null;
};

const rdata = (type: number, value: string): Buffer => {
  if (type === TYPES.A) return Buffer.from(value.split('.').map(Number));
  if (type === TYPES.AAAA) {
    const [head = '', tail = ''] = value.split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = value.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
    const out = Buffer.alloc(16);
    for (const [k, g] of groups.entries()) out.writeUInt16BE(Number.parseInt(g, 16), k * 2);
    return out;
  }
  // TXT: character-strings of at most 255 bytes each.
  const bytes = Buffer.from(value, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
};

/** Listens on 127.0.0.1, on `port` when given (a test server configured beforehand), else any free one. */
export const startFakeDns = async (port = 0): Promise<FakeDns> => {
  const records = new Map<string, Map<number, string[]>>();
  const queries: string[] = [];
  const set =
    (type: number) =>
    (name: string, ...values: string[]) => {
      const key = name.toLowerCase();
      const byType = records.get(key) ?? new Map<number, string[]>();
      byType.set(type, values);
      records.set(key, byType);
    };
  const socket = createSocket('udp4');
  socket.on('message', (msg, peer) => {
    if (msg.length < 12) return;
    const q = readName(msg, 12);
    if (!q || q.end + 4 > msg.length) return;
    const qtype = msg.readUInt16BE(q.end);
    queries.push(`${typeName(qtype)} ${q.name.toLowerCase()}`);
    const known = records.get(q.name.toLowerCase());
    const values = known?.get(qtype) ?? [];
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2);
    // QR, the query's opcode and RD, AA; RA; NXDOMAIN for an unknown name.
    header.writeUInt16BE(0x8400 | (msg.readUInt16BE(2) & 0x7900) | 0x0080 | (known ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(values.length, 6);
    const question = msg.subarray(12, q.end + 4);
    const answers = values.map((value) => {
      const data = rdata(qtype, value);
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0); // the question's name
      rr.writeUInt16BE(qtype, 2);
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(1, 6); // TTL 1 s
      rr.writeUInt16BE(data.length, 10);
      return Buffer.concat([rr, data]);
    });
    socket.send(Buffer.concat([header, question, ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return {
    server: `127.0.0.1:${socket.address().port}`,
    txt: set(TYPES.TXT),
    a: (name, ...addresses) => {
      if (!addresses.every(isIPv4)) throw new Error('A records take IPv4 addresses');
      set(TYPES.A)(name, ...addresses);
    },
    aaaa: (name, ...addresses) => {
      if (!addresses.every(isIPv6)) throw new Error('AAAA records take IPv6 addresses');
      set(TYPES.AAAA)(name, ...addresses);
    },
    clear: () => records.clear(),
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
};
