import type { Db, Tx } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { sanitizeHtml } from '../lib/sanitize.ts';

/** A page a new club starts with (the demo clubs and `npm run club` alike). */
export type StartPage = {
  slug: string;
  title: string;
  content: string;
  meta: string;
  params?: { key: string; value: string }[];
};

/** Writes a start page with its parameters; the contact sub-pages sit under `kontakt`. */
export const insertStartPage = async (
  db: Db | Tx,
  organisationId: number,
  p: StartPage,
  categoryId: number | null = null,
) => {
  const [page] = await db
    .insert(t.contentPages)
    .values({
      organisationId,
      type: 20,
      slug: p.slug,
      title: p.title,
      content: sanitizeHtml(p.content),
      excerpt: p.meta,
      metaDescription: p.meta,
      categoryId,
      parentSlug: p.slug.startsWith('kontakt-') ? 'kontakt' : null,
    })
    .returning({ id: t.contentPages.id });
  for (const param of p.params ?? [])
    await db
      .insert(t.contentPageParams)
      .values({ organisationId, pageId: page!.id, key: param.key, value: param.value });
};
