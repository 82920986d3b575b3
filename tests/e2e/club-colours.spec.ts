// Each club's storefront in its own colours (the two seeded clubs: Sokół on localhost, FC Rywal on
// rywal.localhost), readable (axe with its colour-contrast rule), and the manager's colour fields
// in the panel, which show the contrast and refuse a pair below WCAG AA before anything is sent.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { brandPalette } from '@club/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ClubTheme, PanelColours } from './pages/club-colours.ts';
import { allA11yViolations, logInToPanel } from './pages/panel.ts';
import { PanelSettingsPage, panelApi } from './pages/panel-settings.ts';

const SHOTS = process.env.PANEL_SHOTS_DIR ?? 'test-results/club-colours-screens';
mkdirSync(SHOTS, { recursive: true });

const CLUBS = {
  demo: {
    host: 'localhost',
    colours: { Glowny: '#0b5d3b', TekstNaGlownym: '#ffffff', Akcent: '#f5c400', TekstNaAkcencie: '#1b1f1d' },
  },
  rywal: {
    host: 'rywal.localhost',
    colours: { Glowny: '#8b1e2d', TekstNaGlownym: '#ffffff', Akcent: '#1f2a44', TekstNaAkcencie: '#ffffff' },
  },
} as const;

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};
const originOf = (baseURL: string, host: string) => baseURL.replace('//localhost', `//${host}`);
const width = (page: Page) => page.viewportSize()!.width;

test.describe('each club in its own colours', () => {
  for (const [alias, club] of Object.entries(CLUBS)) {
    test(`${alias}: home and product page in the club's colours, axe 0 with colour contrast @mobile`, async ({
      page,
      baseURL,
    }) => {
      const shop = new ClubTheme(page, originOf(baseURL!, club.host));
      const p = brandPalette(club.colours);
      await shop.goto('/');
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', club.colours.Glowny);
      const button = shop.primaryButtons.first();
      await expect(button).toBeVisible();
      await expect(button).toHaveCSS('background-color', rgb(p.primary));
      await expect(button).toHaveCSS('color', rgb(p.onPrimary));
      await expect(shop.header).toHaveCSS('background-color', rgb(p.primary));
      await expect(shop.cart).toHaveCSS('background-color', rgb(p.accent));
      expect(await allA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/${alias}-home-${width(page)}.png`, fullPage: true });

      await shop.goto((await button.getAttribute('href'))!);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(shop.addToCart).toBeEnabled();
      // Retried: the button fades from its disabled grey once the page hydrates.
      await expect(shop.addToCart).toHaveCSS('background-color', rgb(p.accent));
      await expect(shop.addToCart).toHaveCSS('color', rgb(p.onAccent));
      expect(await allA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/${alias}-product-${width(page)}.png`, fullPage: true });
    });
  }

  test('FC Rywal’s primary button is not Sokół’s', async ({ page, baseURL }) => {
    const colourOf = async (host: string) => {
      const shop = new ClubTheme(page, originOf(baseURL!, host));
      await shop.goto('/');
      return (await shop.colours(shop.primaryButtons.first())).background;
    };
    const [demo, rywal] = [await colourOf('localhost'), await colourOf('rywal.localhost')];
    expect(rywal).toBe(rgb(CLUBS.rywal.colours.Glowny));
    expect(rywal).not.toBe(demo);
  });
});

test.describe('panel: the shop’s colours', () => {
  test('the manager sees the contrast, cannot save a pair below AA, and a good pair reaches the shop @mobile', async ({
    page,
    baseURL,
  }) => {
    await logInToPanel(page);
    const settings = new PanelSettingsPage(page);
    await settings.goto();
    const colours = new PanelColours(page);
    await expect(colours.ratio('Tekst na kolorze głównym')).toContainText('spełnia WCAG AA');
    await colours.field('Tekst na kolorze głównym').fill('#4a8a6a');
    const warning = 'Tekst na kolorze głównym: 1,9:1 — za mały kontrast: potrzeba co najmniej 4,5:1';
    await expect(colours.ratio('Tekst na kolorze głównym')).toHaveText(warning);
    const patches: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().endsWith('/api/panel/settings')) patches.push(r.url());
    });
    await settings.save.click();
    const message = 'Tekst na kolorze głównym ma kontrast 1,9:1 — potrzeba co najmniej 4,5:1.';
    await expect(colours.field('Tekst na kolorze głównym')).toHaveAccessibleDescription(
      new RegExp(`^${message}`),
    );
    await expect(colours.field('Tekst na kolorze głównym')).toBeFocused();
    await colours.section.screenshot({ path: `${SHOTS}/panel-colours-refused-${width(page)}.png` });
    expect(patches).toEqual([]);
    // The preview shows the refused pair as the shop would draw it: that much is meant to fail.
    const refusedState = await new AxeBuilder({ page }).exclude('[data-colour-preview]').analyze();
    expect(
      refusedState.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    // A good pair: saved, and the shop's pages take it.
    const demo = CLUBS.demo.colours;
    try {
      await colours.field('Tekst na kolorze głównym').fill('#ffffff');
      // The pair reads now: its refusal goes as it is typed.
      await expect(colours.field('Tekst na kolorze głównym')).toHaveAccessibleDescription(
        'Zwykle biały albo bardzo ciemny.',
      );
      await colours.field('Kolor główny').fill('#1a4d8f');
      await expect(colours.ratio('Tekst na kolorze głównym')).toContainText('spełnia WCAG AA');
      expect(await allA11yViolations(page)).toEqual([]);
      await colours.section.screenshot({ path: `${SHOTS}/panel-colours-ok-${width(page)}.png` });
      await settings.saveAndWait();
      const shop = new ClubTheme(await page.context().newPage(), baseURL!);
      await expect(async () => {
        await shop.goto('/');
        expect((await shop.colours(shop.header)).background).toBe(rgb('#1a4d8f'));
      }).toPass({ timeout: 5_000, intervals: [250] });
      await shop.page.close();
    } finally {
      await panelApi(page).settings({ Kolory: demo });
    }
  });
});
