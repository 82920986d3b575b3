import { msg } from '@club/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/http-error.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { demoProvider, loadDemoSecret } from './demo.ts';
import { type PayuConfig, PayuTokens, payuProvider } from './payu.ts';
import type { PaymentProvider } from './provider.ts';

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
  private readonly tokens = new PayuTokens();
  private secret?: Buffer;

  constructor(private readonly app: FastifyInstance) {}

  payuConfigFor(org: Organisation): PayuConfig | null {
    if (org.payuConfig) return org.payuConfig;
    if (org.alias === this.app.config.defaultTenant && this.app.config.payu) return this.app.config.payu;
    return null;
  }

  providerFor(org: Organisation): PaymentProvider {
    const payu = this.payuConfigFor(org);
    if (payu) return payuProvider(payu, this.tokens);
    if (!this.app.config.demoPayments) {
      throw badRequest(msg.onlinePaymentUnavailable, { Platnosc: msg.onlinePaymentUnavailable });
    }
    return this.demo(org);
  }

  demo(org: Organisation): PaymentProvider {
    return demoProvider(org, this.demoSecret());
  }

  demoSecret(): Buffer {
    this.secret ??= loadDemoSecret(this.app.config.dataDir);
    return this.secret;
  }
}
