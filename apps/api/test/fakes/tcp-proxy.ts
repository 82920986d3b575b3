import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a server (the test's PostgreSQL): `cut()` drops every connection and
 * refuses new ones, as a database that became unreachable; `restore()` listens again on the same
 * port; `freeze()` stops passing what clients send (a request then waits for an answer that
 * never comes, until the cut). Over real sockets, so the shop's driver sees what it sees in a
 * network outage.
 */
export const startTcpProxy = async (target: { host: string; port: number }) => {
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
  };
  let frozen = false;
  const newServer = () =>
    createServer((client) => {
      const upstream = connect(target.port, target.host);
      track(client);
      track(upstream);
      client.on('data', (chunk) => {
        if (!frozen) upstream.write(chunk);
      });
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  let server: Server = newServer();
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  const port = await listen(0);
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return {
    port,
    freeze() {
      frozen = true;
    },
    cut: close,
    async restore() {
      frozen = false;
      server = newServer();
      await listen(port);
    },
    close,
  };
};
