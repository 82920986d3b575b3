import { createServer, type Server, type Socket } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import type { MailMessage } from '../../src/modules/mail/message.ts';

/** One message as the server took it: the envelope and the MIME text nodemailer wrote. */
export type Captured = { from: string; to: string[]; data: string };

const firstAddress = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a[0] : a)?.value[0]?.address;

/** A received message read back as data (mailparser does the MIME), as the shop rendered it, files too. */
export const readMessage = async (
  m: Captured,
): Promise<MailMessage & { messageId?: string; fromAddress: string }> => {
  const parsed = await simpleParser(m.data);
  const replyTo = firstAddress(parsed.replyTo);
  const from = parsed.from?.value[0];
  return {
    to: firstAddress(parsed.to) ?? '',
    ...(from?.name && { fromName: from.name }),
    fromAddress: from?.address ?? '',
    ...(replyTo && { replyTo }),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    messageId: parsed.messageId,
    ...(parsed.attachments.length > 0 && {
      attachments: parsed.attachments.map((a) => ({
        filename: a.filename ?? '',
        contentType: a.contentType,
        contentBase64: a.content.toString('base64'),
      })),
    }),
  };
};

/**
 * Just enough SMTP to accept mail from nodemailer (no STARTTLS, no AUTH advertised), over a real
 * socket. `state.rejectRecipients` answers 550 to RCPT; `state.hang` accepts connections and
 * never says a word (a mail server that hangs); `state.rejectData` refuses a whole message at
 * its final "." with a 451 (kept in `rejected`); `state.beforeReply` runs when a message is
 * complete, before the server answers it; `state.beforeDataReply` runs when DATA comes, before the
 * server asks for the message (a slow server). `port` reuses a port, e.g. to bring a server up where
 * the shop already expects one.
 */
export const startSmtp = async (opts: { port?: number } = {}) => {
  const received: Captured[] = [];
  const rejected: Captured[] = [];
  const state = {
    rejectRecipients: false,
    hang: false,
    rejectData: false,
    connections: 0,
    beforeReply: undefined as ((message: Captured) => Promise<void>) | undefined,
    beforeDataReply: undefined as (() => Promise<void>) | undefined,
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (state.hang) return;
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: Captured = { from: '', to: [], data: '' };
    let dataLines: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const message = { ...current, data: dataLines.join('\r\n') };
            current = { from: '', to: [], data: '' };
            const answer = () => {
              if (state.rejectData) {
                rejected.push(message);
                reply('451 Try again later');
              } else {
                received.push(message);
                reply('250 OK: queued');
              }
            };
            if (state.beforeReply) void state.beforeReply(message).finally(answer);
            else answer();
          } else {
            // Undo dot-stuffing.
            dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') reply('250 localhost');
        else if (cmd === 'MAIL') {
          current.from = line.replace(/^MAIL FROM:\s*/i, '');
          reply('250 OK');
        } else if (cmd === 'RCPT') {
          if (state.rejectRecipients) reply('550 No such user');
          else {
            current.to.push(line.replace(/^RCPT TO:\s*/i, ''));
            reply('250 OK');
          }
        } else if (cmd === 'DATA') {
          dataLines = [];
          const answer = () => {
            inData = true;
            reply('354 End data with <CR><LF>.<CR><LF>');
          };
          if (state.beforeDataReply) void state.beforeDataReply().finally(answer);
          else answer();
        } else if (cmd === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 OK');
        } else if (cmd === 'NOOP') reply('250 OK');
        else if (cmd === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejected,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
};

export type FakeSmtp = Awaited<ReturnType<typeof startSmtp>>;

/** A local port nobody listens on (yet): a mail server that is down. */
export const freePort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};
