import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  accreditationRequests,
  bannerSlides,
  banners,
  contactMessages,
  contentCategories,
  contentPageParams,
  contentPages,
  menuItems,
  siteOptions,
  socialLinks,
} from '../../db/schema.ts';

export type ContentPageRow = typeof contentPages.$inferSelect;
export type MenuItemRow = typeof menuItems.$inferSelect;
export type BannerSlideRow = typeof bannerSlides.$inferSelect;

/** Every query takes the organisation id first: nothing here may read across tenants. */
export const contentRepository = (db: Db) => ({
  siteOptions: (orgId: number) =>
    db.select().from(siteOptions).where(eq(siteOptions.organisationId, orgId)).orderBy(asc(siteOptions.id)),

  async banner(orgId: number, panelId: number) {
    const [banner] = await db
      .select()
      .from(banners)
      .where(and(eq(banners.organisationId, orgId), eq(banners.panelId, panelId)))
      .orderBy(asc(banners.id))
      .limit(1);
    if (!banner) return null;
    const slides = await db
      .select()
      .from(bannerSlides)
      .where(and(eq(bannerSlides.organisationId, orgId), eq(bannerSlides.bannerId, banner.id)))
      .orderBy(asc(bannerSlides.position), asc(bannerSlides.id));
    return { banner, slides };
  },

  menuItems: (orgId: number, menuId: number) =>
    db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.organisationId, orgId), eq(menuItems.menuId, menuId)))
      .orderBy(asc(menuItems.position), asc(menuItems.id)),

  socialLinks: (orgId: number) =>
    db
      .select()
      .from(socialLinks)
      .where(eq(socialLinks.organisationId, orgId))
      .orderBy(asc(socialLinks.position), asc(socialLinks.id)),

  async page(orgId: number, slug: string, type: number) {
    const [page] = await db
      .select()
      .from(contentPages)
      .where(
        and(eq(contentPages.organisationId, orgId), eq(contentPages.slug, slug), eq(contentPages.type, type)),
      )
      .limit(1);
    if (!page) return null;
    const params = await db
      .select()
      .from(contentPageParams)
      .where(and(eq(contentPageParams.organisationId, orgId), eq(contentPageParams.pageId, page.id)))
      .orderBy(asc(contentPageParams.id));
    return { page, params };
  },

  pages: (orgId: number, type: number, offset: number, limit: number, categoryIds?: number[]) =>
    db
      .select()
      .from(contentPages)
      .where(
        and(
          eq(contentPages.organisationId, orgId),
          eq(contentPages.type, type),
          categoryIds?.length ? inArray(contentPages.categoryId, categoryIds) : undefined,
        ),
      )
      .orderBy(desc(contentPages.publishedAt), desc(contentPages.id))
      .offset(offset)
      .limit(limit),

  async countPages(orgId: number, type: number) {
    const [row] = await db
      .select({ n: count() })
      .from(contentPages)
      .where(and(eq(contentPages.organisationId, orgId), eq(contentPages.type, type)));
    return Number(row?.n ?? 0);
  },

  // Sub-pages have no position column; creation order is the order the club wrote them in.
  subpages: (orgId: number, parentSlug: string) =>
    db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.organisationId, orgId), eq(contentPages.parentSlug, parentSlug)))
      .orderBy(asc(contentPages.id)),

  categories: (orgId: number) =>
    db
      .select({ id: contentCategories.id, name: contentCategories.name })
      .from(contentCategories)
      .where(eq(contentCategories.organisationId, orgId))
      .orderBy(asc(contentCategories.id)),

  /** In `tx` when given: the shop's notice is queued in the same transaction. */
  async insertContactMessage(row: typeof contactMessages.$inferInsert, tx: Db | Tx = db) {
    await tx.insert(contactMessages).values(row);
  },

  async insertAccreditation(row: typeof accreditationRequests.$inferInsert, tx: Db | Tx = db) {
    await tx.insert(accreditationRequests).values(row);
  },
});
export type ContentRepository = ReturnType<typeof contentRepository>;
