// The media storage failing: a hung S3 server (accepts the connection, never answers) costs a
// request at most S3_TIMEOUT_SECONDS and a Polish 503, holds no database lock meanwhile, and is
// logged as the storage's failure, not the database's.
import { createServer, type Server, type Socket } from 'node:net';
import { msg, type PanelPhotoList } from '@club/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema.ts';
import { firstProductIdOf } from './fixtures/orders.ts';
import { type PanelClient, panelLogin } from './fixtures/panel.ts';
import { createTestApp, type TestApp } from './harness.ts';

const TIMEOUT_MS = 1_500;
/** What a request may take beyond the storage's timeout (rendering, the test machine's load). */
const SLACK_MS = 2_500;

/** An "S3 server" that takes every connection and every byte and never answers. */
const hungServer = async () => {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('data', () => requests++);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    /** Requests that reached it so far (each on its own connection, since none is answered). */
    requests: () => requests,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
};

let hung: Awaited<ReturnType<typeof hungServer>>;
let t: TestApp;
let owner: PanelClient;
let productId: number;
const logLines: string[] = [];

beforeAll(async () => {
  hung = await hungServer();
  t = await createTestApp(
    {},
    {
      env: {
        S3_ENDPOINT: hung.url,
        S3_BUCKET: 'klub-media',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'klucz',
        S3_SECRET_ACCESS_KEY: 'sekret',
        S3_FORCE_PATH_STYLE: 'on',
        S3_TIMEOUT_SECONDS: String(TIMEOUT_MS / 1000),
      },
      logStream: { write: (line) => void logLines.push(line) },
    },
  );
  owner = await panelLogin(t);
  productId = await firstProductIdOf(t.app.db, 'demo');
}, 30_000);
afterAll(async () => {
  await t?.close();
  await hung?.close();
});

const timed = async (request: Promise<Response>) => {
  const started = performance.now();
  const res = await request;
  const body = (await res.json()) as { Message: string };
  return { res, body, took: performance.now() - started };
};

/** Waits until the hung server has had a request since `before` counted: the upload is storing. */
const untilStoring = async (before: number) => {
  for (let i = 0; hung.requests() === before; i++) {
    expect(i, 'the upload never reached S3').toBeLessThan(500);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/**
 * Runs `work` in a transaction of a connection of its own: NOWAIT locks there are taken at once,
 * or fail at once if the upload holds them.
 */
const onOtherConnection = async (work: (other: pg.Client) => Promise<void>) => {
  const other = new pg.Client({ connectionString: t.databaseUrl });
  await other.connect();
  try {
    await other.query('BEGIN');
    await work(other);
    await other.query('COMMIT');
  } finally {
    await other.end();
  }
};

describe('a hung S3 server', () => {
  it('a photo answers a Polish 503 within the timeout, logged as the storage failing', async () => {
    const before = hung.requests();
    const { res, body, took } = await timed(
      t.fetch(`/static/demo/wyrobzdjecie/${productId}/1/600_600_koszulka.jpg`, { org: null }),
    );
    expect(hung.requests()).toBeGreaterThan(before);
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(took).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(body).toEqual({ Message: msg.mediaStorageUnavailable });

    const logo = await timed(t.fetch('/api/cms/stronyfrontend/logo/main?p=demo'));
    expect(logo.took).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(logo.res.status).toBe(503);
    expect(logo.body).toEqual({ Message: msg.mediaStorageUnavailable });

    const lines = logLines.map((l) => JSON.parse(l) as { msg: string; storage?: { operation: string } });
    const failures = lines.filter((l) => l.msg === 'media storage unavailable');
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(failures[0]!.storage).toMatchObject({ operation: 'get', name: 'TimeoutError' });
    expect(logLines.filter((l) => /database/i.test(l))).toEqual([]);
  });

  it('an upload answers a Polish 503 within the timeout, keeps no photo and never locks the product meanwhile', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0a6' } })
      .jpeg()
      .toBuffer();
    const f = new FormData();
    f.append('Pliki', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'szalik.jpg');
    const before = hung.requests();
    const upload = timed(owner.fetch(`/api/panel/products/${productId}/photos`, { method: 'POST', body: f }));

    // Until the upload is storing (its PUT reached the server): the product is free meanwhile.
    await untilStoring(before);
    await onOtherConnection(async (other) => {
      const locked = await other.query('SELECT id FROM products WHERE id = $1 FOR UPDATE NOWAIT', [
        productId,
      ]);
      expect(locked.rowCount).toBe(1);
      await other.query('UPDATE products SET updated_at = now() WHERE id = $1', [productId]);
    });

    const { res, body, took } = await upload;
    expect(took).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(res.status).toBe(503);
    expect(body).toEqual({ Message: msg.photoStorageFailed });
    const [{ count }] = (await t.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(s.productPhotos)
      .where(eq(s.productPhotos.productId, productId))) as [{ count: number }];
    const list = (await (
      await owner.fetch(`/api/panel/products/${productId}/photos`)
    ).json()) as PanelPhotoList;
    expect(list.Total).toBe(count);
    expect(list.Items.map((p) => p.Nazwa)).not.toContain('szalik.jpg');
    expect(logLines.filter((l) => /database/i.test(l))).toEqual([]);
  });

  it('a banner slide and a logo answer their Polish 503 within the timeout; the club is not locked meanwhile', async () => {
    const png = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#a06' } })
      .png()
      .toBuffer();
    const form = (name: string) => {
      const f = new FormData();
      f.append('Plik', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
      return f;
    };
    const before = hung.requests();
    const slide = timed(
      owner.fetch('/api/panel/banners/1/slides', { method: 'POST', body: form('baner.png') }),
    );
    await untilStoring(before);
    await onOtherConnection(async (other) => {
      const locked = await other.query(
        "SELECT id FROM organisations WHERE alias = 'demo' FOR NO KEY UPDATE NOWAIT",
      );
      expect(locked.rowCount).toBe(1);
    });

    const { res, body, took } = await slide;
    expect(took).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(res.status).toBe(503);
    expect(body).toEqual({ Message: msg.imageStorageFailed });
    expect(
      await t.app.db.select().from(s.bannerSlides).where(eq(s.bannerSlides.fileName, 'baner.jpg')),
    ).toEqual([]);

    const logo = await timed(
      owner.fetch('/api/panel/settings/logo/main', { method: 'POST', body: form('logo.png') }),
    );
    expect(logo.took).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(logo.res.status).toBe(503);
    expect(logo.body).toEqual({ Message: msg.logoStorageFailed });
  });
});
