import { randomBytes } from 'node:crypto';
import {
  fillMessage,
  groszeToZl,
  MAX_CLUB_CODES,
  msg,
  type PanelPromotion,
  type PanelPromotionCreate,
  type PanelPromotionList,
  type PanelPromotionStats,
  type PanelPromotionStatsQuery,
  type PanelPromotionUpdate,
  type PromotionFields,
  promotionProblems,
  promotionStatus,
  warsawLocal,
  zlToGrosze,
} from '@club/contract';
import type { Db, Tx } from '../../db/client.ts';
import { csvRow } from '../../lib/csv.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { notifyChange } from '../changes/notify.ts';
import { recordAudit } from './audit.ts';
import { ownedGroupCount } from './customer-groups-repository.ts';
import * as repo from './promotions-repository.ts';
import type { Actor } from './settings-service.ts';

/** Every field of a promotion as the panel gives it (zł, Warsaw instants). */
type Fields = Required<PanelPromotionUpdate>;

const zl = (grosze: number | null) => (grosze === null ? null : groszeToZl(grosze));

const fieldsOf = (r: repo.PromotionRow): Fields => ({
  Nazwa: r.name,
  Rodzaj: r.kind,
  Procent: r.percentBp === null ? null : r.percentBp / 100,
  Kwota: zl(r.amount),
  Kup: r.buy,
  Gratis: r.get,
  Zestaw:
    r.bundleComponents && r.bundlePrice !== null
      ? {
          Skladniki: r.bundleComponents.map((c) => ({ Typ: c.type, Id: c.ids })),
          Cena: groszeToZl(r.bundlePrice),
        }
      : null,
  Zakres: { Typ: r.scopeType, Id: r.scopeIds },
  ZNadrukiem: r.includesPrinting,
  Minimum: groszeToZl(r.minimum),
  Od: r.startsAt,
  Do: r.endsAt,
  LaczySie: r.stackable,
  LimitUzyc: r.usageLimit,
  LimitNaKlienta: r.customerLimit,
  GrupyKlientow: r.customerGroupIds,
});

/** The columns for the fields; only the kind's own value is kept, so a row never says two things. */
const columnsOf = (f: Fields) => {
  const is = (kind: Fields['Rodzaj']) => f.Rodzaj === kind;
  return {
    name: f.Nazwa,
    kind: f.Rodzaj,
    // Basis points: the engine rounds a percent to them anyway (`percentOf`), and integers need no
    // numeric-as-text from the driver.
    percentBp: is('percent') && f.Procent !== null ? Math.round(f.Procent * 100) : null,
    amount: is('amount') && f.Kwota !== null ? zlToGrosze(f.Kwota) : null,
    buy: is('buyXGetY') ? f.Kup : null,
    get: is('buyXGetY') ? f.Gratis : null,
    bundleComponents:
      is('bundle') && f.Zestaw ? f.Zestaw.Skladniki.map((s) => ({ type: s.Typ, ids: s.Id })) : null,
    bundlePrice: is('bundle') && f.Zestaw ? zlToGrosze(f.Zestaw.Cena) : null,
    scopeType: f.Zakres.Typ,
    scopeIds: f.Zakres.Typ === 'cart' ? [] : f.Zakres.Id,
    includesPrinting: f.ZNadrukiem,
    minimum: zlToGrosze(f.Minimum),
    startsAt: f.Od,
    endsAt: f.Do,
    stackable: f.LaczySie,
    usageLimit: f.LimitUzyc,
    customerLimit: f.LimitNaKlienta,
    customerGroupIds: f.GrupyKlientow,
  };
};

/** What the audit log keeps of the fields: as the panel shows them (zł, Warsaw time). */
const snapshot = (f: Fields) => {
  const c = fieldsOf({ ...columnsOf(f), id: 0 } as repo.PromotionRow);
  return { ...c, Od: c.Od && warsawLocal(c.Od), Do: c.Do && warsawLocal(c.Do) };
};

/** The scopes a promotion names: its own, or its bundle's components. */
const scopesOf = (r: repo.PromotionRow) => [
  { type: r.scopeType, ids: r.scopeIds },
  ...(r.bundleComponents ?? []),
];

/** The names of what the rows' scopes name, read at once for a whole list. */
const namesFor = (db: Db | Tx, orgId: number, rows: repo.PromotionRow[]) => {
  const ids: repo.ScopeIds = { categories: [], products: [], variants: [] };
  for (const r of rows) for (const s of scopesOf(r)) if (s.type !== 'cart') ids[s.type].push(...s.ids);
  return repo.scopeNames(db, orgId, ids);
};

const NO_USE: repo.PromotionUse = { orders: 0, discount: 0 };

const view = (
  r: repo.PromotionWithCodes,
  names: Map<string, string>,
  use: repo.PromotionUse = NO_USE,
  now = new Date(),
): PanelPromotion => {
  const f = fieldsOf(r);
  const named = new Map<string, PanelPromotion['Nazwy'][number]>();
  for (const { type, ids } of scopesOf(r)) {
    if (type === 'cart') continue;
    for (const id of ids) {
      const name = names.get(`${type}:${id}`);
      if (name !== undefined) named.set(`${type}:${id}`, { Typ: type, Id: id, Nazwa: name });
    }
  }
  return {
    Id: r.id,
    ...f,
    Status: promotionStatus(r, now),
    Od: f.Od && warsawLocal(f.Od),
    Do: f.Do && warsawLocal(f.Do),
    Wstrzymana: r.paused,
    Automatyczna: r.automatic,
    Kod: r.sharedCode,
    LiczbaKodow: r.codes,
    UzyteKody: r.usedCodes,
    Uzycia: r.used,
    Zamowienia: use.orders,
    Rabat: groszeToZl(use.discount),
    Utworzono: r.createdAt.toISOString(),
    Zmieniono: r.updatedAt.toISOString(),
    Zakonczono: r.endedAt?.toISOString() ?? null,
    Nazwy: [...named.values()],
  };
};

export const listPromotions = async (db: Db | Tx, orgId: number): Promise<PanelPromotionList> => {
  const rows = await repo.allPromotions(db, orgId);
  const now = new Date();
  const [names, uses] = await Promise.all([namesFor(db, orgId, rows), repo.promotionUses(db, orgId)]);
  return { Items: rows.map((r) => view(r, names, uses.get(r.id), now)), Total: rows.length };
};

/** Another club's promotion is not found here, as one that does not exist. */
export const getPromotion = async (db: Db | Tx, orgId: number, id: number): Promise<PanelPromotion> => {
  const found = await repo.onePromotion(db, orgId, id);
  if (!found) throw notFound(msg.promoNotFound);
  // One after the other: inside a transaction both would wait for its one connection anyway.
  const names = await namesFor(db, orgId, [found]);
  const uses = await repo.promotionUses(db, orgId, id);
  return view(found, names, uses.get(id));
};

/** A batch of single-use codes: neither automatic nor one shared code. */
const isBatch = (p: repo.PromotionWithCodes) => !p.automatic && p.sharedCode === null;

/**
 * What the promotion brought in a period (Warsaw days, both included; none given: its whole life).
 * Another club's promotion is not found here.
 */
export const promotionStats = async (
  db: Db | Tx,
  orgId: number,
  id: number,
  period: PanelPromotionStatsQuery,
): Promise<PanelPromotionStats> => {
  const found = await repo.onePromotion(db, orgId, id);
  if (!found) throw notFound(msg.promoNotFound);
  const s = await repo.promotionStats(db, orgId, id, period);
  const batch = isBatch(found);
  return {
    Od: period.od ?? null,
    Do: period.do ?? null,
    Zamowienia: s.orders,
    Przychod: groszeToZl(s.revenue),
    RabatProdukty: groszeToZl(s.items),
    RabatDostawa: groszeToZl(s.shipping),
    WykorzystaneKody: batch ? s.codes : null,
    LiczbaKodow: batch ? found.codes : null,
  };
};

/** Automatic promotions are on the storefront's pages (decision 151): every process drops them at commit. */
const shownChanged = (tx: Tx, orgId: number) =>
  notifyChange(tx, { organisationId: orgId, topic: 'promotions' });

const refuse = (fields: Record<string, string>) => {
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
};

/** The categories, products and variants named must be the club's own (another's are unknown). */
const checkScopes = async (db: Db | Tx, orgId: number, f: Fields) => {
  const bundle = f.Rodzaj === 'bundle';
  for (const s of bundle ? (f.Zestaw?.Skladniki ?? []) : [f.Zakres]) {
    if (s.Typ !== 'cart' && (await repo.ownedIds(db, orgId, s.Typ, s.Id)) !== s.Id.length)
      refuse({ [bundle ? 'Zestaw' : 'Zakres']: msg.promoScopeUnknown });
  }
  // Member prices (decision 153): the groups must be the club's own too.
  if (
    f.GrupyKlientow.length &&
    (await ownedGroupCount(db, orgId, f.GrupyKlientow)) !== f.GrupyKlientow.length
  )
    refuse({ GrupyKlientow: msg.promoGroupsUnknown });
};

/**
 * A product or variant named by one component of a bundle must not be matched by another one too
 * (its category, its product): the engine could then miss a set (decision 149). Same-type overlaps
 * are refused by the contract already; a category's subcategories are not looked at.
 */
const checkBundleOverlap = async (db: Db | Tx, orgId: number, f: Fields) => {
  if (f.Rodzaj !== 'bundle' || !f.Zestaw) return;
  const parts = f.Zestaw.Skladniki;
  const idsOf = (type: string) => parts.flatMap((s) => (s.Typ === type ? s.Id : []));
  const pieces = await repo.piecesOf(db, orgId, idsOf('products'), idsOf('variants'));
  const matches = (i: number, piece: (typeof pieces)[number]) => {
    const s = parts[i]!;
    if (s.Typ === 'categories') return piece.categoryId !== null && s.Id.includes(piece.categoryId);
    if (s.Typ === 'products') return s.Id.includes(piece.productId);
    return piece.variantId !== null && s.Id.includes(piece.variantId);
  };
  for (const piece of pieces)
    if (parts.filter((_, i) => matches(i, piece)).length > 1) refuse({ Zestaw: msg.promoBundleOverlap });
};

const checkCodeRoom = async (tx: Tx, orgId: number, adding: number) => {
  if ((await repo.clubCodeCount(tx, orgId)) + adding > MAX_CLUB_CODES)
    throw conflict(fillMessage(msg.promoClubCodesLimit, { ile: MAX_CLUB_CODES.toLocaleString('pl-PL') }));
};

/** Without 0/O and 1/I, which a buyer copying a printed code would confuse; 32 letters: no bias. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RANDOM_LENGTH = 8;
const randomCode = (prefix: string) => {
  const bytes = randomBytes(RANDOM_LENGTH);
  let s = '';
  for (const b of bytes) s += ALPHABET[b & 31];
  return `${prefix}-${s}`;
};

/**
 * `size` single-use codes `PREFIX-XXXXXXXX` (32^8 possibilities each). The unique index decides:
 * a code the club already has is skipped and another drawn, until the batch is whole.
 */
const makeBatch = async (tx: Tx, orgId: number, promotionId: number, size: number, prefix: string) => {
  let made = 0;
  for (let round = 0; made < size; round++) {
    if (round === 5) throw new Error(`promotion ${promotionId}: could not draw ${size} unique codes`);
    const drawn = new Set<string>();
    while (drawn.size < size - made) drawn.add(randomCode(prefix));
    made += (await repo.insertCodes(tx, orgId, promotionId, [...drawn], 1)).length;
  }
};

export const createPromotion = async (
  db: Db,
  actor: Actor,
  body: PanelPromotionCreate,
): Promise<PanelPromotion> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const { Kod, Kody, Wstrzymana, ...fields } = body;
    await checkScopes(tx, orgId, fields);
    await checkBundleOverlap(tx, orgId, fields);
    if (Kod !== undefined || Kody !== undefined) await checkCodeRoom(tx, orgId, Kody?.Liczba ?? 1);
    const row = await repo.insertPromotion(tx, {
      organisationId: orgId,
      ...columnsOf(fields),
      paused: Wstrzymana,
      automatic: Kod === undefined && Kody === undefined,
    });
    if (Kod !== undefined && !(await repo.insertCodes(tx, orgId, row.id, [Kod], null)).length) {
      const message = fillMessage(msg.promoCodeTaken, { kod: Kod });
      throw new HttpError(409, message, { Kod: message });
    }
    if (Kody) await makeBatch(tx, orgId, row.id, Kody.Liczba, Kody.Prefiks);
    await recordAudit(tx, {
      ...actor,
      action: 'create',
      entity: 'promotion',
      entityId: row.id,
      after: {
        ...snapshot(fields),
        Wstrzymana,
        ...(Kod !== undefined && { Kod }),
        ...(Kody && { LiczbaKodow: Kody.Liczba, Prefiks: Kody.Prefiks }),
      },
    });
    await shownChanged(tx, orgId);
    return getPromotion(tx, orgId, row.id);
  });

const locked = async (tx: Tx, orgId: number, id: number) => {
  const current = await repo.lockPromotion(tx, orgId, id);
  if (!current) throw notFound(msg.promoNotFound);
  return current;
};

const open = async (tx: Tx, orgId: number, id: number) => {
  const current = await locked(tx, orgId, id);
  if (current.endedAt) throw conflict(msg.promoEnded);
  return current;
};

/** Changes the fields present; the rules across fields hold for the promotion as it will be. */
export const updatePromotion = async (
  db: Db,
  actor: Actor,
  id: number,
  body: PanelPromotionUpdate,
): Promise<PanelPromotion> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const current = await open(tx, orgId, id);
    const before = fieldsOf(current);
    const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const next: Fields = { ...before, ...given };
    refuse(promotionProblems(next as PromotionFields));
    if (next.LimitUzyc !== null && next.LimitUzyc < current.used) {
      const message = fillMessage(msg.promoLimitBelowUsed, { ile: String(current.used) });
      refuse({ LimitUzyc: message });
    }
    await checkScopes(tx, orgId, next);
    await checkBundleOverlap(tx, orgId, next);
    const [was, is] = [snapshot(before), snapshot(next)];
    if (JSON.stringify(was) !== JSON.stringify(is)) {
      await repo.updatePromotion(tx, orgId, id, columnsOf(next));
      await recordAudit(tx, {
        ...actor,
        action: 'update',
        entity: 'promotion',
        entityId: id,
        before: was,
        after: is,
      });
      await shownChanged(tx, orgId);
    }
    return getPromotion(tx, orgId, id);
  });

/** Pauses or resumes: a paused promotion's codes are refused ("nieaktywny"), its dates stay. */
export const setPaused = async (db: Db, actor: Actor, id: number, paused: boolean): Promise<PanelPromotion> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const current = await open(tx, orgId, id);
    if (current.paused !== paused) {
      await repo.updatePromotion(tx, orgId, id, { paused });
      await recordAudit(tx, {
        ...actor,
        action: paused ? 'pause' : 'resume',
        entity: 'promotion',
        entityId: id,
        before: { Nazwa: current.name, Wstrzymana: current.paused },
        after: { Nazwa: current.name, Wstrzymana: paused },
      });
      await shownChanged(tx, orgId);
    }
    return getPromotion(tx, orgId, id);
  });

/**
 * Ends a promotion for good: kept (orders will refer to it), no longer applied, not changeable.
 * Ending an ended one changes nothing.
 */
export const endPromotion = async (db: Db, actor: Actor, id: number): Promise<PanelPromotion> =>
  db.transaction(async (tx) => {
    const orgId = actor.organisationId;
    const current = await locked(tx, orgId, id);
    if (!current.endedAt) {
      const endedAt = new Date();
      await repo.updatePromotion(tx, orgId, id, { endedAt });
      await recordAudit(tx, {
        ...actor,
        action: 'end',
        entity: 'promotion',
        entityId: id,
        before: { Nazwa: current.name, Zakonczona: false },
        after: { Nazwa: current.name, Zakonczona: true },
      });
      await shownChanged(tx, orgId);
    }
    return getPromotion(tx, orgId, id);
  });

const CSV_HEAD = ['Kod', 'Promocja', 'Limit użyć', 'Użyto'];

/**
 * The promotion's codes as CSV, in the orders export's style (BOM, semicolons, CRLF): a batch to
 * hand out to sponsors or fan clubs. A shared code has no limit of its own: its cell is empty.
 */
export const promotionCodesCsv = async (db: Db, orgId: number, id: number): Promise<string> => {
  const promotion = await repo.onePromotion(db, orgId, id);
  if (!promotion) throw notFound(msg.promoNotFound);
  const codes = await repo.codesOf(db, orgId, id);
  return `\ufeff${[
    csvRow(CSV_HEAD),
    ...codes.map((c) => csvRow([c.code, promotion.name, c.usageLimit, c.used])),
  ].join('\r\n')}\r\n`;
};
