import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { fillMessage, MAX_PHOTO_MB, MAX_PHOTOS_PER_UPLOAD, msg, type PanelPhotoList } from '@club/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema.ts';
import { variantKeys } from '../src/modules/media/variants.ts';
import { mountWeb, WEB_SERVER_ENTRY } from '../src/web.ts';
import { type PanelClient, panelLogin } from './fixtures/panel.ts';
import { createTestApp, login, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const S = '/api/centauri/sklepyonline';
const photos = (id: number) => `/api/panel/products/${id}/photos`;

/** A JPEG carrying EXIF with a GPS position and an author: none of it may survive the upload. */
export const jpegWithExif = (width = 800, height = 500) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({
      IFD0: { Artist: 'Jan Tajny', Copyright: 'TAJNE-EXIF' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 13/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '21/1 0/1 0/1',
      },
    })
    .toBuffer();
const png = (width = 300, height = 600) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** A real 1x1 PNG whose header claims `side` x `side` pixels: a decompression bomb as far as the header goes. */
const pngClaiming = async (side: number) => {
  const buf = Buffer.from(await png(1, 1));
  // IHDR: length (8), type (12), width (16), height (20), ..., CRC over type+data at 29.
  buf.writeUInt32BE(side, 16);
  buf.writeUInt32BE(side, 20);
  buf.writeUInt32BE(crc32(buf.subarray(12, 29)), 29);
  return buf;
};

const form = (...files: [Buffer, string, string?][]) => {
  const f = new FormData();
  for (const [bytes, name, type] of files)
    f.append('Pliki', new Blob([new Uint8Array(bytes)], { type: type ?? 'image/jpeg' }), name);
  return f;
};

/** The storefront's pages are checked too when it is built (`npm run build`). */
const built = existsSync(WEB_SERVER_ENTRY);
let t: TestApp;
let owner: PanelClient;
let manager: PanelClient;
let productId: number;
let rivalProductId: number;

const productOf = async (alias: string) => {
  const [row] = await t.app.db
    .select({ id: s.products.id })
    .from(s.products)
    .innerJoin(s.organisations, eq(s.organisations.id, s.products.organisationId))
    .where(eq(s.organisations.alias, alias))
    .orderBy(asc(s.products.id))
    .limit(1);
  return row!.id;
};

const list = async (client: PanelClient, id = productId) => {
  const res = await client.fetch(photos(id));
  expect(res.status).toBe(200);
  return (await res.json()) as PanelPhotoList;
};

const upload = (
  client: PanelClient,
  body: FormData | string,
  id = productId,
  headers?: Record<string, string>,
) => client.fetch(photos(id), { method: 'POST', body, headers });

const auditRows = (entity: string) =>
  t.app.db.select().from(s.auditLog).where(eq(s.auditLog.entity, entity)).orderBy(desc(s.auditLog.id));

beforeAll(async () => {
  // A media folder of its own: photo ids of this database must not meet other test files' files.
  t = await createTestApp(
    { mediaDir: mkdtempSync(join(tmpdir(), 'clubshop-photos-')) },
    { beforeListen: built ? mountWeb : undefined },
  );
  owner = await panelLogin(t);
  manager = await panelLogin(t, { role: 'manager' });
  productId = await productOf('demo');
  rivalProductId = await productOf('rywal');
});
afterAll(() => t?.close());

describe('panel photos: upload', () => {
  it('takes several photos at once, renders every variant and keeps no EXIF or GPS', async () => {
    const before = await list(owner);
    const res = await upload(
      manager,
      form([await jpegWithExif(), 'Koszulka żółta PRZÓD.JPG'], [await png(), 'tył.png', 'image/png']),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await res.json()) as PanelPhotoList;
    expect(after.Total).toBe(before.Total + 2);
    const added = after.Items.slice(-2);
    expect(added.map((p) => p.Nazwa)).toEqual(['koszulka-zolta-przod.jpg', 'tyl.jpg']);
    expect(added.map((p) => p.Pozycja)).toEqual([before.Total, before.Total + 1]);
    expect(after.Items.map((p) => p.Glowne)).toEqual(after.Items.map((_, i) => i === 0));

    for (const photo of added) {
      expect(photo.Url).toBe(`/static/demo/wyrobzdjecie/${productId}/${photo.Id}/600_600_${photo.Nazwa}`);
      const keys = variantKeys('demo', productId, photo.Id, photo.Nazwa);
      expect(keys).toHaveLength(6);
      for (const v of keys) {
        const object = await t.app.media.get(v.key);
        expect(object, v.key).not.toBeNull();
        const bytes = await buffer(object!.body);
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe(v.type === 'image/webp' ? 'webp' : 'jpeg');
        expect([meta.width, meta.height]).toEqual([v.size, v.size]);
        expect(meta.exif).toBeUndefined();
        expect(bytes.includes(Buffer.from('TAJNE-EXIF'))).toBe(false);
        expect(bytes.includes(Buffer.from('Jan Tajny'))).toBe(false);
      }
      // Served under the spec's path, and its WebP sibling too.
      const served = await t.fetch(photo.Url, { org: null });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      const webp = await t.fetch(photo.Url.replace('600_600_', '300_300_').replace(/\.jpg$/, '.webp'));
      expect(webp.status).toBe(200);
      expect(webp.headers.get('content-type')).toBe('image/webp');
      await webp.arrayBuffer();
    }
    // The source JPEG did carry the EXIF that is now gone.
    expect((await sharp(await jpegWithExif()).metadata()).exif).toBeDefined();

    const audit = await auditRows('photo');
    const created = audit.filter((a) => a.action === 'create').slice(0, 2);
    expect(created.map((a) => a.entityId).sort()).toEqual(added.map((p) => String(p.Id)).sort());
    expect(created[0]!.userEmail).toBe(manager.user.Email);
    expect(created[0]!.after).toMatchObject({ IdWyrob: productId });
  });

  it('refuses a wrong type, whatever the name or declared type says, with a Polish message', async () => {
    const before = await list(owner);
    const cases: [Buffer, string, string][] = [
      [Buffer.from('to nie jest obraz, tylko tekst'), 'zdjecie.jpg', 'image/jpeg'],
      [
        await sharp(await png())
          .gif()
          .toBuffer(),
        'animacja.png',
        'image/png',
      ],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.webp',
        'image/webp',
      ],
    ];
    for (const [bytes, name, type] of cases) {
      const res = await upload(owner, form([bytes, name, type]));
      expect(res.status, name).toBe(415);
      expect(await res.json()).toEqual({ Message: fillMessage(msg.photoWrongType, { plik: name }) });
    }
    expect((await list(owner)).Total).toBe(before.Total);
  });

  it('refuses a corrupt image, a too large file and a decompression bomb', async () => {
    const before = await list(owner);
    const jpeg = await jpegWithExif();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 3));
    const corrupt = await upload(
      owner,
      form([await png(), 'dobre.png', 'image/png'], [truncated, 'ucięte.jpg']),
    );
    expect(corrupt.status).toBe(400);
    expect(await corrupt.json()).toEqual({ Message: fillMessage(msg.photoCorrupt, { plik: 'ucięte.jpg' }) });

    const big = Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_MB * 1024 * 1024)]);
    const tooLarge = await upload(owner, form([big, 'ogromne.jpg']));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({
      Message: fillMessage(msg.photoTooLarge, { plik: 'ogromne.jpg', mb: String(MAX_PHOTO_MB) }),
    });

    const bomb = await upload(owner, form([await pngClaiming(30_000), 'bomba.png', 'image/png']));
    expect(bomb.status).toBe(413);
    expect(await bomb.json()).toEqual({
      Message: fillMessage(msg.photoTooManyPixels, { plik: 'bomba.png' }),
    });

    // One bad file refuses the whole upload: the good PNG sent with the corrupt JPEG was not kept.
    expect((await list(owner)).Total).toBe(before.Total);
  });

  it('refuses too many files, no files and a body that is not multipart', async () => {
    const small = await png(10, 10);
    const many = form(
      ...Array.from({ length: MAX_PHOTOS_PER_UPLOAD + 1 }, (_, i): [Buffer, string, string] => [
        small,
        `${i}.png`,
        'image/png',
      ]),
    );
    const tooMany = await upload(owner, many);
    expect(tooMany.status).toBe(413);
    expect(await tooMany.json()).toEqual({
      Message: fillMessage(msg.photoTooManyFiles, { ile: String(MAX_PHOTOS_PER_UPLOAD) }),
    });

    const none = new FormData();
    none.append('Opis', 'bez plików');
    const empty = await upload(owner, none);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ Message: msg.photoNoFiles });

    const json = await upload(owner, JSON.stringify({ Pliki: [] }), productId, {
      'content-type': 'application/json',
    });
    expect(json.status).toBe(415);
    expect(await json.json()).toEqual({ Message: msg.photoNotMultipart });
  });
});

describe('photos stored before variants existed', () => {
  it('get their smaller and WebP variants rendered from the 600x600 JPEG on first request', async () => {
    const res0 = await upload(owner, form([await png(), 'stare.png', 'image/png']));
    const photo = ((await res0.json()) as PanelPhotoList).Items.at(-1)!;
    const [original, ...rest] = variantKeys('demo', productId, photo.Id, photo.Nazwa);
    const originalBytes = await buffer((await t.app.media.get(original!.key))!.body);
    for (const v of rest) await t.app.media.delete(v.key);
    const webp = rest.find((v) => v.size === 300 && v.type === 'image/webp')!;
    const res = await t.fetch(`/static/${webp.key}`, { org: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(300);
    for (const v of rest) expect(await t.app.media.get(v.key), v.key).not.toBeNull();
    // The original is left as it was.
    expect((await buffer((await t.app.media.get(original!.key))!.body)).equals(originalBytes)).toBe(true);
  });

  it('renders nothing for a photo that does not exist or a name that is not a variant', async () => {
    const photo = (await list(owner)).Items.at(-1)!;
    const stem = photo.Nazwa.replace(/\.jpg$/, '');
    const folder = `demo/wyrobzdjecie/${productId}/${photo.Id}/`;
    const before = (await t.app.media.list(folder)).sort();
    for (const path of [
      `/static/${folder}999_999_${photo.Nazwa}`,
      `/static/${folder}300_300_inny.webp`,
      `/static/demo/wyrobzdjecie/${productId}/999999/300_300_${stem}.webp`,
      `/static/rywal/wyrobzdjecie/${productId}/${photo.Id}/300_300_${stem}.webp`,
    ]) {
      const res = await t.fetch(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ Message: msg.notFound });
    }
    expect((await t.app.media.list(folder)).sort()).toEqual(before);
  });
});

describe('panel photos: order, main photo, delete', () => {
  it('reorders, and the first photo is the storefront main photo', async () => {
    const before = await list(owner);
    expect(before.Total).toBeGreaterThanOrEqual(3);
    const reversed = before.Items.map((p) => p.Id).reverse();
    const res = await owner.fetch(`${photos(productId)}/order`, {
      method: 'PUT',
      json: { Kolejnosc: reversed },
    });
    expect(res.status).toBe(200);
    const after = (await res.json()) as PanelPhotoList;
    expect(after.Items.map((p) => p.Id)).toEqual(reversed);
    expect(after.Items.map((p) => p.Pozycja)).toEqual(reversed.map((_, i) => i));
    const product = (await (await t.fetch(`${S}/pokazProdukt/${productId}`)).json()) as {
      Zdjecie: { Id: number };
      Zalaczniki: { Id: number }[];
    };
    expect(product.Zdjecie.Id).toBe(reversed[0]);
    expect(product.Zalaczniki.map((p) => p.Id)).toEqual(reversed);
    const [audit] = await auditRows('photo');
    expect(audit).toMatchObject({ action: 'reorder', entityId: String(productId) });
    expect(audit!.before).toEqual({ IdWyrob: productId, Kolejnosc: before.Items.map((p) => p.Id) });
    expect(audit!.after).toEqual({ IdWyrob: productId, Kolejnosc: reversed });
  });

  it('refuses an order that is not every photo exactly once', async () => {
    const ids = (await list(owner)).Items.map((p) => p.Id);
    for (const Kolejnosc of [ids.slice(1), [...ids, ids[0]!], [...ids.slice(1), 999_999]]) {
      const res = await owner.fetch(`${photos(productId)}/order`, { method: 'PUT', json: { Kolejnosc } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { Message: string }).Message).toBe(msg.photoOrderMismatch);
    }
    expect((await list(owner)).Items.map((p) => p.Id)).toEqual(ids);
  });

  it('makes a photo the main one, the others keeping their order', async () => {
    const ids = (await list(owner)).Items.map((p) => p.Id);
    const chosen = ids[2]!;
    const res = await owner.fetch(`${photos(productId)}/${chosen}/main`, { method: 'POST' });
    expect(res.status).toBe(200);
    const after = (await res.json()) as PanelPhotoList;
    expect(after.Items.map((p) => p.Id)).toEqual([chosen, ...ids.filter((id) => id !== chosen)]);
    expect(after.Items[0]!.Glowne).toBe(true);
    const tile = (
      (await (await t.fetch(`${S}/getProdukty/0/100`)).json()) as { Id: number; Zdjecie: { Id: number } }[]
    ).find((p) => p.Id === productId);
    expect(tile?.Zdjecie.Id).toBe(chosen);
    const [audit] = await auditRows('photo');
    expect(audit).toMatchObject({
      action: 'update',
      entityId: String(chosen),
      after: { IdWyrob: productId, Glowne: chosen },
    });
    const missing = await owner.fetch(`${photos(productId)}/999999/main`, { method: 'POST' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ Message: msg.photoNotFound });
  });

  it('deletes a photo with its files', async () => {
    const before = await list(owner);
    const victim = before.Items[before.Items.length - 1]!;
    const res = await owner.fetch(`${photos(productId)}/${victim.Id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    const after = (await res.json()) as PanelPhotoList;
    expect(after.Items.map((p) => p.Id)).toEqual(before.Items.slice(0, -1).map((p) => p.Id));
    for (const v of variantKeys('demo', productId, victim.Id, victim.Nazwa))
      expect(await t.app.media.get(v.key)).toBeNull();
    expect((await t.fetch(victim.Url)).status).toBe(404);
    const [audit] = await auditRows('photo');
    expect(audit).toMatchObject({
      action: 'delete',
      entityId: String(victim.Id),
      userEmail: owner.user.Email,
    });
    const again = await owner.fetch(`${photos(productId)}/${victim.Id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ Message: msg.photoNotFound });
  });
});

describe('panel photos: who may', () => {
  it('answers 401 without a panel session and 403 for a customer ticket or another club', async () => {
    const anonymous = await t.fetch(photos(productId));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ Message: msg.unauthorized });

    const ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const customer = await t.fetch(photos(productId), { ticket });
    expect(customer.status).toBe(403);
    await customer.text();

    const rival = await panelLogin(t, { org: 'rywal' });
    const foreign = await rival.fetch(photos(productId), { org: 'demo' });
    expect(foreign.status).toBe(403);
    await foreign.text();
    const foreignUpload = await rival.fetch(photos(productId), {
      org: 'demo',
      method: 'POST',
      body: form([await png(), 'x.png']),
    });
    expect(foreignUpload.status).toBe(403);
    await foreignUpload.text();
  });

  it("answers 404 for another club's product, and changes nothing there", async () => {
    const rivalBefore = await t.app.db
      .select()
      .from(s.productPhotos)
      .where(and(eq(s.productPhotos.productId, rivalProductId)));
    for (const res of [
      await owner.fetch(photos(rivalProductId)),
      await upload(owner, form([await png(), 'obce.png', 'image/png']), rivalProductId),
      await owner.fetch(`${photos(rivalProductId)}/order`, {
        method: 'PUT',
        json: { Kolejnosc: rivalBefore.map((p) => p.id) },
      }),
      await owner.fetch(`${photos(rivalProductId)}/${rivalBefore[0]!.id}/main`, { method: 'POST' }),
      await owner.fetch(`${photos(rivalProductId)}/${rivalBefore[0]!.id}`, { method: 'DELETE' }),
      // A rival photo id under one of our products names nothing either.
      await owner.fetch(`${photos(productId)}/${rivalBefore[0]!.id}`, { method: 'DELETE' }),
    ]) {
      expect(res.status).toBe(404);
      expect([msg.productNotFound, msg.photoNotFound]).toContain(
        ((await res.json()) as { Message: string }).Message,
      );
    }
    const rivalAfter = await t.app.db
      .select()
      .from(s.productPhotos)
      .where(eq(s.productPhotos.productId, rivalProductId));
    expect(rivalAfter).toEqual(rivalBefore);
  });
});

describe.skipIf(!built)('storefront', () => {
  it('serves the product gallery and the list tiles with a sized WebP srcset, the 600x600 JPEG as src', async () => {
    const main = (await list(owner)).Items[0]!;
    const stem = main.Nazwa.replace(/\.jpg$/, '');
    const base = `/static/demo/wyrobzdjecie/${productId}/${main.Id}/`;
    for (const page of [`/produkt/${productId}`, '/produkty']) {
      const html = await (await t.fetch(page)).text();
      expect(html, page).toContain(`<source type="image/webp"`);
      expect(html, page).toMatch(new RegExp(`srcset="[^"]*${base}300_300_${stem}\\.webp 300w`, 'i'));
      expect(html, page).toMatch(new RegExp(`srcset="[^"]*${base}150_150_${stem}\\.webp 150w`, 'i'));
      expect(html, page).toContain(`src="${base}600_600_${main.Nazwa}"`);
      expect(html, page).not.toContain(`${base}150_150_${main.Nazwa}`);
    }
  });
});
