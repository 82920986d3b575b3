import { PANEL_PAGE_TYPE, type PanelLinkTarget, SPECIAL_PAGES } from '@club/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentPages } from '../../db/schema.ts';
import { listCategories } from './categories-service.ts';

/** Pages of the storefront a link may lead to without a sub-page (apps/web/app/routes.ts). */
const SHOP_PAGES: PanelLinkTarget[] = [
  { Rodzaj: 'sklep', Tytul: 'Strona główna', Url: '/' },
  { Rodzaj: 'sklep', Tytul: 'Wszystkie produkty', Url: '/produkty' },
  { Rodzaj: 'sklep', Tytul: 'Koszyk', Url: '/koszyk' },
  { Rodzaj: 'sklep', Tytul: 'Moje konto', Url: '/moje-konto' },
  { Rodzaj: 'sklep', Tytul: 'Logowanie', Url: '/logowanie' },
  { Rodzaj: 'sklep', Tytul: 'Rejestracja', Url: '/rejestracja' },
];

/**
 * What a menu item (or a banner slide) may link to inside the shop: its fixed pages, each product
 * category (indented by depth in its title) and each sub-page that is a page of its own.
 */
export const linkTargets = async (db: Db, orgId: number): Promise<PanelLinkTarget[]> => {
  const [categories, pages] = await Promise.all([
    listCategories(db, orgId),
    db
      .select({ slug: contentPages.slug, title: contentPages.title })
      .from(contentPages)
      .where(and(eq(contentPages.organisationId, orgId), eq(contentPages.type, PANEL_PAGE_TYPE)))
      .orderBy(asc(contentPages.title), asc(contentPages.id)),
  ]);
  return [
    ...SHOP_PAGES,
    ...categories.map(
      (c): PanelLinkTarget => ({
        Rodzaj: 'kategoria',
        Tytul: `${'– '.repeat(c.Poziom)}${c.Nazwa}`,
        Url: `/produkty/${c.Id}`,
      }),
    ),
    ...pages
      .filter((p) => !(p.slug in SPECIAL_PAGES))
      .map(
        (p): PanelLinkTarget => ({
          Rodzaj: 'podstrona',
          Tytul: p.title,
          Url: `/${encodeURIComponent(p.slug)}`,
        }),
      ),
  ];
};
