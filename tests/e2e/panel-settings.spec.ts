// The manager's site settings and seller data: the home page title and the
// main logo change in the storefront at once; the seller's NIP is checked; keyboard and axe.
// Every spec shares one shop: what is changed here (title, logo, seller) is put back at the end.
// Guest checkout is left alone: another spec switches it, serially.
import { mkdirSync } from 'node:fs';
import { LOGO_SHOWN_PX, msg, XSRF_COOKIE, XSRF_HEADER } from '@club/contract';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { startFakeDns } from '../../apps/api/test/fakes/dns-server.ts';
import { expect, test } from './fixtures.ts';
import { allA11yViolations, logInToPanel, PanelLayout } from './pages/panel.ts';
import {
  PanelDomainsSection,
  PanelSellerPage,
  PanelSettingsPage,
  panelApi,
  storefrontLogo,
} from './pages/panel-settings.ts';

// Playwright empties test-results/ when a run starts: PANEL_SHOTS_DIR keeps the screenshots elsewhere.
const SHOTS = process.env.PANEL_SHOTS_DIR ?? 'test-results/panel-settings-screens';
mkdirSync(SHOTS, { recursive: true });

/** The storefront shows a change within 5 s (caches are invalidated on every write). */
const CHANGE_VISIBLE_MS = 5_000;

const shopPage = (page: Page) =>
  page
    .context()
    .browser()!
    .newPage({
      baseURL: new URL(page.url()).origin,
      reducedMotion: 'reduce',
      viewport: { width: 1280, height: 900 },
    });

test.describe('panel: site settings', () => {
  test('the manager changes the home page title; the storefront’s <title> shows it within 5 s', async ({
    page,
  }) => {
    await logInToPanel(page);
    await new PanelLayout(page).go('Ustawienia sklepu');
    const settings = new PanelSettingsPage(page);
    await expect(settings.heading).toBeVisible();
    const original = await settings.title.inputValue();
    const description = await settings.description.inputValue();
    expect(original).not.toBe('');
    expect(description).not.toBe('');
    const title = `Sklep kibica – nowy sezon ${Date.now() % 100_000}`;
    try {
      await settings.title.fill(title);
      await settings.saveAndWait();
      const savedAt = Date.now();
      const shop = await shopPage(page);
      await shop.goto('/');
      await expect(async () => {
        await shop.reload();
        expect(await shop.title()).toBe(title);
      }).toPass({ timeout: CHANGE_VISIBLE_MS, intervals: [250] });
      expect(Date.now() - savedAt).toBeLessThan(CHANGE_VISIBLE_MS + 1_000);
      await shop.close();
      // The panel reads back what was saved.
      await page.reload();
      await expect(settings.title).toHaveValue(title);
    } finally {
      await panelApi(page).settings({ Title: original });
    }
    await page.reload();
    await expect(settings.title).toHaveValue(original);
    // A change of the title alone leaves the description as it was.
    await expect(settings.description).toHaveValue(description);
  });

  test('a new main logo uploads with progress; the storefront header shows it at once', async ({
    page,
    baseURL,
  }) => {
    await logInToPanel(page);
    const settings = new PanelSettingsPage(page);
    await settings.goto();
    const main = settings.logo('Logo główne (nagłówek)');
    // The seeded logo, to be put back at the end (a replaced logo's file is deleted).
    const seeded = Buffer.from(
      await (await page.request.get(`${baseURL}/api/cms/stronyfrontend/logo/main?p=demo`)).body(),
    );
    const seededWidth = (await sharp(seeded).metadata()).width!;
    const width = seededWidth === 236 ? 238 : 236;
    const logo = await sharp({
      create: { width, height: 118, channels: 4, background: { r: 200, g: 30, b: 40, alpha: 1 } },
    })
      .png()
      .toBuffer();

    const shop = await shopPage(page);
    await shop.goto('/');
    const before = await storefrontLogo(shop).getAttribute('src');
    expect(before).toMatch(/[?&]v=/);

    try {
      await main.file.setInputFiles({ name: 'nowy-herb.png', mimeType: 'image/png', buffer: logo });
      // The answer is held back a moment, so the progress bar can be seen.
      await page.route('**/api/panel/settings/logo/main', async (route) => {
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      });
      await main.upload.click();
      await expect(settings.progress).toBeVisible();
      await expect(settings.notice).toHaveText(
        'Zapisano: Logo główne (nagłówek). Sklep pokaże nowe logo w ciągu kilku sekund.',
      );
      await expect(settings.progress).toHaveCount(0);
      await expect
        .poll(() => main.preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(width);
      const savedAt = Date.now();

      // The header names the new version: no cache can keep showing the old picture.
      await expect(async () => {
        await shop.reload();
        expect(await storefrontLogo(shop).getAttribute('src')).not.toBe(before);
      }).toPass({ timeout: CHANGE_VISIBLE_MS, intervals: [250] });
      expect(Date.now() - savedAt).toBeLessThan(CHANGE_VISIBLE_MS + 1_000);
      // What the header shows is the new logo's small WebP copy.
      const after = (await storefrontLogo(shop).getAttribute('src'))!;
      await expect
        .poll(() =>
          storefrontLogo(shop).evaluate((img: HTMLImageElement) => [
            img.complete && img.naturalWidth,
            new URL(img.currentSrc).pathname + new URL(img.currentSrc).search,
          ]),
        )
        .toEqual([Math.min(width, LOGO_SHOWN_PX), `${after}&f=webp`]);
    } finally {
      await page.unroute('**/api/panel/settings/logo/main');
      await main.file.setInputFiles({ name: 'herb.png', mimeType: 'image/png', buffer: seeded });
      await main.upload.click();
      await expect(settings.notice).toContainText('Zapisano: Logo główne (nagłówek).');
    }
    await expect
      .poll(() => main.preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(seededWidth);
    await shop.close();
  });

  test('a wrong free-shipping amount is refused beside the field, nothing saved', async ({ page }) => {
    await logInToPanel(page);
    const settings = new PanelSettingsPage(page);
    await settings.goto();
    await settings.freeShipping.fill('sto złotych');
    await settings.save.click();
    await expect(settings.error).toContainText(msg.settingsFreeShippingInvalid);
    await expect(settings.freeShipping).toHaveAttribute('aria-invalid', 'true');
    await expect(settings.freeShipping).toBeFocused();
    // The shop's name may not be empty: the API's message, beside the field.
    await settings.freeShipping.fill('');
    const name = await settings.shopName.inputValue();
    await settings.shopName.fill('');
    await settings.save.click();
    await expect(settings.error).toContainText(msg.settingsShopNameRequired);
    await expect(settings.shopName).toHaveAttribute('aria-invalid', 'true');
    await page.reload();
    await expect(settings.shopName).toHaveValue(name);
  });
});

test.describe('panel: seller data', () => {
  test('a wrong NIP is refused in Polish; a corrected change is saved', async ({ page }) => {
    await logInToPanel(page);
    await new PanelLayout(page).go('Dane sprzedawcy');
    const seller = new PanelSellerPage(page);
    await expect(seller.heading).toBeVisible();
    const nip = await seller.nip.inputValue();
    const phone = await seller.phone.inputValue();
    expect(nip).toMatch(/^\d{10}$/);

    await seller.nip.fill('1234567890');
    await seller.save.click();
    await expect(seller.error).toContainText('Popraw zaznaczone pola.');
    await expect(seller.nip).toHaveAttribute('aria-invalid', 'true');
    await expect(seller.nip).toBeFocused();
    await expect(page.getByText(msg.invalidNip)).toBeVisible();
    // The API says the same to anyone who skips the form.
    const refused = await page.request.put('/api/panel/settings/seller', {
      data: {
        Nazwa: 'X',
        UlicaINumer: 'Y 1',
        KodPocztowy: '00-001',
        Miasto: 'Z',
        NIP: '1234567890',
        Email: 'a@b.pl',
      },
      headers: {
        [XSRF_HEADER]: (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)?.value ?? '',
      },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).Fields?.NIP).toBe(msg.invalidNip);

    try {
      await seller.nip.fill(`${nip.slice(0, 3)}-${nip.slice(3, 6)}-${nip.slice(6, 8)}-${nip.slice(8)}`);
      await seller.phone.fill('22 765 43 21');
      await seller.save.click();
      await expect(seller.notice).toHaveText(
        'Zapisano dane sprzedawcy. Sklep pokaże je w ciągu kilku sekund.',
      );
      // Saved as digits only.
      await expect(seller.nip).toHaveValue(nip);
      await page.reload();
      await expect(seller.phone).toHaveValue('22 765 43 21');
    } finally {
      const current = await (await page.request.get('/api/panel/settings/seller')).json();
      await panelApi(page).seller({ ...current, Telefon: phone });
    }
  });
});

test.describe('panel: settings by keyboard', () => {
  test('seller data are edited and saved by keyboard alone; a logo’s delete asks first, Escape keeps it', async ({
    page,
  }) => {
    await logInToPanel(page);
    const seller = new PanelSellerPage(page);
    await seller.goto();
    const phone = await seller.phone.inputValue();
    await seller.heading.focus();
    /** Tab until `target` has the focus (a keyboard user's way there). */
    const tabTo = async (target: Locator, max = 40) => {
      for (let i = 0; i < max; i++) {
        if (await target.evaluate((el) => el === document.activeElement)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error('not reached by Tab');
    };
    try {
      await tabTo(seller.phone);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('22 111 22 33');
      await page.keyboard.press('Enter');
      await expect(seller.notice).toHaveText(
        'Zapisano dane sprzedawcy. Sklep pokaże je w ciągu kilku sekund.',
      );
      await page.reload();
      await expect(seller.phone).toHaveValue('22 111 22 33');
    } finally {
      const current = await (await page.request.get('/api/panel/settings/seller')).json();
      await panelApi(page).seller({ ...current, Telefon: phone });
    }

    const settings = new PanelSettingsPage(page);
    await settings.goto();
    await settings.heading.focus();
    const remove = settings.logo('Logo stopki').remove;
    await tabTo(remove, 80);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Usunąć logo?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(settings.logo('Logo stopki').preview).toBeVisible();
  });
});

test.describe('panel: domains', () => {
  test('a new domain waits for proof; once its TXT record is published, “Sprawdź” makes it work', async ({
    page,
  }) => {
    // The shop's DNS for domain checks (DOMAIN_CHECK_DNS_SERVERS in playwright.config.ts).
    const dns = await startFakeDns(Number(process.env.E2E_DNS_PORT));
    const host = `e2e-${Date.now() % 1_000_000}.sokol-test.pl`;
    try {
      await logInToPanel(page);
      const settings = new PanelSettingsPage(page);
      await settings.goto();
      const domains = new PanelDomainsSection(page);
      await domains.newDomain.fill(host.toUpperCase());
      await domains.add.click();
      await expect(settings.notice).toHaveText(
        `Dodano domenę ${host}. Opublikuj kod weryfikacyjny i kliknij „Sprawdź”.`,
      );
      await expect(domains.pendingHeading).toBeVisible();
      const claim = domains.claim(host);
      await expect(claim.txtName).toBeVisible();
      await expect(claim.item).toContainText(`http://${host}/.well-known/clubshop-verification/`);
      const code = (await claim.code.textContent())!.trim();
      expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
      // Checked before the record exists: a Polish explanation, the domain still waits.
      await claim.verify.click();
      await expect(settings.error).toContainText(`Nie znaleźliśmy potwierdzenia domeny ${host}`);
      await expect(claim.verify).toBeVisible();
      // Published: the check proves it and the domain joins the working ones.
      dns.txt(`_clubshop-challenge.${host}`, code);
      await claim.verify.click();
      await expect(settings.notice).toHaveText(
        `Potwierdzono domenę ${host}: sklep działa już pod tym adresem.`,
      );
      await expect(claim.verify).toBeHidden();
      await page.reload();
      await expect(domains.removeWorking(host)).toBeVisible();
      await expect(domains.claim(host).verify).toBeHidden();
      // And it goes again, after a confirmation.
      await domains.removeWorking(host).click();
      await page
        .getByRole('dialog', { name: 'Usunąć domenę?' })
        .getByRole('button', { name: 'Usuń domenę' })
        .click();
      await expect(settings.notice).toHaveText(`Usunięto domenę ${host}.`);
      await expect(domains.removeWorking(host)).toBeHidden();
    } finally {
      await panelApi(page).removeDomain(host);
      await dns.close();
    }
  });

  test('a domain waiting for proof: its instructions pass axe @mobile', async ({ page }, info) => {
    const host = `axe-${info.project.name}-${Date.now() % 1_000_000}.sokol-test.pl`;
    await logInToPanel(page);
    await panelApi(page).claimDomain(host);
    try {
      const settings = new PanelSettingsPage(page);
      await settings.goto();
      const claim = new PanelDomainsSection(page).claim(host);
      await expect(claim.txtName).toBeVisible();
      await claim.verify.scrollIntoViewIfNeeded();
      expect(await allA11yViolations(page)).toEqual([]);
      const width = page.viewportSize()?.width ?? 0;
      await claim.item.screenshot({ path: `${SHOTS}/domain-claim-${width}-${info.project.name}.png` });
      // Withdrawn without ever routing anything.
      await claim.remove.click();
      await expect(settings.notice).toHaveText(`Usunięto domenę ${host}.`);
      await expect(claim.item).toBeHidden();
    } finally {
      await panelApi(page).removeDomain(host);
    }
  });
});

test.describe('panel: settings screens, accessibility @mobile', () => {
  for (const [name, path, heading] of [
    ['settings', '/panel/ustawienia', 'Ustawienia sklepu'],
    ['seller', '/panel/dane-sprzedawcy', 'Dane sprzedawcy'],
  ] as const) {
    test(`${name}: no axe violations @mobile`, async ({ page }, info) => {
      await logInToPanel(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      if (name === 'settings') {
        // The logo previews have loaded (a broken image would be a different page for axe).
        for (const img of await page.getByRole('img', { name: /^Podgląd/ }).all())
          await expect
            .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
            .toBe(true);
      }
      expect(await allA11yViolations(page)).toEqual([]);
      const width = page.viewportSize()?.width ?? 0;
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${info.project.name}.png`, fullPage: true });
    });
  }
});
