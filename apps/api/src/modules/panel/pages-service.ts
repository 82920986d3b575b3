import { randomBytes } from 'node:crypto';
import {
  fillMessage,
  msg,
  PANEL_PAGE_TYPE,
  type PanelPage,
  type PanelPageImage,
  type PanelPageInput,
  type PanelPageList,
  type PanelPagesQuery,
  SPECIAL_PAGES,
} from '@club/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contentPageParams, contentPages, menuItems } from '../../db/schema.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import type { PanelActor } from '../../plugins/panel-auth.ts';
import type { MediaStorage } from '../media/storage.ts';
import { auditActor, recordAudit } from './audit.ts';
import { contentChanged, lockClubContent } from './content-shared.ts';

type PageRow = typeof contentPages.$inferSelect;
type Param = { Klucz: string; Wartosc: string };
type Log = { error(obj: object, msg: string): void };

const isSpecial = (slug: string) => slug in SPECIAL_PAGES;
const ofClub = (orgId: number) =>
  and(eq(contentPages.organisationId, orgId), eq(contentPages.type, PANEL_PAGE_TYPE));

/** Every sub-page of the club, light: for parents, cycles and clashes. */
const allPages = (db: Db | Tx, orgId: number) =>
  db
    .select({ id: contentPages.id, slug: contentPages.slug, parentSlug: contentPages.parentSlug })
    .from(contentPages)
    .where(ofClub(orgId));
type Light = Awaited<ReturnType<typeof allPages>>[number];

const paramsOf = async (db: Db | Tx, orgId: number, pageIds: number[]) => {
  const out = new Map<number, Param[]>();
  if (!pageIds.length) return out;
  const rows = await db
    .select()
    .from(contentPageParams)
    .where(and(eq(contentPageParams.organisationId, orgId), inArray(contentPageParams.pageId, pageIds)))
    .orderBy(asc(contentPageParams.id));
  for (const r of rows) out.set(r.pageId, [...(out.get(r.pageId) ?? []), { Klucz: r.key, Wartosc: r.value }]);
  return out;
};

const parentIdOf = (pages: Light[], parentSlug: string | null) =>
  parentSlug === null ? null : (pages.find((p) => p.slug === parentSlug)?.id ?? null);

const toPage = (row: PageRow, params: Param[], pages: Light[]): PanelPage => ({
  Id: row.id,
  Slug: row.slug,
  Tytul: row.title,
  Tresc: sanitizeHtml(row.content),
  Zajawka: row.excerpt,
  MetaDescription: row.metaDescription,
  Parametry: params,
  IdRodzica: parentIdOf(pages, row.parentSlug),
  Specjalna: isSpecial(row.slug),
  Data: row.publishedAt.toISOString(),
  Url: isSpecial(row.slug) ? null : `/${encodeURIComponent(row.slug)}`,
});

const snapshot = (
  row: Pick<PageRow, 'slug' | 'title' | 'content' | 'excerpt' | 'metaDescription' | 'parentSlug'>,
  params: Param[],
) => ({
  Slug: row.slug,
  Tytul: row.title,
  Tresc: row.content,
  Zajawka: row.excerpt,
  MetaDescription: row.metaDescription,
  Rodzic: row.parentSlug,
  Parametry: params,
});

const readPage = async (db: Db | Tx, orgId: number, id: number): Promise<PanelPage> => {
  const [row] = await db
    .select()
    .from(contentPages)
    .where(and(ofClub(orgId), eq(contentPages.id, id)));
  if (!row) throw notFound(msg.pageNotFound);
  const [params, pages] = await Promise.all([paramsOf(db, orgId, [id]), allPages(db, orgId)]);
  return toPage(row, params.get(id) ?? [], pages);
};

const slugTaken = (slug: string) => {
  const message = fillMessage(msg.pageSlugTaken, { slug });
  return new HttpError(409, message, { Slug: message });
};

/**
 * The parent page's slug for `IdRodzica`, refusing an unknown page and a parent that is the page
 * itself or one of its sub-pages (following parents up from the chosen one must not reach it).
 */
const parentSlugFor = (pages: Light[], parentId: number | null, ownSlugs: string[]): string | null => {
  if (parentId === null) return null;
  const parent = pages.find((p) => p.id === parentId);
  if (!parent) throw badRequest(msg.pageParentNotFound, { IdRodzica: msg.pageParentNotFound });
  const seen = new Set<string>();
  for (let at: Light | undefined = parent; at && !seen.has(at.slug); ) {
    if (ownSlugs.includes(at.slug)) throw badRequest(msg.pageParentCycle, { IdRodzica: msg.pageParentCycle });
    seen.add(at.slug);
    const up: string | null = at.parentSlug;
    at = up === null ? undefined : pages.find((p) => p.slug === up);
  }
  return parent.slug;
};

const writeParams = async (tx: Tx, orgId: number, pageId: number, params: Param[]) => {
  await tx
    .delete(contentPageParams)
    .where(and(eq(contentPageParams.organisationId, orgId), eq(contentPageParams.pageId, pageId)));
  if (params.length)
    await tx
      .insert(contentPageParams)
      .values(params.map((p) => ({ organisationId: orgId, pageId, key: p.Klucz, value: p.Wartosc })));
};

const SORTS = {
  tytul: [asc(sql`lower(${contentPages.title})`), asc(contentPages.id)],
  '-tytul': [desc(sql`lower(${contentPages.title})`), desc(contentPages.id)],
  slug: [asc(contentPages.slug)],
  '-slug': [desc(contentPages.slug)],
  data: [asc(contentPages.publishedAt), asc(contentPages.id)],
  '-data': [desc(contentPages.publishedAt), desc(contentPages.id)],
} as const;

export const listPages = async (
  db: Db,
  actor: PanelActor,
  query: PanelPagesQuery,
): Promise<PanelPageList> => {
  const orgId = actor.org.id;
  const q = query.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    ofClub(orgId),
    pattern ? or(ilike(contentPages.title, pattern), ilike(contentPages.slug, pattern)) : undefined,
  );
  const [rows, [total], pages] = await Promise.all([
    db
      .select()
      .from(contentPages)
      .where(where)
      .orderBy(...SORTS[query.sort])
      .offset(query.offset)
      .limit(query.count),
    db.select({ n: count() }).from(contentPages).where(where),
    allPages(db, orgId),
  ]);
  const params = await paramsOf(
    db,
    orgId,
    rows.map((r) => r.id),
  );
  return {
    Items: rows.map((r) => ({
      Id: r.id,
      Slug: r.slug,
      Tytul: r.title,
      IdRodzica: parentIdOf(pages, r.parentSlug),
      Specjalna: isSpecial(r.slug),
      Parametry: (params.get(r.id) ?? []).map((p) => p.Klucz),
      Data: r.publishedAt.toISOString(),
    })),
    Total: Number(total?.n ?? 0),
  };
};

export const getPage = (db: Db, actor: PanelActor, id: number) => readPage(db, actor.org.id, id);

/** The page's own columns from the form; its HTML is sanitised before it is stored. */
const pageColumns = (body: PanelPageInput, parentSlug: string | null) => ({
  slug: body.Slug,
  parentSlug,
  title: body.Tytul,
  content: sanitizeHtml(body.Tresc),
  excerpt: body.Zajawka,
  metaDescription: body.MetaDescription,
});

/** A new sub-page; its HTML is sanitised before it is stored (and again whenever it is shown). */
export const createPage = async (db: Db, actor: PanelActor, body: PanelPageInput): Promise<PanelPage> =>
  db.transaction(async (tx) => {
    const orgId = actor.org.id;
    await lockClubContent(tx, orgId);
    const pages = await allPages(tx, orgId);
    if (pages.some((p) => p.slug === body.Slug)) throw slugTaken(body.Slug);
    const parentSlug = parentSlugFor(pages, body.IdRodzica, [body.Slug]);
    const [row] = await tx
      .insert(contentPages)
      .values({
        organisationId: orgId,
        type: PANEL_PAGE_TYPE,
        ...pageColumns(body, parentSlug),
      })
      .returning();
    await writeParams(tx, orgId, row!.id, body.Parametry);
    await contentChanged(tx, actor, {
      action: 'create',
      entity: 'page',
      entityId: row!.id,
      after: snapshot(row!, body.Parametry),
    });
    return readPage(tx, orgId, row!.id);
  });

/** The club's page, after taking the club's content lock (404 when it is not the club's). */
const lockedPage = async (tx: Tx, orgId: number, id: number) => {
  await lockClubContent(tx, orgId);
  const [page] = await tx
    .select()
    .from(contentPages)
    .where(and(ofClub(orgId), eq(contentPages.id, id)));
  if (!page) throw notFound(msg.pageNotFound);
  return page;
};

/**
 * Saves a sub-page. A new slug must be free; the special texts keep theirs. Renaming takes the
 * page's sub-pages and the menu items linking to `/old-slug` along, so no link breaks.
 */
export const updatePage = async (
  db: Db,
  actor: PanelActor,
  id: number,
  body: PanelPageInput,
): Promise<PanelPage> =>
  db.transaction(async (tx) => {
    const orgId = actor.org.id;
    const current = await lockedPage(tx, orgId, id);
    const pages = await allPages(tx, orgId);
    const renamed = body.Slug !== current.slug;
    if (renamed && isSpecial(current.slug))
      throw badRequest(msg.pageSpecialSlug, { Slug: msg.pageSpecialSlug });
    if (renamed && pages.some((p) => p.slug === body.Slug && p.id !== id)) throw slugTaken(body.Slug);
    const parentSlug = parentSlugFor(pages, body.IdRodzica, [current.slug, body.Slug]);
    const beforeParams = (await paramsOf(tx, orgId, [id])).get(id) ?? [];
    const patch = pageColumns(body, parentSlug);
    const before = snapshot(current, beforeParams);
    const after = snapshot(patch, body.Parametry);
    if (JSON.stringify(before) === JSON.stringify(after)) return readPage(tx, orgId, id);
    await tx
      .update(contentPages)
      .set(patch)
      .where(and(ofClub(orgId), eq(contentPages.id, id)));
    await writeParams(tx, orgId, id, body.Parametry);
    let menuLinks = 0;
    if (renamed) {
      await tx
        .update(contentPages)
        .set({ parentSlug: body.Slug })
        .where(and(eq(contentPages.organisationId, orgId), eq(contentPages.parentSlug, current.slug)));
      const moved = await tx
        .update(menuItems)
        .set({ url: `/${body.Slug}` })
        .where(and(eq(menuItems.organisationId, orgId), eq(menuItems.url, `/${current.slug}`)))
        .returning({ id: menuItems.id });
      menuLinks = moved.length;
    }
    await contentChanged(tx, actor, {
      action: 'update',
      entity: 'page',
      entityId: id,
      before,
      after: renamed ? { ...after, PoprawioneLinkiMenu: menuLinks } : after,
    });
    return readPage(tx, orgId, id);
  });

/** Deletes a sub-page nothing depends on: not a special text, no sub-pages, no menu item linking to it. */
export const deletePage = async (db: Db, actor: PanelActor, id: number): Promise<void> =>
  db.transaction(async (tx) => {
    const orgId = actor.org.id;
    const current = await lockedPage(tx, orgId, id);
    if (isSpecial(current.slug)) throw conflict(msg.pageSpecialDelete);
    const [child] = await tx
      .select({ id: contentPages.id })
      .from(contentPages)
      .where(and(eq(contentPages.organisationId, orgId), eq(contentPages.parentSlug, current.slug)))
      .limit(1);
    if (child) throw conflict(msg.pageHasSubpages);
    const links = await tx
      .select({ title: menuItems.title })
      .from(menuItems)
      .where(and(eq(menuItems.organisationId, orgId), eq(menuItems.url, `/${current.slug}`)))
      .orderBy(asc(menuItems.menuId), asc(menuItems.id));
    if (links.length)
      throw conflict(
        fillMessage(msg.pageLinkedInMenu, { pozycje: links.map((l) => `„${l.title}”`).join(', ') }),
      );
    const params = (await paramsOf(tx, orgId, [id])).get(id) ?? [];
    await tx.delete(contentPages).where(and(ofClub(orgId), eq(contentPages.id, id)));
    await contentChanged(tx, actor, {
      action: 'delete',
      entity: 'page',
      entityId: id,
      before: snapshot(current, params),
    });
  });

/**
 * Stores an image for a page's text under `/static/{alias}/trescizdjecia/{year}/{random}/` (a
 * folder of its own: names never collide, and the file can be served as immutable) and returns
 * its address for `<img src>`.
 */
export const storePageImage = async (
  db: Db,
  media: MediaStorage,
  log: Log,
  actor: PanelActor,
  image: { fileName: string; bytes: Buffer },
): Promise<PanelPageImage> => {
  const { org } = actor;
  const folder = `${new Date().getUTCFullYear()}/${randomBytes(6).toString('hex')}`;
  const key = `${org.alias}/trescizdjecia/${folder}/${image.fileName}`;
  try {
    await media.put(key, image.bytes, 'image/jpeg');
  } catch (err) {
    log.error({ err }, 'storing page image failed');
    throw new HttpError(503, msg.imageStorageFailed);
  }
  const url = `/static/${encodeURIComponent(org.alias)}/trescizdjecia/${folder}/${encodeURIComponent(image.fileName)}`;
  await recordAudit(db, {
    ...auditActor(actor),
    action: 'create',
    entity: 'page-image',
    entityId: null,
    after: { Url: url, Bajty: image.bytes.length },
  });
  return { Url: url, Nazwa: image.fileName };
};
