import type { PaymentMethodCode } from '@club/contract';

/** The facts of the club and the shipping option a method's rules look at (the club's settings, the option's row). */
export type MethodClub = { cashOnDelivery: boolean };
export type MethodShipping = { cashOnDelivery: boolean };

/**
 * One way a buyer pays (the spec's `Platnosc`), with every rule the shop keeps about it. How the
 * money moves online is a provider's business (provider.ts): an online method is paid through
 * whichever provider the club has, an offline one needs none.
 */
type MethodCommon = {
  /** The spec's code, stored in `orders.payment_method` and sent as `Platnosc`. */
  readonly code: PaymentMethodCode;
  /** Its name for buyers and the shop (e-mails, CSV, panel); the contract's `paymentMethodLabel`. */
  readonly label: string;
  /** Whether the buyer may choose it with this shipping option at this club. */
  allows(shipping: MethodShipping, club: MethodClub): boolean;
  /** Why it was refused when `allows` said no (field `Platnosc`). */
  readonly unavailable: string;
  /**
   * Whether its orders may wait for the buyer to confirm them from the e-mail (orders/held-orders.ts):
   * those above `above` (grosze; null: never for their value) and a guest's to a new address.
   * Null: never held (an online payment proves enough).
   */
  readonly hold: { above(club: { codConfirmationAbove: number | null }): number | null } | null;
  /** What the buyer's order confirmation says about paying. */
  readonly confirmationNote: string;
};

export type PaymentMethodModule = MethodCommon &
  (
    | {
        /** Paid through the club's provider after the order commits; unpaid, it expires. */
        readonly online: true;
      }
    | {
        readonly online: false;
        /** What `orders.payment_provider` records for it. */
        readonly recordedAs: string;
      }
  );
