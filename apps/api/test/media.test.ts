import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { msg } from '@club/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema.ts';
import { rawRequest } from './fixtures/raw-http.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
const cleanup: string[] = [];

const PNG = [0x89, 0x50, 0x4e, 0x47];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (buf: Buffer, magic: number[]) => magic.every((b, i) => buf[i] === b);

const fetchBytes = async (path: string, init: Parameters<TestApp['fetch']>[1] = {}) => {
  const res = await t.fetch(path, init);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
};

/** Sends the path exactly as written: fetch() would resolve `..` before it leaves the client. */
const rawGet = (path: string, headers: Record<string, string> = {}) => rawRequest(t.url, path, { headers });

const demoPhoto = async () => {
  const [row] = await t.app.db
    .select({
      productId: s.productPhotos.productId,
      photoId: s.productPhotos.id,
      fileName: s.productPhotos.fileName,
    })
    .from(s.productPhotos)
    .innerJoin(s.organisations, eq(s.organisations.id, s.productPhotos.organisationId))
    .where(eq(s.organisations.alias, 'demo'))
    .orderBy(asc(s.productPhotos.id))
    .limit(1);
  return row!;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const f of cleanup) rmSync(f, { force: true, recursive: true });
  await t.close();
});

describe('/static', () => {
  it('serves a seeded product photo as a long-cached JPEG', async () => {
    const p = await demoPhoto();
    const res = await fetchBytes(
      `/static/demo/wyrobzdjecie/${p.productId}/${p.photoId}/600_600_${p.fileName}`,
      { org: null },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(startsWith(res.bytes, JPEG)).toBe(true);
  });

  it('answers HEAD and conditional requests', async () => {
    const p = await demoPhoto();
    const path = `/static/demo/wyrobzdjecie/${p.productId}/${p.photoId}/600_600_${p.fileName}`;
    const head = await fetchBytes(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    const etag = head.headers.get('etag');
    expect(etag).toBeTruthy();
    // fetch() would add `Cache-Control: no-cache` to a conditional request; a browser cache does not.
    expect((await rawGet(path, { 'if-none-match': etag! })).status).toBe(304);
  });

  it('answers 404 with the JSON error body for a missing file', async () => {
    const res = await t.fetch('/static/demo/wyrobzdjecie/1/1/600_600_nie-ma.jpg');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ Message: msg.notFound });
  });

  it('never lists a directory', async () => {
    const p = await demoPhoto();
    for (const path of [
      '/static/',
      '/static',
      '/static/demo',
      '/static/demo/',
      `/static/demo/wyrobzdjecie/${p.productId}/`,
    ]) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body)).toEqual({ Message: msg.notFound });
    }
  });

  it('does not serve dotfiles', async () => {
    const file = join(t.config.mediaDir, 'demo', `.ukryty-${randomBytes(4).toString('hex')}`);
    writeFileSync(file, 'TAJNE');
    cleanup.push(file);
    const res = await rawGet(`/static/demo/${file.split('/').pop()}`);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('TAJNE');
  });

  it('refuses path traversal in every spelling', async () => {
    // A file right next to the media folder: one `..` away from being served.
    const name = `sekret-${randomBytes(4).toString('hex')}.txt`;
    const secret = join(dirname(t.config.mediaDir), name);
    writeFileSync(secret, 'SEKRETNA-ZAWARTOSC');
    cleanup.push(secret);
    const attempts = [
      `/static/../${name}`,
      `/static/demo/../../${name}`,
      `/static/..%2f${name}`,
      `/static/..%2F${name}`,
      `/static/%2e%2e/${name}`,
      `/static/%2e%2e%2f${name}`,
      `/static/demo/%2e%2e%2f%2e%2e%2f${name}`,
      `/static/..%5c${name}`,
      `/static/%252e%252e%252f${name}`,
      `/static/....//${name}`,
      `/static/%00/../${name}`,
      '/static/../package.json',
      '/static/../../package.json',
      '/static/%2e%2e/%2e%2e/package.json',
      '/static/..%2f..%2f..%2fpackage.json',
      '/static/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc/passwd',
      '/assets/../package.json',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/%2e%2e/package.json',
    ];
    for (const path of attempts) {
      const res = await rawGet(path);
      if (process.env.DEBUG_MEDIA) console.log(res.status, path, res.body);
      expect([400, 403, 404], path).toContain(res.status);
      expect(res.body, path).not.toContain('SEKRETNA');
      expect(res.body, path).not.toContain('"dependencies"');
      expect(res.body, path).not.toContain('root:');
      expect(() => JSON.parse(res.body), path).not.toThrow();
    }
    // The plain `..` spellings in particular are a 404, like any missing file.
    for (const path of [`/static/..%2f${name}`, `/static/%2e%2e/${name}`, '/static/../package.json']) {
      expect((await rawGet(path)).status, path).toBe(404);
    }
  });

  it("serves another club's files only under that club's alias", async () => {
    const [rival] = await t.app.db
      .select({
        productId: s.productPhotos.productId,
        photoId: s.productPhotos.id,
        fileName: s.productPhotos.fileName,
      })
      .from(s.productPhotos)
      .innerJoin(
        s.organisations,
        and(eq(s.organisations.id, s.productPhotos.organisationId), eq(s.organisations.alias, 'rywal')),
      )
      .limit(1);
    const tail = `wyrobzdjecie/${rival!.productId}/${rival!.photoId}/600_600_${rival!.fileName}`;
    expect((await fetchBytes(`/static/rywal/${tail}`)).status).toBe(200);
    expect((await fetchBytes(`/static/demo/${tail}`)).status).toBe(404);
  });
});

describe('/assets', () => {
  it('serves the placeholder image with a day-long cache', async () => {
    const res = await fetchBytes('/assets/images/no-image.png', { org: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(startsWith(res.bytes, PNG)).toBe(true);
    expect(res.bytes.length).toBeLessThan(10_000);
    // 600×600: width and height sit in the IHDR chunk.
    expect(res.bytes.readUInt32BE(16)).toBe(600);
    expect(res.bytes.readUInt32BE(20)).toBe(600);
  });

  it('answers 404 JSON for a missing asset and never lists the folder', async () => {
    for (const path of ['/assets/images/nie-ma.png', '/assets/images/', '/assets/']) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body)).toEqual({ Message: msg.notFound });
    }
  });
});

describe('stronyfrontend/logo', () => {
  const L = '/api/cms/stronyfrontend/logo';

  it('returns the logo image of the club named by p', async () => {
    for (const which of ['main', 'footer']) {
      const res = await fetchBytes(`${L}/${which}?p=demo`, { org: null });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(startsWith(res.bytes, PNG)).toBe(true);
    }
  });

  it('serves the same bytes as the media file, and different logos per club and kind', async () => {
    const main = await fetchBytes(`${L}/main?p=demo`);
    const file = await fetchBytes('/static/demo/logo/logo.png');
    expect(main.bytes.equals(file.bytes)).toBe(true);
    const footer = await fetchBytes(`${L}/footer?p=demo`);
    const rival = await fetchBytes(`${L}/main?p=rywal`);
    expect(footer.bytes.equals(main.bytes)).toBe(false);
    expect(rival.bytes.equals(main.bytes)).toBe(false);
  });

  it("uses the request's club when p is absent", async () => {
    const viaHeader = await fetchBytes(`${L}/main`, { org: 'rywal' });
    const viaOrigin = await fetchBytes(`${L}/main`, {
      org: null,
      headers: { 'x-origin': 'rywal.localhost' },
    });
    const rival = await fetchBytes(`${L}/main?p=rywal`);
    expect(viaHeader.status).toBe(200);
    expect(viaHeader.bytes.equals(rival.bytes)).toBe(true);
    expect(viaOrigin.bytes.equals(rival.bytes)).toBe(true);
  });

  it('answers 404 for an unknown club and 400 for a malformed p', async () => {
    const unknown = await t.fetch(`${L}/main?p=nie-ma-takiego`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ Message: msg.organisationNotFound });
    const long = await t.fetch(`${L}/main?p=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    await long.text();
  });

  it('answers 404 when the club has no logo, or its file is missing or unsafe', async () => {
    const rivalId = (
      await t.app.db.select().from(s.organisations).where(eq(s.organisations.alias, 'rywal'))
    )[0]!.id;
    const set = async (values: Partial<typeof s.organisations.$inferInsert>) => {
      await t.app.db.update(s.organisations).set(values).where(eq(s.organisations.id, rivalId));
      t.app.tenants.invalidate();
    };
    for (const logoMain of [null, 'nie-ma.png', '../../demo/logo/logo.png', 'logo.svg']) {
      await set({ logoMain });
      const res = await t.fetch(`${L}/main?p=rywal`);
      expect(res.status, String(logoMain)).toBe(404);
      expect(await res.json()).toEqual({ Message: msg.notFound });
    }
    // The footer logo is independent of the main one.
    expect((await fetchBytes(`${L}/footer?p=rywal`)).status).toBe(200);
    await set({ logoMain: 'logo.png' });
    expect((await fetchBytes(`${L}/main?p=rywal`)).status).toBe(200);
  });

  it('serves a JPEG logo with its own content type', async () => {
    const p = await demoPhoto();
    const photo = await fetchBytes(
      `/static/demo/wyrobzdjecie/${p.productId}/${p.photoId}/600_600_${p.fileName}`,
    );
    const name = `logo-${randomBytes(4).toString('hex')}.jpg`;
    const file = join(t.config.mediaDir, 'rywal', 'logo', name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, photo.bytes);
    cleanup.push(file);
    const rivalId = (
      await t.app.db.select().from(s.organisations).where(eq(s.organisations.alias, 'rywal'))
    )[0]!.id;
    await t.app.db.update(s.organisations).set({ logoFooter: name }).where(eq(s.organisations.id, rivalId));
    t.app.tenants.invalidate();
    const res = await fetchBytes(`${L}/footer?p=rywal`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.bytes.equals(photo.bytes)).toBe(true);
    await t.app.db
      .update(s.organisations)
      .set({ logoFooter: 'logo-stopka.png' })
      .where(eq(s.organisations.id, rivalId));
    t.app.tenants.invalidate();
  });
});
