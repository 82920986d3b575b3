import { fillMessage, msg, type PanelPrinting, type SquadSave } from '@club/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, squadPlayers } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { panelPrintingView, printingSettingsOf } from '../printing/view.ts';
import { type AuditEntry, recordAudit } from './audit.ts';

type Actor = Pick<AuditEntry, 'organisationId' | 'userId' | 'userEmail'>;

/** A product's printing settings (decision 143), within the club. */
export const getPrinting = async (db: Db, orgId: number, productId: number): Promise<PanelPrinting> => {
  const [row] = await db
    .select({ printing: products.printing })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.organisationId, orgId)));
  if (!row) throw notFound(msg.panelProductNotFound);
  return panelPrintingView(row.printing);
};

export const savePrinting = (db: Db, actor: Actor, productId: number, input: PanelPrinting) =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const [before] = await tx
      .select({ printing: products.printing, giftCard: products.giftCard })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.organisationId, orgId)))
      .for('update');
    if (!before) throw notFound(msg.panelProductNotFound);
    const after = printingSettingsOf(input);
    if (after && before.giftCard) throw badRequest(msg.panelProductGiftCardExtras);
    await tx
      .update(products)
      .set({ printing: after, updatedAt: new Date() })
      .where(and(eq(products.id, productId), eq(products.organisationId, orgId)));
    await recordAudit(tx, {
      ...actor,
      action: 'printing',
      entity: 'product',
      entityId: productId,
      before: before.printing,
      after,
    });
    return panelPrintingView(after);
  });

const squadOf = async (db: Pick<Db, 'select'>, orgId: number) => ({
  Zawodnicy: (
    await db
      .select({ id: squadPlayers.id, name: squadPlayers.name, number: squadPlayers.number })
      .from(squadPlayers)
      .where(eq(squadPlayers.organisationId, orgId))
      .orderBy(asc(squadPlayers.number))
  ).map((p) => ({ Id: p.id, Nazwisko: p.name, Numer: p.number })),
});

export const getSquad = (db: Db, orgId: number) => squadOf(db, orgId);

/**
 * Replaces the squad; a player who stays (same number) keeps his id, so carts holding him as a
 * preset keep it; one who leaves is removed and such carts keep his printed text.
 */
export const saveSquad = (db: Db, actor: Actor, input: SquadSave) =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const seen = new Set<number>();
    for (const p of input.Zawodnicy) {
      if (seen.has(p.Numer)) throw badRequest(fillMessage(msg.squadNumberTaken, { numer: String(p.Numer) }));
      seen.add(p.Numer);
    }
    const before = await squadOf(tx, orgId);
    const byNumber = new Map(before.Zawodnicy.map((p) => [p.Numer, p]));
    for (const p of before.Zawodnicy)
      if (!seen.has(p.Numer))
        await tx
          .delete(squadPlayers)
          .where(and(eq(squadPlayers.id, p.Id), eq(squadPlayers.organisationId, orgId)));
    for (const p of input.Zawodnicy) {
      const old = byNumber.get(p.Numer);
      if (!old)
        await tx.insert(squadPlayers).values({ organisationId: orgId, name: p.Nazwisko, number: p.Numer });
      else if (old.Nazwisko !== p.Nazwisko)
        await tx.update(squadPlayers).set({ name: p.Nazwisko }).where(eq(squadPlayers.id, old.Id));
    }
    const after = await squadOf(tx, orgId);
    await recordAudit(tx, { ...actor, action: 'update', entity: 'squad', entityId: null, before, after });
    return after;
  });
