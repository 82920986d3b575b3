import { OrderStatus } from '@club/contract';

/** The statutory period (art. 27 u.p.k.): 14 days from taking possession of the goods. */
export const WITHDRAWAL_DAYS = 14;
/** The most days a club may give (a longer period is the club's choice; a bound keeps tokens sane). */
export const MAX_WITHDRAWAL_DAYS = 365;

const DAY_MS = 86_400_000;

/** Why a line cannot be withdrawn from; the buyer reads the reason beside it. */
export const ExemptReason = {
  datedEvent:
    'Bilet na wydarzenie w wyznaczonym terminie – bez prawa odstąpienia (art. 38 pkt 12 ustawy o prawach konsumenta).',
  personalised:
    'Towar wyprodukowany według specyfikacji kupującego (personalizowany) – bez prawa odstąpienia (art. 38 pkt 3 ustawy o prawach konsumenta).',
  printed:
    'Produkt z nadrukiem nazwiska lub numeru (personalizowany) – bez prawa odstąpienia (art. 38 pkt 3 ustawy o prawach konsumenta).',
} as const;

export type WindowInput = {
  status: number;
  placedAt: Date;
  /** When the order reached its delivered status (Zrealizowane); null while it has not. */
  deliveredAt: Date | null;
  /** The club's period in days; below the statutory 14 the law's 14 stand. */
  clubDays: number | null;
};

export type WindowState =
  | { open: true; until: Date | null }
  | { open: false; reason: 'cancelled' | 'expired'; until: Date | null };

/**
 * The period runs from placement (a consumer may withdraw before delivery too) until the end of
 * the day count after delivery; until delivery it has no end yet (null).
 */
export const withdrawalWindow = (o: WindowInput, now: Date): WindowState => {
  const days = Math.max(WITHDRAWAL_DAYS, Math.min(o.clubDays ?? WITHDRAWAL_DAYS, MAX_WITHDRAWAL_DAYS));
  if (o.status === OrderStatus.cancelled) return { open: false, reason: 'cancelled', until: null };
  if (!o.deliveredAt) return { open: true, until: null };
  const until = new Date(o.deliveredAt.getTime() + days * DAY_MS);
  return now.getTime() <= until.getTime() ? { open: true, until } : { open: false, reason: 'expired', until };
};

/** Until when a guest's link works: the window's end, or a generous bound while undelivered. */
export const linkExpiry = (o: WindowInput, now: Date): Date => {
  const w = withdrawalWindow(o, now);
  if (w.until) return w.until;
  const days = Math.max(WITHDRAWAL_DAYS, Math.min(o.clubDays ?? WITHDRAWAL_DAYS, MAX_WITHDRAWAL_DAYS));
  // Not delivered yet: valid for a year plus the period from now, checked again on use.
  return new Date(Math.max(now.getTime(), o.placedAt.getTime()) + (365 + days) * DAY_MS);
};

export type LineFacts = {
  quantity: number;
  /** Pieces already withdrawn in earlier withdrawals. */
  withdrawn: number;
  datedEvent: boolean;
  personalised: boolean;
  /** The line was printed for the buyer (decision 143): personalised, whatever the product. */
  printed?: boolean;
};

/** How many pieces of a line may still be withdrawn, or why none. */
export const lineAvailability = (l: LineFacts): { available: number; exempt: string | null } => {
  if (l.datedEvent) return { available: 0, exempt: ExemptReason.datedEvent };
  if (l.personalised) return { available: 0, exempt: ExemptReason.personalised };
  if (l.printed) return { available: 0, exempt: ExemptReason.printed };
  return { available: Math.max(0, l.quantity - l.withdrawn), exempt: null };
};

/** The return's states and the panel's moves between them. */
export const ReturnState = {
  received: 'zgloszony',
  accepted: 'przyjety',
  rejected: 'odrzucony',
  goodsReceived: 'towar_otrzymany',
  refunded: 'zwrot_pieniedzy',
  replaced: 'wymieniony',
} as const;
export type ReturnStateCode = (typeof ReturnState)[keyof typeof ReturnState];
export const returnStates = Object.values(ReturnState) as ReturnStateCode[];

export const returnStateLabel: Record<ReturnStateCode, string> = {
  zgloszony: 'Zgłoszony',
  przyjety: 'Przyjęty',
  odrzucony: 'Odrzucony',
  towar_otrzymany: 'Towar otrzymany',
  zwrot_pieniedzy: 'Pieniądze zwrócone',
  wymieniony: 'Wymieniony',
};

export const returnTransitions: Record<ReturnStateCode, ReturnStateCode[]> = {
  zgloszony: ['przyjety', 'odrzucony'],
  przyjety: ['towar_otrzymany'],
  towar_otrzymany: ['zwrot_pieniedzy', 'wymieniony'],
  odrzucony: [],
  zwrot_pieniedzy: [],
  wymieniony: [],
};

export const canMoveReturn = (from: ReturnStateCode, to: ReturnStateCode): boolean =>
  returnTransitions[from].includes(to);
