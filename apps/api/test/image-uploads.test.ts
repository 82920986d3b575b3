// Image uploads cannot exhaust memory: sizes judged from the header before decoding, and every
// upload of the process decoded in one queue of bounded concurrency and bounded wait.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import {
  BANNER_IMAGE_FIELD,
  fillMessage,
  LOGO_UPLOAD_FIELD,
  MAX_IMAGE_ASPECT,
  MAX_IMAGE_SIDE_PX,
  msg,
  type PanelPhotoList,
} from '@club/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstProductIdOf } from './fixtures/orders.ts';
import { type PanelClient, panelLogin } from './fixtures/panel.ts';
import { createTestApp, type TestApp } from './harness.ts';

/** The queue of this file's shop: one image at a time, two more may wait. */
const QUEUE = { concurrency: 1, maxWaiting: 2 };

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};

/**
 * A real, complete PNG of `width` x `height` black pixels (1-bit grey): every row is in its
 * compressed data, so it decodes, yet 20,000,000 x 2 of them are a few kB.
 */
const blackPng = (width: number, height: number) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

const colourPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

const form = (field: string, bytes: Buffer, name: string, type = 'image/png') => {
  const f = new FormData();
  f.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return f;
};

/** The Polish refusal of an image by its size, naming the limit it broke, as the upload answers it. */
const sizeRefusal = (
  message: string,
  plik: string,
  width: number,
  height: number,
  limit: Record<string, string>,
) => fillMessage(message, { plik, szerokosc: String(width), wysokosc: String(height), ...limit });
const sideTooLong = (plik: string, width: number, height: number) =>
  sizeRefusal(msg.imageSideTooLong, plik, width, height, { px: String(MAX_IMAGE_SIDE_PX) });
const tooElongated = (plik: string, width: number, height: number) =>
  sizeRefusal(msg.imageTooElongated, plik, width, height, { ile: String(MAX_IMAGE_ASPECT) });

let t: TestApp;
let owner: PanelClient;
let productId: number;
const photos = () => `/api/panel/products/${productId}/photos`;
const upload = (bytes: Buffer, name: string, type?: string) =>
  owner.fetch(photos(), { method: 'POST', body: form('Pliki', bytes, name, type) });
const photoCount = async () => {
  const res = await owner.fetch(photos());
  return ((await res.json()) as PanelPhotoList).Total;
};

beforeAll(async () => {
  t = await createTestApp({ mediaDir: mkdtempSync(join(tmpdir(), 'clubshop-uploads-')), imageJobs: QUEUE });
  owner = await panelLogin(t);
  productId = await firstProductIdOf(t.app.db, 'demo');
});
afterAll(() => t?.close());

describe('image sizes, judged from the header', () => {
  // First in the file: the process's peak memory so far is what the setup took.
  it('refuses a 20,000,000 x 2 PNG (40 megapixels, a few kB) at once, without decoding it', async () => {
    const bomb = blackPng(20_000_000, 2);
    expect(bomb.length).toBeLessThan(100_000);
    const before = await photoCount();
    const peakBefore = process.resourceUsage().maxRSS;
    const started = performance.now();
    const res = await upload(bomb, 'pasek.png');
    const took = performance.now() - started;
    // Decoding it took ~600 MB more than this process ever held; refused from the header, nothing.
    const grewMb = (process.resourceUsage().maxRSS - peakBefore) / 1024;
    expect(grewMb).toBeLessThan(100);
    expect(took).toBeLessThan(2_000);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      Message: sideTooLong('pasek.png', 20_000_000, 2),
    });
    expect(await photoCount()).toBe(before);
  });

  it('refuses a side over the limit and an image too elongated, in Polish; a banner strip still fits', async () => {
    const long = await upload(await colourPng(13_000, 100), 'dlugi.png');
    expect(long.status).toBe(413);
    expect(await long.json()).toEqual({
      Message: sideTooLong('dlugi.png', 13_000, 100),
    });

    const thin = await upload(await colourPng(190, 4_000), 'waski.png');
    expect(thin.status).toBe(413);
    expect(await thin.json()).toEqual({
      Message: tooElongated('waski.png', 190, 4_000),
    });

    const strip = await upload(await colourPng(2_400, 120), 'pasek-baneru.png');
    expect(strip.status, await strip.clone().text()).toBe(200);
  });

  it('holds for banners and logos too', async () => {
    const long = await colourPng(13_000, 100);
    const banner = await owner.fetch('/api/panel/banners/1/slides', {
      method: 'POST',
      body: form(BANNER_IMAGE_FIELD, long, 'baner.png'),
    });
    expect(banner.status).toBe(413);
    expect(((await banner.json()) as { Message: string }).Message).toBe(
      sideTooLong('baner.png', 13_000, 100),
    );
    const logo = await owner.fetch('/api/panel/settings/logo/main', {
      method: 'POST',
      body: form(LOGO_UPLOAD_FIELD, blackPng(20_000_000, 2), 'logo.png'),
    });
    expect(logo.status).toBe(413);
    expect(((await logo.json()) as { Message: string }).Message).toMatch(/ma za długi bok/);
  });
});

describe('the image queue', () => {
  /** Noise does not compress: a 2000 x 1500 JPEG takes a moment to decode and render. */
  const heavyJpeg = () =>
    sharp({
      create: {
        width: 2000,
        height: 1500,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();

  it('decodes parallel uploads one at a time here, never all at once', async () => {
    const jpeg = await heavyJpeg();
    // libvips' own count of images being processed, read beside the app's counter.
    let libvipsPeak = 0;
    const sample = setInterval(() => {
      libvipsPeak = Math.max(libvipsPeak, sharp.counters().process);
    }, 1);
    try {
      const results = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const res = await upload(jpeg, `rownolegle-${i}.jpg`, 'image/jpeg');
          return { status: res.status, body: (await res.json()) as { Message?: string } };
        }),
      );
      for (const r of results) {
        expect([200, 503], JSON.stringify(r.body)).toContain(r.status);
        if (r.status === 503) expect(r.body).toEqual({ Message: msg.imagesBusy });
      }
      expect(results.some((r) => r.status === 200)).toBe(true);
    } finally {
      clearInterval(sample);
    }
    expect(libvipsPeak).toBeLessThanOrEqual(QUEUE.concurrency);
    expect(t.app.imageJobs.stats().peakRunning).toBe(QUEUE.concurrency);
  }, 90_000);

  it('lets two uploads wait for the place and refuses the next with a Polish 503 at once', async () => {
    // The only place taken (as by a long upload) until the test lets go.
    let release!: () => void;
    const held = t.app.imageJobs.run(() => new Promise<void>((r) => (release = r)));
    try {
      const png = await colourPng(400, 300);
      const waiting = [upload(png, 'czeka-1.png'), upload(png, 'czeka-2.png')];
      // Until both are in line (the queue's own count, not a guess of time).
      const until = Date.now() + 30_000;
      while (t.app.imageJobs.stats().waiting < QUEUE.maxWaiting) {
        expect(Date.now(), 'the uploads never reached the queue').toBeLessThan(until);
        await new Promise((r) => setTimeout(r, 10));
      }
      const refused = await upload(png, 'za-duzo.png');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect(await refused.json()).toEqual({ Message: msg.imagesBusy });
      expect(t.app.imageJobs.stats()).toMatchObject({ running: 1, waiting: QUEUE.maxWaiting });
      release();
      await held;
      for (const res of await Promise.all(waiting)) expect(res.status, await res.text()).toBe(200);
    } finally {
      release();
    }
    expect(t.app.imageJobs.stats()).toMatchObject({ running: 0, waiting: 0, peakRunning: 1 });
  }, 90_000);
});
