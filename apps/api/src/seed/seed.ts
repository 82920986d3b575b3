import { randomBytes } from 'node:crypto';
import { defaultVatRate, variantName } from '@club/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { hashPassword, type ScryptCost } from '../lib/crypto.ts';
import { sanitizeHtml } from '../lib/sanitize.ts';
import { recordPriceChange, seedPriceHistory } from '../modules/catalogue/price-history.ts';
import {
  mediaPath,
  renderBanner,
  renderLogo,
  renderProductPhoto,
  renderShownLogo,
  webpFileName,
} from '../modules/media/images.ts';
import { localMediaStorage } from '../modules/media/local-storage.ts';
import { putLogo } from '../modules/media/logo.ts';
import { deletePrefix, type MediaStorage } from '../modules/media/storage.ts';
import {
  renderPhotoVariants,
  renderWebpCopy,
  storePhotoVariants,
  variantKeys,
} from '../modules/media/variants.ts';
import { demoOrg, legalPages, rivalOrg, type SeedOrg, type SeedPage, type SeedProduct } from './demo-data.ts';
import { insertStartPage } from './pages.ts';

export type SeedOptions = {
  mediaDir: string;
  /** Where the images go (S3 when configured); default: files under `mediaDir`. */
  media?: MediaStorage;
  /** Generate images with sharp (skipped where a test shares an already generated media folder). */
  images?: boolean;
  /** Fixed passwords for tests; otherwise random ones, printed once by the caller. */
  passwords?: { customer: string; manager: string };
  /** scrypt cost of the accounts' hashes: tests seed a cheaper one; the shop upgrades it at login. */
  passwordCost?: ScryptCost;
};
export type SeedAccount = { email: string; password: string };
export type SeedResult = {
  alias: string;
  organisationId: number;
  customer: SeedAccount;
  manager: SeedAccount;
};

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const randomPassword = () => `${randomBytes(6).toString('base64url')}Aa1`;

const pages = (org: SeedOrg): SeedPage[] => [
  // Regulamin, polityka prywatności, deklaracja dostępności: full texts in demo-data.ts.
  ...legalPages(org),
  {
    slug: 'kontakt',
    title: 'Kontakt',
    meta: `Skontaktuj się ze sklepem ${org.name}.`,
    content: '<p>Masz pytanie o zamówienie lub produkt? Napisz do nas.</p>',
    params: [{ key: 'kontakt', value: '1' }],
  },
  {
    slug: 'akredytacja',
    title: 'Akredytacje prasowe',
    meta: `Wniosek o akredytację prasową na wydarzenia ${org.name}.`,
    content:
      '<p>Dziennikarzy i fotoreporterów prosimy o wniosek najpóźniej na 3 dni przed wydarzeniem. Potwierdzenie wyślemy e-mailem.</p>',
    params: [{ key: 'akredytacja', value: '1' }],
  },
  {
    slug: 'tekst-stopka',
    title: 'Tekst stopki',
    meta: '',
    content: `<p>${org.name} – oficjalny sklep kibica. Wysyłka w 48 godzin.</p><p>Sprzedawca: {{sprzedawca}}.</p>`,
  },
  {
    slug: 'kontakt-dane',
    title: 'Dane kontaktowe',
    meta: '',
    // The seller's data by placeholders (lib/seller.ts): it changes in the panel's 'Dane sprzedawcy' only.
    content: `<div><h3>Sprzedawca</h3><p>{{sprzedawca}}</p></div><div><h3>Obsługa klienta</h3><p>${org.seller?.phone ? 'tel. {{telefon}}<br>' : ''}{{email}}</p></div><div><h3>Godziny otwarcia</h3><p>pon.–pt. 10:00–18:00<br>w dni meczowe do rozpoczęcia meczu</p></div>`,
  },
  {
    slug: 'kontakt-rodo',
    title: 'RODO',
    meta: '',
    content: `<p>Administratorem danych podanych w formularzu jest ${org.name}. Dane przetwarzamy wyłącznie w celu odpowiedzi na wiadomość (art. 6 ust. 1 lit. f RODO).</p>`,
  },
  {
    slug: 'o-klubie',
    title: 'O klubie',
    meta: `Historia i tradycje ${org.name}.`,
    content: `<p>${org.name} to klub z ponad stuletnią tradycją. Dziękujemy, że jesteś z nami!</p>`,
  },
  {
    slug: 'dostawa-i-zwroty',
    title: 'Dostawa i zwroty',
    meta: 'Koszty i czas dostawy, zwroty i reklamacje.',
    content:
      '<p>Zamówienia wysyłamy w ciągu 48 godzin. Paczkomaty InPost, kurier, Poczta Polska lub odbiór osobisty.</p>',
  },
];

/** A seed product's parameters: its list, or with options every combination of their values. */
const combinationsOf = (p: SeedProduct): string[][] =>
  (p.options ?? []).reduce<string[][]>((acc, o) => acc.flatMap((c) => o.values.map((v) => [...c, v])), [[]]);
export const paramsOf = (p: SeedProduct): { name: string; values: string[] }[] =>
  p.options?.length
    ? combinationsOf(p).map((values) => ({ name: variantName(values), values }))
    : (p.params ?? []).map((name) => ({ name, values: [] }));

/** Seeds one organisation's shop; returns the demo accounts. */
/**
 * Stock per parameter: the listed figures, or the product's stock spread evenly (the first ones
 * taking the remainder); either way their sum is the product's stock.
 */
export const parameterStocks = (p: SeedProduct): number[] => {
  const n = paramsOf(p).length;
  if (p.paramStock) {
    if (p.paramStock.length !== n || p.paramStock.reduce((a, b) => a + b, 0) !== p.stock) {
      throw new Error(`seed: stock per parameter of ${p.name} does not add up to ${p.stock}`);
    }
    return p.paramStock;
  }
  return Array.from({ length: n }, (_, i) => Math.floor(p.stock / n) + (i < p.stock % n ? 1 : 0));
};

export const seedOrganisation = async (db: Db, org: SeedOrg, opts: SeedOptions): Promise<SeedResult> => {
  const [colour, accent] = org.colours;
  const [o] = await db
    .insert(t.organisations)
    .values({
      alias: org.alias,
      name: org.name,
      title: org.title,
      description: org.description,
      mapUrl:
        'https://www.openstreetmap.org/export/embed.html?bbox=21.00%2C52.22%2C21.05%2C52.24&layer=mapnik',
      contactFields: [10, 20, 40, 50],
      contactRequired: [10, 40],
      shopEmail: org.shopEmail,
      orderPrefix: org.orderPrefix,
      logoMain: 'logo.png',
      logoFooter: 'logo-stopka.png',
      seller: org.seller ?? null,
      brandColours: org.brand,
    })
    .returning();
  const orgId = o!.id;
  if (org.hosts.length)
    await db.insert(t.organisationDomains).values(org.hosts.map((host) => ({ organisationId: orgId, host })));
  await db
    .insert(t.siteOptions)
    .values(
      Object.entries(org.options).map(([key, value]) => ({ organisationId: orgId, key, value, type: 20 })),
    );

  if (org.squad?.length)
    await db.insert(t.squadPlayers).values(org.squad.map((p) => ({ organisationId: orgId, ...p })));

  const catIds = new Map<string, number>();
  for (const [i, c] of org.categories.entries()) {
    const [row] = await db
      .insert(t.categories)
      .values({
        organisationId: orgId,
        name: c.name,
        parentId: c.parent ? catIds.get(c.parent) : null,
        position: i,
        sizeGuide: c.sizeGuide ?? null,
      })
      .returning({ id: t.categories.id });
    catIds.set(c.name, row!.id);
  }

  const images = opts.images ?? true;
  const media = opts.media ?? localMediaStorage(opts.mediaDir);
  for (const [i, p] of org.products.entries()) {
    const [prod] = await db
      .insert(t.products)
      .values({
        organisationId: orgId,
        categoryId: catIds.get(p.category) ?? null,
        name: p.name,
        description: p.description,
        extraDescription: p.extra ? sanitizeHtml(p.extra) : null,
        priceGross: p.price,
        stock: p.stock,
        requiresParameter: (p.requiresParam ?? false) || Boolean(p.options?.length),
        options: p.options ?? [],
        datedEvent: p.datedEvent ?? false,
        vatRate: defaultVatRate(p.datedEvent ?? false),
        printing: p.printing ?? null,
        customerQuantityLimit: p.customerLimit ?? null,
        numberedEdition: p.numberedEdition ?? false,
        giftCard: p.giftCard ?? false,
        position: i,
      })
      .returning({ id: t.products.id });
    const productId = prod!.id;
    await seedPriceHistory(db, orgId, productId, p.price, p.earlierPrices);
    const params = paramsOf(p);
    if (params.length) {
      const stocks = parameterStocks(p);
      const ids = await db
        .insert(t.productParameters)
        .values(
          params.map((x, position) => ({
            organisationId: orgId,
            productId,
            name: x.name,
            optionValues: x.values,
            priceGross: p.variantPrices?.[x.name] ?? null,
            position,
            stock: stocks[position]!,
          })),
        )
        .returning({ id: t.productParameters.id, name: t.productParameters.name });
      const pre = p.preorder && ids.find((r) => r.name === p.preorder!.variant);
      if (pre && p.preorder) {
        const release = new Date(Date.now() + p.preorder.inDays * 86_400_000).toISOString().slice(0, 10);
        await db
          .update(t.productParameters)
          .set({ preorderRelease: release, preorderCap: p.preorder.cap })
          .where(eq(t.productParameters.id, pre.id));
      }
      for (const r of ids) {
        for (const email of p.stockAlerts?.[r.name] ?? [])
          await db.insert(t.stockAlerts).values({
            organisationId: orgId,
            productId,
            parameterId: r.id,
            email,
            token: randomBytes(24).toString('base64url'),
          });
        const own = p.variantPrices?.[r.name];
        if (own !== undefined)
          await recordPriceChange(db, {
            organisationId: orgId,
            productId,
            parameterId: r.id,
            previous: null,
            price: own,
          });
      }
    }
    const photoCount = p.photos ?? 1;
    for (let k = 0; k < photoCount; k++) {
      const fileName = `${slugify(p.name)}${k ? `-${k + 1}` : ''}.jpg`;
      const [ph] = await db
        .insert(t.productPhotos)
        .values({ organisationId: orgId, productId, fileName, position: k })
        .returning({ id: t.productPhotos.id });
      if (images) {
        const shades = [colour, '#ffffff', '#1f2937'];
        const buf = await renderProductPhoto(p.name, shades[k % 3]!, accent);
        // The same variants (sizes, WebP) an upload in the panel gets, so the demo shows srcset at work.
        await storePhotoVariants(
          media,
          variantKeys(org.alias, productId, ph!.id, fileName),
          await renderPhotoVariants(buf),
        );
      }
    }
  }

  await db.insert(t.shippingOptions).values(
    org.shipping.map((s, position) => ({
      organisationId: orgId,
      name: s.name,
      price: s.price,
      cashOnDelivery: s.cod,
      electronic: s.electronic ?? false,
      position,
    })),
  );

  // Home banner: three slides with desktop and mobile images.
  const [banner] = await db
    .insert(t.banners)
    .values({ organisationId: orgId, panelId: 10, kind: 10, height: 520 })
    .returning({ id: t.banners.id });
  const slides = [
    {
      title: 'Nowe koszulki meczowe 2026/27',
      content: 'Zagraj w barwach klubu. Dostępne wszystkie rozmiary.',
      url: '/produkty',
      x: 10,
      y: 30,
      mask: true,
      bg: 40,
    },
    {
      title: 'Karnety na rundę wiosenną',
      content: 'Bądź z drużyną na każdym meczu u siebie.',
      url: '/produkty',
      x: 20,
      y: 20,
      mask: false,
      bg: 30,
    },
    {
      title: 'Szaliki i gadżety',
      content: 'Prezent dla każdego kibica.',
      url: '/produkty',
      x: 30,
      y: 10,
      mask: true,
      bg: 50,
    },
  ];
  for (const [i, s] of slides.entries()) {
    const fileName = `baner-${i + 1}.jpg`;
    const mobileFileName = `baner-${i + 1}-mobile.jpg`;
    const [webpName, mobileWebpName] = [webpFileName(fileName), webpFileName(mobileFileName)];
    const [slide] = await db
      .insert(t.bannerSlides)
      .values({
        organisationId: orgId,
        bannerId: banner!.id,
        title: s.title,
        content: s.content,
        fileName,
        mobileFileName,
        webpFileName: webpName,
        mobileWebpFileName: mobileWebpName,
        url: s.url,
        textColor: '#ffffff',
        bgOpacity: s.bg,
        hasMask: s.mask,
        maskColor: '#000000',
        maskOpacity: 40,
        textX: s.x,
        textY: s.y,
        position: i,
      })
      .returning({ id: t.bannerSlides.id });
    if (images) {
      for (const [name, webp, width, height] of [
        [fileName, webpName, 1920, 610],
        [mobileFileName, mobileWebpName, 780, 780],
      ] as const) {
        const jpeg = await renderBanner(width, height, colour, accent, i);
        await media.put(mediaPath.bannerImage(org.alias, banner!.id, slide!.id, name), jpeg, 'image/jpeg');
        await media.put(
          mediaPath.bannerImage(org.alias, banner!.id, slide!.id, webp),
          await renderWebpCopy(jpeg),
          'image/webp',
        );
      }
    }
  }
  if (images) {
    for (const [name, fill] of [
      ['logo.png', colour],
      ['logo-stopka.png', '#111827'],
    ] as const) {
      const png = await renderLogo(org.initials.slice(0, 3), fill, accent);
      await putLogo(media, org.alias, name, png, await renderShownLogo(png));
    }
  }

  // Menus: 10 main (with sub-menu), 20 side, 30 footer.
  const menu = async (
    menuId: number,
    title: string,
    url: string,
    position: number,
    extra: Partial<typeof t.menuItems.$inferInsert> = {},
  ) => {
    const [row] = await db
      .insert(t.menuItems)
      .values({ organisationId: orgId, menuId, title, url, position, ...extra })
      .returning({ id: t.menuItems.id });
    return row!.id;
  };
  const shop = await menu(10, 'Sklep', '/produkty', 0);
  let pos = 0;
  for (const c of org.categories.filter((c) => !c.parent)) {
    await menu(10, c.name, `/produkty/${catIds.get(c.name)}`, pos++, { parentId: shop });
  }
  await menu(10, 'O klubie', '/o-klubie', 1);
  await menu(10, 'Kontakt', '/kontakt', 2);
  await menu(10, 'Zostań promotorem', 'https://promotor.example.org/', 3);
  await menu(20, 'Regulamin', '/regulamin', 0);
  await menu(20, 'Dostawa i zwroty', '/dostawa-i-zwroty', 1);
  await menu(20, 'Polityka prywatności', '/polityka-prywatnosci', 2);
  await menu(30, 'Regulamin', '/regulamin', 0);
  await menu(30, 'Dostawa i zwroty', '/dostawa-i-zwroty', 1);
  const footerContact = await menu(30, 'Kontakt', '/kontakt', 2);
  await menu(30, 'Akredytacje prasowe', '/akredytacja', 0, { parentId: footerContact });
  await menu(30, 'Strona klubu', 'https://klub.example.org/', 3, { newWindow: true });
  // The footer links the privacy policy on its own (spec); the accessibility statement joins the menu.
  await menu(30, 'Deklaracja dostępności', '/deklaracja-dostepnosci', 4);

  await db.insert(t.socialLinks).values(
    [
      [1, 'https://www.facebook.com/'],
      [2, 'https://www.tiktok.com/'],
      [3, 'https://www.instagram.com/'],
      [4, 'https://www.youtube.com/'],
      [5, 'https://x.com/'],
    ].map(([kind, url], position) => ({
      organisationId: orgId,
      kind: kind as number,
      url: url as string,
      position,
    })),
  );

  const [news] = await db
    .insert(t.contentCategories)
    .values({ organisationId: orgId, name: 'Aktualności' })
    .returning({ id: t.contentCategories.id });
  for (const p of pages(org)) await insertStartPage(db, orgId, p, p.slug === 'o-klubie' ? news!.id : null);

  const passwords = opts.passwords ?? { customer: randomPassword(), manager: randomPassword() };
  const domain = org.shopEmail.split('@')[1];
  const customer = { email: `kibic@${domain}`, password: passwords.customer };
  const manager = { email: `kierownik@${domain}`, password: passwords.manager };
  await db.insert(t.users).values([
    {
      organisationId: orgId,
      email: customer.email,
      firstName: 'Jan',
      lastName: 'Kowalski',
      passwordHash: await hashPassword(customer.password, opts.passwordCost),
      confirmedAt: new Date(),
      addressName: 'Jan Kowalski',
      addressStreet: 'ul. Kibiców 12/3',
      addressPostcode: '00-950',
      addressCity: 'Warszawa',
      addressPhone: '600 700 800',
      addressEmail: customer.email,
    },
    {
      organisationId: orgId,
      email: manager.email,
      firstName: 'Anna',
      lastName: 'Nowak',
      // The club's owner in the manager's panel (manages staff too).
      role: 'owner',
      passwordHash: await hashPassword(manager.password, opts.passwordCost),
      confirmedAt: new Date(),
    },
  ]);
  return { alias: org.alias, organisationId: orgId, customer, manager };
};

/**
 * The whole demo is committed. seedDemo writes everything in one transaction, so the demo club's
 * row exists only together with the rest (and with its media, written before the commit).
 */
export const isSeeded = async (db: Db): Promise<boolean> => {
  const rows = await db
    .select({ id: t.organisations.id })
    .from(t.organisations)
    .where(eq(t.organisations.alias, demoOrg.alias))
    .limit(1);
  return rows.length > 0;
};

/**
 * The demo club and a second club, so tenant isolation can be seen and tested. All or nothing: one
 * transaction, committed after the media files are written; an attempt killed half-way leaves no
 * rows, and the next attempt clears the clubs' media folders and writes them anew.
 */
export const seedDemo = async (db: Db, opts: SeedOptions): Promise<SeedResult[]> =>
  db.transaction(async (tx) => {
    const orgs = [demoOrg, rivalOrg];
    const media = opts.media ?? localMediaStorage(opts.mediaDir);
    if (opts.images ?? true) {
      for (const org of orgs) await deletePrefix(media, `${org.alias}/`);
    }
    const results: SeedResult[] = [];
    for (const org of orgs) results.push(await seedOrganisation(tx, org, { ...opts, media }));
    return results;
  });
