import type { PanelSocialLink, PanelSocialUpdate } from '@club/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { socialLinks } from '../../db/schema.ts';
import type { PanelActor } from '../../plugins/panel-auth.ts';
import { contentChanged, lockClubContent } from './content-shared.ts';

const linksOf = async (db: Db | Tx, orgId: number): Promise<PanelSocialLink[]> =>
  (
    await db
      .select({ kind: socialLinks.kind, url: socialLinks.url })
      .from(socialLinks)
      .where(eq(socialLinks.organisationId, orgId))
      .orderBy(asc(socialLinks.position), asc(socialLinks.id))
  ).map((r) => ({ Rodzaj: r.kind, Url: r.url }));

export const listSocial = (db: Db, actor: PanelActor) => linksOf(db, actor.org.id);

/** Replaces the club's links with the given ones, in their order (a network left out loses its link). */
export const saveSocial = async (db: Db, actor: PanelActor, body: PanelSocialUpdate) =>
  db.transaction(async (tx) => {
    const orgId = actor.org.id;
    await lockClubContent(tx, orgId);
    const before = await linksOf(tx, orgId);
    const after = body.Linki.map((l) => ({ Rodzaj: l.Rodzaj, Url: l.Url }));
    if (JSON.stringify(before) === JSON.stringify(after)) return before;
    await tx.delete(socialLinks).where(eq(socialLinks.organisationId, orgId));
    if (after.length)
      await tx
        .insert(socialLinks)
        .values(
          after.map((l, position) => ({ organisationId: orgId, kind: l.Rodzaj, url: l.Url, position })),
        );
    await contentChanged(tx, actor, { action: 'update', entity: 'social', entityId: null, before, after });
    return linksOf(tx, orgId);
  });
