import { Resolver } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { DOMAIN_PROOF_PATH, domainProofRecord } from '@club/contract';
import type { Config } from '../../lib/config.ts';

/**
 * Whether a club controls a domain: the claim's code in a TXT record `_clubshop-challenge.<host>`,
 * or served as the file `http://<host>/.well-known/clubshop-verification/<code>` (like ACME's
 * HTTP-01). The shop itself never serves these files: a domain already pointed at this platform
 * (say a wildcard of the operator's) would otherwise prove itself for any club; such a club uses
 * the TXT record.
 */
export type DomainProof = { ok: true; via: 'dns' | 'http' } | { ok: false; reason: 'missing' | 'private' };
export type DomainCheckConfig = Config['domainCheck'];

/** The file holds the code and a line break at most; anything longer is not a proof. */
const MAX_BODY = 1024;
const MAX_REDIRECTS = 2;

/**
 * Addresses the file is never fetched from (unless DOMAIN_CHECK_PRIVATE=allow): the check runs
 * inside the shop's network, so a domain pointed at 127.0.0.1 or 10.x must not make the shop
 * request its own services. Special-purpose ranges of IANA's registries, both families.
 */
// Two lists: one BlockList checks IPv4 addresses against its IPv6 rules too (as ::ffff:a.b.c.d).
const notPublic4 = new BlockList();
const notPublic6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // Unspecified, loopback and IPv4-compatible; IPv4-mapped; NAT64 and 6to4 (may wrap a private IPv4).
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  notPublic6.addSubnet(net, prefix, 'ipv6');

/** A routable address on the public internet (not loopback, private, link-local, reserved...). */
export const isPublicAddress = (ip: string): boolean => {
  const family = isIP(ip);
  if (family === 0) return false;
  return family === 4 ? !notPublic4.check(ip, 'ipv4') : !notPublic6.check(ip, 'ipv6');
};

const resolverFor = (cfg: DomainCheckConfig) => {
  // Two tries of 2 s at most: a lost UDP packet is retried, a dead server does not hold the check long.
  const resolver = new Resolver({ timeout: Math.min(cfg.timeoutMs, 2_000), tries: 2 });
  if (cfg.dnsServers.length) resolver.setServers(cfg.dnsServers);
  return resolver;
};

const hasTxtProof = async (resolver: Resolver, host: string, code: string): Promise<boolean> => {
  try {
    // A long TXT value comes in chunks of 255 characters: one record is their concatenation.
    const records = await resolver.resolveTxt(domainProofRecord(host));
    return records.some((chunks) => chunks.join('').trim() === code);
  } catch {
    return false;
  }
};

const addressesOf = async (resolver: Resolver, host: string): Promise<string[]> => {
  const found = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
  return found.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
};

/** Connects to `address` whatever the URL's host name says (it was checked; no second lookup). */
const pinnedLookup =
  (address: string): LookupFunction =>
  (_hostname, options, callback) => {
    const family = isIP(address);
    if ((options as { all?: boolean }).all)
      (callback as never as (e: null, a: unknown[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

type Fetched = { status: number; location?: string; body?: string };

/** One GET at a pinned address: the status, a redirect's target, or a body of at most MAX_BODY bytes. */
const getOnce = (url: URL, address: string, deadline: number): Promise<Fetched | null> =>
  new Promise((resolve) => {
    const left = deadline - Date.now();
    if (left <= 0) return resolve(null);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      url,
      {
        method: 'GET',
        lookup: pinnedLookup(address),
        agent: false,
        timeout: left,
        headers: { accept: 'text/plain', 'user-agent': 'clubshop-domain-check' },
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        if (status !== 200) {
          res.destroy();
          const location = res.headers.location;
          return resolve({ status, ...(location && { location }) });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY) {
            res.destroy();
            resolve(null);
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => resolve(null));
      },
    );
    const timer = setTimeout(() => req.destroy(), left);
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });

/**
 * Fetches the proof file from one checked address. Redirects are followed (at most twice) only to
 * the same host name, so a site that sends everything to https still proves itself, but a
 * redirect can never point the shop at another host.
 */
const hasFileProof = async (
  host: string,
  address: string,
  code: string,
  cfg: DomainCheckConfig,
  deadline: number,
): Promise<boolean> => {
  const port = cfg.httpPort === 80 ? '' : `:${cfg.httpPort}`;
  let url = new URL(`http://${host}${port}${DOMAIN_PROOF_PATH}${encodeURIComponent(code)}`);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const got = await getOnce(url, address, deadline);
    if (!got) return false;
    if (got.status === 200) return got.body?.trim() === code;
    if (![301, 302, 303, 307, 308].includes(got.status) || !got.location) return false;
    let next: URL;
    try {
      next = new URL(got.location, url);
    } catch {
      return false;
    }
    if (next.hostname !== host || !['http:', 'https:'].includes(next.protocol) || next.username) return false;
    url = next;
  }
  return false;
};

/** Checks the TXT record first, then the file; says why not when neither proves the domain. */
export const checkDomainProof = async (
  host: string,
  code: string,
  cfg: DomainCheckConfig,
): Promise<DomainProof> => {
  const resolver = resolverFor(cfg);
  if (await hasTxtProof(resolver, host, code)) return { ok: true, via: 'dns' };
  const addresses = await addressesOf(resolver, host);
  const allowed = cfg.allowPrivate ? addresses : addresses.filter(isPublicAddress);
  if (addresses.length && !allowed.length) return { ok: false, reason: 'private' };
  // One address of each family at most: a domain with many records does not make many requests.
  const tried = [allowed.find((a) => isIP(a) === 4), allowed.find((a) => isIP(a) === 6)].filter(
    (a): a is string => a !== undefined,
  );
  // One deadline for the file, whichever addresses it is tried at.
  const deadline = Date.now() + cfg.timeoutMs;
  for (const address of tried) {
    if (await hasFileProof(host, address, code, cfg, deadline)) return { ok: true, via: 'http' };
  }
  return { ok: false, reason: 'missing' };
};
