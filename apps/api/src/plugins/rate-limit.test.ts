import { randomInt } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { msg } from '@club/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rateLimitPlugin } from './rate-limit.ts';

const MAX = 3;

/** A tiny app with one limited route; the club is fixed (a fresh id per app, so counters in a shared Redis are new). */
const limitedApp = async (redisUrl: string | undefined, orgId: number, logLines: string[]) => {
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  app.decorateRequest('org', async () => ({ id: orgId }) as never);
  await app.register(rateLimitPlugin, { enabled: true, redisUrl });
  app.get('/x', { config: { rateLimit: { max: MAX, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  await app.ready();
  return app;
};

const hit = async (app: FastifyInstance) => {
  const started = performance.now();
  const res = await app.inject({ url: '/x', remoteAddress: '192.0.2.10' });
  return { status: res.statusCode, body: res.json() as unknown, ms: performance.now() - started };
};

const redisLogLines = (lines: string[]) => lines.filter((l) => l.includes('Redis'));

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

describe('rate limits while Redis is unreachable', () => {
  it('count in process memory, answer at once, and log the outage once', async () => {
    const lines: string[] = [];
    const app = await limitedApp('redis://127.0.0.1:6390', randomInt(1e9), lines);
    apps.push(app);
    const results = [];
    // Spread over ~1.5 s, so ioredis fails several reconnects meanwhile.
    for (let i = 0; i < 8; i++) {
      results.push(await hit(app));
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(results[3]!.body).toMatchObject({ Message: msg.tooManyRequests });
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(500);
    const logged = redisLogLines(lines);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('process memory');
  });

  describe('a Redis that accepts connections but never answers', () => {
    let silent: Server;
    const sockets: Socket[] = [];
    afterAll(async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent?.close(r));
    });

    it('does not stall requests either', async () => {
      silent = createServer((socket) => void sockets.push(socket));
      await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
      const port = (silent.address() as { port: number }).port;
      const app = await limitedApp(`redis://127.0.0.1:${port}`, randomInt(1e9), []);
      apps.push(app);
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await hit(app));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
      expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(500);
    });
  });
});

const probe = new Redis('redis://127.0.0.1:6379', {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
});
probe.on('error', () => {});
const redisUp = await probe
  .connect()
  .then(() => probe.ping())
  .then(
    () => true,
    () => false,
  );
probe.disconnect();

describe.skipIf(!redisUp)('rate limits with a working Redis (127.0.0.1:6379)', () => {
  it('share one counter between two processes of the shop', async () => {
    const orgId = randomInt(1e9);
    const a = await limitedApp('redis://127.0.0.1:6379', orgId, []);
    const b = await limitedApp('redis://127.0.0.1:6379', orgId, []);
    apps.push(a, b);
    const ready = async (app: FastifyInstance) => {
      // The first request may come before the connection is ready; it then counts in memory.
      for (let i = 0; i < 50; i++) {
        if (app.rateLimitRedis?.status === 'ready') return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('Redis did not become ready');
    };
    await Promise.all([ready(a), ready(b)]);
    expect((await hit(a)).status).toBe(200);
    expect((await hit(b)).status).toBe(200);
    expect((await hit(a)).status).toBe(200);
    expect((await hit(b)).status).toBe(429);
    expect((await hit(a)).status).toBe(429);
  });
});
