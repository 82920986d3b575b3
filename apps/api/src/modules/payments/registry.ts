import { createHmac, timingSafeEqual } from 'node:crypto';
import { msg } from '@club/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/http-error.ts';
import { isEncrypted, SecretBox, SecretUnavailable } from '../../lib/secrets.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { demoProvider, loadDemoSecret } from './demo.ts';
import { type PayuConfig, PayuTokens, payuProvider } from './payu.ts';
import type { PaymentProvider } from './provider.ts';

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

  providerFor(org: Organisation): PaymentProvider {
    let payu: PayuConfig | null;
    try {
      payu = this.payuConfigFor(org);
    } catch (err) {
      if (!(err instanceof SecretUnavailable)) throw err;
      this.app.log.error({ org: org.alias, reason: err.message }, "the club's PayU keys cannot be decrypted");
      throw badRequest(msg.onlinePaymentUnavailable, { Platnosc: msg.onlinePaymentUnavailable });
    }
    if (payu) return payuProvider(payu, this.tokens);
    if (!this.app.config.demoPayments) {
      throw badRequest(msg.onlinePaymentUnavailable, { Platnosc: msg.onlinePaymentUnavailable });
    }
    return this.demo(org);
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
