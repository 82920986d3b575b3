import { createHmac, timingSafeEqual } from 'node:crypto';
import { msg } from '@club/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/http-error.ts';
import { isEncrypted, SecretBox, SecretUnavailable } from '../../lib/secrets.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { demoProvider, demoProviderModule, loadDemoSecret } from './demo.ts';
import { cashOnDeliveryMethod } from './methods/cash-on-delivery.ts';
import type { PaymentMethodModule } from './methods/method.ts';
import { payuMethod } from './methods/payu.ts';
import { type PayuConfig, PayuTokens, payuProviderModule } from './payu.ts';
import type { PaymentProvider, PaymentProviderModule, RefundNotification } from './provider.ts';

/** The payment methods a buyer may choose (the spec's `Platnosc`), each with its rules. */
export const paymentMethods: readonly PaymentMethodModule[] = [payuMethod, cashOnDeliveryMethod];

/**
 * The providers online payments go through, asked in this order: the first that serves the club
 * takes its payments (PayU when configured, else the demo one where demo payments are on).
 */
export const paymentProviders: readonly PaymentProviderModule[] = [payuProviderModule, demoProviderModule];

/** The method of a spec code; undefined for a code no method has (the contract refuses those). */
export const paymentMethodOf = (code: number): PaymentMethodModule | undefined =>
  paymentMethods.find((m) => m.code === code);

/** What the buyer's order confirmation says about paying with the method of this code. */
export const paymentConfirmationNote = (code: number): string =>
  (paymentMethodOf(code) ?? payuMethod).confirmationNote;

/** An order's status changed by a payment (a notification), inside the transaction that changed it. */
export type PaymentStatusChange = {
  organisationId: number;
  orderId: number;
  from: number;
  to: number;
  paymentStatus: string;
};
type StatusListener = (tx: Tx, change: PaymentStatusChange) => Promise<void>;

/** A notification moved an order's payment (paid, cancelled, failed), whether or not its status moved. */
export type PaymentStateChange = PaymentStatusChange & { org: Organisation };
type PaymentListener = (tx: Tx, change: PaymentStateChange) => Promise<void>;

type NotificationOutcomeOfRefund = 'applied' | 'unchanged';
type RefundListener = (org: Organisation, n: RefundNotification) => Promise<NotificationOutcomeOfRefund>;

/** The context a club's PayU secret is sealed with: it opens for that club and field only. */
export const payuSecretContext = (orgId: number, field: 'clientSecret' | 'secondKey') =>
  `payu:${orgId}:${field}`;

/**
 * A club's stored PayU configuration, usable: secrets written by the panel are decrypted (values
 * without the `enc:v1:` prefix are older plain rows, written by hand, and used as they are).
 */
export const clubPayuConfig = (org: Organisation, secrets: SecretBox, baseUrl?: string): PayuConfig => {
  const stored = org.payuConfig!;
  const open = (value: string, field: 'clientSecret' | 'secondKey') =>
    isEncrypted(value) ? secrets.decrypt(value, payuSecretContext(org.id, field)) : value;
  return {
    ...stored,
    clientSecret: open(stored.clientSecret, 'clientSecret'),
    secondKey: open(stored.secondKey, 'secondKey'),
    ...((stored.baseUrl ?? baseUrl) && { baseUrl: stored.baseUrl ?? baseUrl }),
  };
};

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

/**
 * Chooses each club's payment provider. PayU when the club's `payu_config` is set; the default
 * club also takes the `PAYU_*` environment variables when its row has none (read here, never
 * written to the database, so removing the variables brings the demo provider back). Otherwise
 * the demo provider, but only where demo payments are on (`config.demoPayments`: by default
 * everywhere but production): on the demo page the buyer marks their own order paid, so in
 * production without PayU online payment is refused instead.
 */
export class Payments {
  readonly tokens = new PayuTokens();
  /** Opens the clubs' PayU secrets (SECRETS_KEY); see clubPayuConfig. */
  readonly secrets: SecretBox;
  private secret?: Buffer;
  private readonly statusListeners: StatusListener[] = [];
  private readonly paymentListeners: PaymentListener[] = [];
  private readonly refundListeners: RefundListener[] = [];

  constructor(private readonly app: FastifyInstance) {
    this.secrets = new SecretBox(app.config.secretsKeys);
  }

  /**
   * The club's own PayU (secrets decrypted, PAYU_BASE_URL applied) or, for the default club
   * without one, the PAYU_* variables. Throws SecretUnavailable when the club's secrets cannot be
   * opened (SECRETS_KEY missing or changed): never falls back to another provider silently.
   */
  payuConfigFor(org: Organisation): PayuConfig | null {
    if (org.payuConfig) return clubPayuConfig(org, this.secrets, this.app.config.payuBaseUrl);
    if (org.alias === this.app.config.defaultTenant && this.app.config.payu) return this.app.config.payu;
    return null;
  }

  /** Where online payments of the club go now (the panel shows it). */
  sourceFor(org: Organisation): 'klub' | 'serwer' | 'demo' | 'brak' {
    if (org.payuConfig) return 'klub';
    if (org.alias === this.app.config.defaultTenant && this.app.config.payu) return 'serwer';
    return this.app.config.demoPayments ? 'demo' : 'brak';
  }

  /** The first provider of the registry that serves the club; a 400 when none does. */
  providerFor(org: Organisation): PaymentProvider {
    const env = { config: this.app.config, payments: this };
    for (const module of paymentProviders) {
      let provider: PaymentProvider | null;
      try {
        provider = module.forClub(org, env);
      } catch (err) {
        // Keys that do not open refuse the payment: never another provider silently.
        if (!(err instanceof SecretUnavailable)) throw err;
        this.app.log.error(
          { org: org.alias, provider: module.name, reason: err.message },
          "the club's payment keys cannot be decrypted",
        );
        throw badRequest(msg.onlinePaymentUnavailable, { Platnosc: msg.onlinePaymentUnavailable });
      }
      if (provider) return provider;
    }
    throw badRequest(msg.onlinePaymentUnavailable, { Platnosc: msg.onlinePaymentUnavailable });
  }

  /**
   * Orders react to what a payment did to an order (its status history) by listening here:
   * payments knows nothing of orders' modules. Listeners run in the payment's transaction.
   */
  onOrderStatusChange(listener: StatusListener) {
    this.statusListeners.push(listener);
  }

  async orderStatusChanged(tx: Tx, change: PaymentStatusChange) {
    for (const listener of this.statusListeners) await listener(tx, change);
  }

  /** The buyer's payment e-mails listen here; listeners run in the notification's transaction. */
  /** The refunds module records a provider's later word on a refund here: payments knows nothing of refunds. */
  onRefundNotification(listener: RefundListener) {
    this.refundListeners.push(listener);
  }

  async refundNotified(org: Organisation, n: RefundNotification): Promise<NotificationOutcomeOfRefund> {
    let outcome: NotificationOutcomeOfRefund = 'unchanged';
    for (const listener of this.refundListeners)
      if ((await listener(org, n)) === 'applied') outcome = 'applied';
    return outcome;
  }

  onPaymentStateChange(listener: PaymentListener) {
    this.paymentListeners.push(listener);
  }

  async paymentStateChanged(tx: Tx, change: PaymentStateChange) {
    for (const listener of this.paymentListeners) await listener(tx, change);
  }

  /**
   * The token of an order's return URL: `{orderId}.{hmac}`, signed with the server secret (the one
   * behind the demo keys), bound to the club. Whoever holds it sees the order's payment outcome
   * and may start a new payment, so it is handed only to the buyer (return URL, their own history).
   */
  returnToken(orgId: number, orderId: number): string {
    const mac = createHmac('sha256', this.demoSecret())
      .update(`payment-return:${orgId}:${orderId}`)
      .digest('base64url')
      .slice(0, 32);
    return `${orderId}.${mac}`;
  }

  /** The order id a token names, when it is genuine for this club; null otherwise. */
  orderOfToken(orgId: number, token: string): number | null {
    const m = /^(\d{1,10})\./.exec(token);
    if (!m) return null;
    const expected = Buffer.from(this.returnToken(orgId, Number(m[1])));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given) ? Number(m[1]) : null;
  }

  returnUrl(storefront: string, orgId: number, orderId: number): string {
    return `${storefront}/potwierdenie-platnosci?z=${this.returnToken(orgId, orderId)}`;
  }

  demo(org: Organisation): PaymentProvider {
    return demoProvider(org, this.demoSecret());
  }

  demoSecret(): Buffer {
    this.secret ??= loadDemoSecret(this.app.config.dataDir);
    return this.secret;
  }
}
