import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { msg, type PanelPhotoList } from '@club/contract';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/lib/config.ts';
import { s3MediaStorage } from '../src/modules/media/s3-storage.ts';
import { createMediaStorage } from '../src/modules/media/storage-plugin.ts';
import { variantKeys } from '../src/modules/media/variants.ts';
import { panelLogin } from './fixtures/panel.ts';
import { rawRequest } from './fixtures/raw-http.ts';
import { createTestApp, type TestApp } from './harness.ts';

/*
 * The S3 storage against a real S3 protocol server on 127.0.0.1 (s3rver: objects in a temporary
 * folder), through the AWS SDK exactly as in production; no mock.
 */
const BUCKET = 'klub-media';
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let server: S3rver;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clubshop-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true });
  const { port } = await server.run();
  env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    S3_REGION: 'eu-central-1',
    S3_ACCESS_KEY_ID: KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'on',
  };
  const storage = await s3MediaStorage(loadConfig(env).s3!);
  await storage.client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  storage.client.destroy();
});
afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('uses S3 when S3_BUCKET is set, the media folder otherwise', async () => {
    expect((await createMediaStorage(loadConfig({}))).kind).toBe('local');
    expect((await createMediaStorage(loadConfig(env))).kind).toBe('s3');
    expect(loadConfig(env).s3).toEqual({
      endpoint: env.S3_ENDPOINT,
      bucket: BUCKET,
      region: 'eu-central-1',
      ...KEYS,
      forcePathStyle: true,
      timeoutMs: 15_000,
    });
    expect(() => loadConfig({ ...env, S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ ...env, S3_BUCKET: 'Zła Nazwa' })).toThrow(/S3_BUCKET/);
  });
});

describe('S3 media storage', () => {
  it('puts, gets, lists and deletes objects with their content type', async () => {
    const storage = await s3MediaStorage(loadConfig(env).s3!);
    try {
      const data = Buffer.from('obrazek');
      await storage.put('demo/test/a/1.jpg', data, 'image/jpeg');
      await storage.put('demo/test/a/2.webp', Buffer.from('webp'), 'image/webp');
      await storage.put('demo/test/b/3.jpg', Buffer.from('inny'), 'image/jpeg');
      const got = await storage.get('demo/test/a/1.jpg');
      expect(got).not.toBeNull();
      expect(got!.contentType).toBe('image/jpeg');
      expect(got!.size).toBe(data.length);
      expect(got!.etag).toMatch(/^".+"$/);
      expect((await buffer(got!.body)).equals(data)).toBe(true);
      expect((await storage.list('demo/test/a/')).sort()).toEqual([
        'demo/test/a/1.jpg',
        'demo/test/a/2.webp',
      ]);
      await storage.delete('demo/test/a/1.jpg');
      expect(await storage.get('demo/test/a/1.jpg')).toBeNull();
      // Deleting what is not there is no error.
      await storage.delete('demo/test/a/1.jpg');
      expect(await storage.list('demo/test/a/')).toEqual(['demo/test/a/2.webp']);
      expect(await storage.get('demo/nie-ma.jpg')).toBeNull();
      await expect(storage.put('demo/../poza.jpg', data, 'image/jpeg')).rejects.toThrow(/invalid media key/);
    } finally {
      storage.client.destroy();
    }
  });
});

describe('a shop with S3 media', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { env });
  });
  afterAll(() => t?.close());

  it('stores an uploaded photo in the bucket and serves it at its /static path', async () => {
    expect(t.app.media.kind).toBe('s3');
    const owner = await panelLogin(t);
    const products = (await (await t.fetch('/api/centauri/sklepyonline/getProdukty/0/1')).json()) as {
      Id: number;
    }[];
    const productId = products[0]!.Id;
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0a6' } })
      .jpeg()
      .toBuffer();
    const f = new FormData();
    f.append('Pliki', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'szalik.jpg');
    const res = await owner.fetch(`/api/panel/products/${productId}/photos`, { method: 'POST', body: f });
    expect(res.status, await res.clone().text()).toBe(200);
    const photo = ((await res.json()) as PanelPhotoList).Items.at(-1)!;

    // In the bucket, under the spec's path, with every variant.
    const listed = await (t.app.media as Awaited<ReturnType<typeof s3MediaStorage>>).client.send(
      new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `demo/wyrobzdjecie/${productId}/${photo.Id}/` }),
    );
    const keys = variantKeys('demo', productId, photo.Id, photo.Nazwa).map((v) => v.key);
    expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual([...keys].sort());
    const object = await (t.app.media as Awaited<ReturnType<typeof s3MediaStorage>>).client.send(
      new GetObjectCommand({
        Bucket: BUCKET,
        Key: `demo/wyrobzdjecie/${productId}/${photo.Id}/600_600_szalik.jpg`,
      }),
    );
    expect(object.ContentType).toBe('image/jpeg');
    const stored = Buffer.from(await object.Body!.transformToByteArray());

    // Streamed back through /static with the usual headers.
    const served = await t.fetch(photo.Url, { org: null });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
    const etag = served.headers.get('etag')!;
    const head = await t.fetch(photo.Url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const cached = await rawRequest(t.url, photo.Url, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    const webp = await t.fetch(photo.Url.replace('600_600_szalik.jpg', '150_150_szalik.webp'));
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(150);

    // Deleting the photo deletes its objects.
    const del = await owner.fetch(`/api/panel/products/${productId}/photos/${photo.Id}`, {
      method: 'DELETE',
    });
    expect(del.status).toBe(200);
    await del.text();
    expect(await t.app.media.list(`demo/wyrobzdjecie/${productId}/${photo.Id}/`)).toEqual([]);
    expect((await t.fetch(photo.Url)).status).toBe(404);
  });

  it('answers 404 JSON for missing objects, folders and traversal attempts', async () => {
    for (const path of [
      '/static/demo/wyrobzdjecie/1/1/600_600_nie-ma.jpg',
      '/static/demo/',
      '/static/',
      '/static/..%2f..%2fpackage.json',
      '/static/demo/%2e%2e/rywal/logo/logo.png',
      '/static/demo/.ukryty',
    ]) {
      const res = await rawRequest(t.url, path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body), path).toEqual({ Message: msg.notFound });
    }
  });
});
