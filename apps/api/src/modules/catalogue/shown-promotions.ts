import {
  groszeToZl,
  isAnnouncedReduction,
  type Promotion,
  type PromotionPrice,
  promotionBadge,
  promotionOfRow,
  promotionRefusal,
  promotionsFor,
  reducedUnitPrice,
  type ShownPiece,
} from '@club/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { notifyChange } from '../changes/notify.ts';
import { ClubCache } from './catalogue-index.ts';
import { OMNIBUS_DAYS } from './price-history.ts';
import { lowestShownBefore, type PricePoint, type ShownSpan, shownSpan } from './promotion-omnibus.ts';
import * as repo from './repository.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Figures kept per club before they are forgotten all at once (a few per product shown). */
const MAX_FIGURES = 20_000;

/**
 * A club's automatic promotions as the catalogue shows them (decision 151), read once and kept
 * until a promotion changes (the `promotions` notice), the next start or end of one, or a minute
 * (a usage limit reached by orders is not announced).
 */
export type ClubPromotions = {
  /** The next start or end of one of them (ms); the value is stale from then on. */
  validUntil: number;
  /** Announced reductions not ended (the engine checks the dates and pauses at `now`). */
  reductions: Promotion[];
  /** Badges of the other automatic deals active now. */
  badges: { promotion: Promotion; text: string }[];
  /** When each announced reduction was on the pages, for the Omnibus window; by id. */
  spans: Map<number, ShownSpan>;
  /** Omnibus figures already worked out: they depend on history before a start, which stays. */
  figures: Map<string, number>;
};

const nothing = (): ClubPromotions => ({
  validUntil: Number.POSITIVE_INFINITY,
  reductions: [],
  badges: [],
  spans: new Map(),
  figures: new Map(),
});

export const loadClubPromotions = async (
  db: Db,
  orgId: number,
  now = Date.now(),
): Promise<ClubPromotions> => {
  const rows = await repo.findAutomaticPromotions(db, orgId);
  const value = nothing();
  if (!rows.length) return value;
  const at = new Date(now);
  const empty = { lines: [], shippingPrice: 0 };
  let validUntil = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    const limitReached = row.usageLimit !== null && row.used >= row.usageLimit;
    const promotion = promotionOfRow(row, null, limitReached);
    const span = shownSpan(promotion, row);
    for (const edge of [span.from, span.to]) if (edge > now && edge < validUntil) validUntil = edge;
    if (isAnnouncedReduction(promotion)) {
      value.spans.set(row.id, { promotion, ...span });
      if (span.to > now) value.reductions.push(promotion);
      continue;
    }
    const text = promotionBadge(promotion);
    // Active now: the engine's refusal on an empty cart is then only "not applicable".
    if (text && promotionRefusal(promotion, empty, at) === 'notApplicable')
      value.badges.push({ promotion, text });
  }
  value.validUntil = validUntil;
  return value;
};

/** A piece of a list or product page: the product, or one of its variants. */
export type ShownItem = {
  productId: number;
  variantId: number | null;
  categoryId: number | null;
  /** The piece's price in grosze (a variant's own, else the product's). */
  price: number;
  /** Whether the price is the variant's own (its own history then). */
  ownPrice: boolean;
};

export type Shown = { Promocja?: PromotionPrice; Oferty?: string[] };

// A promotion on a category takes the products of that category itself, as the panel's checks
// see it (decision 150): not those of its subcategories.
const pieceOf = (item: ShownItem): ShownPiece => ({
  productId: item.productId,
  variantId: item.variantId,
  categoryIds: item.categoryId === null ? [] : [item.categoryId],
});

/**
 * What each item shows of the club's promotions: the reduced price of one piece with its badge
 * and Omnibus figure, and the badges of other deals. No query at all when the club has no
 * promotion for the items; otherwise at most one (the price history of figures not yet known).
 */
export const showPromotions = async (
  db: Db,
  orgId: number,
  club: ClubPromotions,
  items: readonly ShownItem[],
  now = new Date(),
): Promise<Shown[]> => {
  if (!club.reductions.length && !club.badges.length) return items.map(() => ({}));
  const priced = items.map((item) => {
    const piece = pieceOf(item);
    const badges = promotionsFor(
      club.badges.map((b) => b.promotion),
      piece,
    ).map((p) => club.badges.find((b) => b.promotion === p)!.text);
    const reduced = reducedUnitPrice(piece, item.price, club.reductions, now);
    if (!reduced) return { item, piece, badges };
    // The reduction shown began when the last of the promotions making it began.
    const start = Math.max(...reduced.applied.map((a) => club.spans.get(a.id)?.from ?? now.getTime()));
    const key = `${item.productId}:${item.variantId ?? 0}:${Number(item.ownPrice)}:${item.price}:${start}`;
    return { item, piece, badges, reduced, start, key };
  });
  const missing = priced.filter((p) => p.key !== undefined && !club.figures.has(p.key));
  if (missing.length) {
    const starts = missing.map((p) => p.start!);
    const history = await repo.findPriceHistory(
      db,
      orgId,
      [...new Set(missing.map((p) => p.item.productId))],
      new Date(Math.min(...starts) - OMNIBUS_DAYS * DAY),
      new Date(Math.max(...starts)),
    );
    const earlier = [...club.spans.values()];
    if (club.figures.size + missing.length > MAX_FIGURES) club.figures.clear();
    for (const p of missing) {
      const ofProduct = (parameterId: number | null): PricePoint[] =>
        history.filter((h) => h.productId === p.item.productId && h.parameterId === parameterId);
      club.figures.set(
        p.key!,
        lowestShownBefore({
          piece: p.piece,
          start: p.start!,
          own: p.item.ownPrice && p.item.variantId !== null ? ofProduct(p.item.variantId) : [],
          product: ofProduct(null),
          earlier,
          current: p.reduced!.price,
        }),
      );
    }
  }
  return priced.map((p) => ({
    ...(p.reduced && {
      Promocja: {
        Nazwa: p.reduced.applied[0]!.name,
        CenaPromocyjna: groszeToZl(p.reduced.price),
        NajnizszaCenaPrzedPromocja: groszeToZl(club.figures.get(p.key!)!),
      },
    }),
    ...(p.badges.length && { Oferty: [...new Set(p.badges)] }),
  }));
};

export type ShownPromotions = {
  /** The club's promotions as shown now (kept while the change bus listens, else read anew). */
  get(orgId: number): Promise<ClubPromotions>;
};

declare module 'fastify' {
  interface FastifyInstance {
    shownPromotions: ShownPromotions;
  }
}

/** setTimeout's longest delay; a later boundary re-arms when the timer fires. */
const MAX_DELAY = 2 ** 31 - 1;

/**
 * Keeps each club's promotions and, since cached pages outlive a promotion's start or end by their
 * lifetime, announces a `promotions` change at the next start or end of a club's promotion: every
 * process then drops that club's pages and promotions, as for a change in the panel.
 */
export const shownPromotionsPlugin = fp(
  async (app: FastifyInstance) => {
    const timers = new Map<number, { at: number; timer: NodeJS.Timeout }>();
    const arm = (orgId: number, at: number) => {
      const armed = timers.get(orgId);
      if (!Number.isFinite(at) || (armed && armed.at <= at)) return;
      if (armed) clearTimeout(armed.timer);
      const timer = setTimeout(
        () => {
          timers.delete(orgId);
          if (Date.now() < at) return arm(orgId, at);
          cache.drop(orgId);
          notifyChange(app.db, { organisationId: orgId, topic: 'promotions' }).catch((err: unknown) =>
            app.log.warn({ err, orgId }, 'promotions: announcing a start or an end failed'),
          );
        },
        Math.min(MAX_DELAY, Math.max(0, at - Date.now()) + 50),
      );
      timer.unref();
      timers.set(orgId, { at, timer });
    };
    const load = async (orgId: number) => {
      const value = await loadClubPromotions(app.db, orgId);
      arm(orgId, value.validUntil);
      return value;
    };
    const cache = new ClubCache(load, {
      usable: () => app.changes.listening(),
      ttlMs: 60_000,
      maxEntries: 1000,
    });
    app.changes.subscribe('promotions', (event) =>
      cache.drop(event === 'all' ? 'all' : event.organisationId),
    );
    app.decorate('shownPromotions', {
      get: async (orgId) => {
        if (!cache.usable()) return loadClubPromotions(app.db, orgId);
        const value = await cache.get(orgId);
        if (Date.now() < value.validUntil) return value;
        cache.drop(orgId);
        return cache.get(orgId);
      },
    } satisfies ShownPromotions);
    app.addHook('onClose', async () => {
      for (const { timer } of timers.values()) clearTimeout(timer);
      timers.clear();
    });
  },
  { name: 'shown-promotions', dependencies: ['changes'], decorators: { fastify: ['db'] } },
);
