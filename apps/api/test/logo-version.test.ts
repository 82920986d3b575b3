import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOGO_SHOWN_PX, logoVersion, type PanelSettings, type SiteSettings } from '@club/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PANEL, type PanelClient, panelLogin } from './fixtures/panel.ts';
import { createTestApp, type TestApp } from './harness.ts';

const CMS = '/api/cms/stronyfrontend';

let t: TestApp;
let manager: PanelClient;
// Logos are written and deleted: a media folder of this file's own.
const mediaDir = mkdtempSync(join(tmpdir(), 'clubshop-logo-version-'));
beforeAll(async () => {
  t = await createTestApp({ mediaDir });
  manager = await panelLogin(t, { role: 'manager' });
});
afterAll(() => t?.close());

const upload = async (colour: { r: number; g: number; b: number }, width = 120, height = 60) => {
  const png = await sharp({
    create: { width, height, channels: 4, background: { ...colour, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('Plik', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'herb.png');
  const res = await manager.fetch(`${PANEL}/settings/logo/main`, { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PanelSettings;
};
const versions = async () =>
  ((await (await t.fetch(`${CMS}/get`, { org: 'demo' })).json()) as SiteSettings).WersjeLogo;
const firstPixel = async (res: Response) => {
  const { data } = await sharp(Buffer.from(await res.arrayBuffer()))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [data[0], data[1], data[2]];
};

describe('logo versions', () => {
  it('a replaced logo gets a new version; only the current version is cached for good', async () => {
    const red = await upload({ r: 255, g: 0, b: 0 });
    const v1 = (await versions())?.main;
    expect(v1).toBe(logoVersion(red.LogoGlowne));
    expect(v1).toMatch(/^main-[0-9a-f]{12}$/);
    const cached = await t.fetch(`${CMS}/logo/main?p=demo&v=${v1}`);
    expect(cached.status).toBe(200);
    expect(cached.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await firstPixel(cached)).toEqual([255, 0, 0]);

    const blue = await upload({ r: 0, g: 0, b: 255 });
    // The storefront's settings name the new version at once: its pages ask for a new address.
    const v2 = (await versions())?.main;
    expect(v2).toBe(logoVersion(blue.LogoGlowne));
    expect(v2).not.toBe(v1);
    const fresh = await t.fetch(`${CMS}/logo/main?p=demo&v=${v2}`);
    expect(fresh.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await firstPixel(fresh)).toEqual([0, 0, 255]);

    // An old page's address: the current picture, never kept under the old version.
    const stale = await t.fetch(`${CMS}/logo/main?p=demo&v=${v1}`);
    expect(stale.headers.get('cache-control')).toBe('no-cache');
    expect(await firstPixel(stale)).toEqual([0, 0, 255]);
    // The spec's address without a version: a day, as before.
    expect((await t.fetch(`${CMS}/logo/main?p=demo`)).headers.get('cache-control')).toBe(
      'public, max-age=86400',
    );

    // Removed: no version, and the storefront's logo answers 404.
    await manager.fetch(`${PANEL}/settings/logo/main`, { method: 'DELETE' });
    expect((await versions())?.main).toBe('');
    expect((await t.fetch(`${CMS}/logo/main?p=demo&v=${v2}`)).status).toBe(404);
  });

  it('pages get a small WebP copy of the logo; a logo stored without one is sent as it is', async () => {
    const logoFiles = () => readdirSync(join(mediaDir, 'demo', 'logo')).sort();
    const first = await upload({ r: 0, g: 128, b: 0 }, 800, 400);
    const v1 = (await versions())!.main;
    expect(first.LogoGlowne).toBe(`${v1}.png`);
    const shown = await t.fetch(`${CMS}/logo/main?p=demo&v=${v1}&f=webp`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/webp');
    expect(shown.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await shown.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: LOGO_SHOWN_PX, height: LOGO_SHOWN_PX / 2 });
    const original = await t.fetch(`${CMS}/logo/main?p=demo&v=${v1}`);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(800);
    expect(logoFiles()).toContain(`${v1}-shown.webp`);

    // A replaced logo takes its copy along.
    await upload({ r: 0, g: 0, b: 128 }, 800, 400);
    const v2 = (await versions())!.main;
    expect(logoFiles().filter((f) => f.startsWith(v1))).toEqual([]);

    // A logo stored before copies were made: the page's address still shows it, as PNG.
    rmSync(join(mediaDir, 'demo', 'logo', `${v2}-shown.webp`));
    const fallback = await t.fetch(`${CMS}/logo/main?p=demo&v=${v2}&f=webp`);
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get('content-type')).toBe('image/png');

    await manager.fetch(`${PANEL}/settings/logo/main`, { method: 'DELETE' });
    expect(existsSync(join(mediaDir, 'demo', 'logo', `${v2}.png`))).toBe(false);
    expect((await t.fetch(`${CMS}/logo/main?p=demo&f=webp`)).status).toBe(404);
  });
});
