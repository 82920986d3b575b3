import { timingSafeEqual } from 'node:crypto';
import { msg, OrderStatus } from '@club/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { demoNotification, isDemoToken } from './demo.ts';
import { demoMessagePage, demoPageCsp, demoPaymentPage } from './demo-page.ts';
import { handleNotification } from './notifications.ts';
import { PaymentStatus } from './provider.ts';
import { Payments } from './registry.ts';
import * as repo from './repository.ts';

const NOTIFY_BODY_LIMIT = 64 * 1024;

const isRefundBody = (raw: string) => {
  try {
    const body = JSON.parse(raw) as unknown;
    return typeof body === 'object' && body !== null && 'refund' in body && !('order' in body);
  } catch {
    return false;
  }
};

/** PayU's notifications: the signature covers the body byte for byte, so this route keeps it raw. */
const notifyRoutes = async (app: FastifyInstance) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.post<{ Params: { alias: string } }>(
    '/api/payments/payu/notify/:alias',
    { schema: { hide: true } },
    async (request, reply) => {
      const org = await app.tenants.findByAlias(request.params.alias);
      if (!org) throw notFound(msg.organisationNotFound);
      const raw = typeof request.body === 'string' ? request.body : '';
      const provider = app.payments.providerFor(org);
      // PayU sends a refund's final state to the same address as the order's, with a `refund` section.
      if (isRefundBody(raw)) {
        const n = provider.verifyRefundNotification(request.headers, raw);
        request.log.info({ outcome: await app.payments.refundNotified(org, n) }, 'refund notification');
        return reply.type('text/plain; charset=utf-8').send('OK');
      }
      const outcome = await handleNotification(app, org, provider, request.headers, raw);
      request.log.info({ outcome }, 'payment notification');
      return reply.type('text/plain; charset=utf-8').send('OK');
    },
  );
};

const sameToken = (a: string, b: string | null) =>
  b !== null && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The demo provider's payment page. Outside /api on purpose: it is a page the buyer visits, like
 * PayU's. These static routes win over the storefront's catch-all in Fastify's router.
 */
const demoPageRoutes = async (app: FastifyInstance) => {
  // The buttons are plain HTML forms; their (empty) bodies are not needed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, undefined),
  );

  const load = async (token: string) => {
    const order = isDemoToken(token) ? await repo.findOrderByPayment(app.db, 'demo', token) : undefined;
    if (!order || !sameToken(token, order.paymentExternalId)) return null;
    const org = await repo.findOrganisation(app.db, order.organisationId);
    if (!org) return null;
    return { order, org, storefront: await app.tenants.siteUrl(org) };
  };

  const html = (reply: FastifyReply, status: number, body: string, storefront: string) =>
    reply
      .status(status)
      .header('content-security-policy', demoPageCsp(new URL(storefront).origin))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(body);

  const missing = (reply: FastifyReply) =>
    html(
      reply,
      404,
      demoMessagePage({ shopName: 'Sklep', heading: 'Nie znaleziono płatności', text: msg.paymentNotFound }),
      app.config.publicUrl,
    );

  app.get<{ Params: { token: string } }>(
    '/platnosc-demo/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const found = await load(request.params.token);
      if (!found) return missing(reply);
      const { order, org, storefront } = found;
      const over =
        order.paymentStatus === PaymentStatus.completed
          ? 'Ta płatność została już opłacona. Dziękujemy!'
          : order.paymentStatus === PaymentStatus.canceled ||
              order.paymentStatus === PaymentStatus.error ||
              // Expired unpaid (orders/maintenance.ts): the order is cancelled, its payment status kept.
              order.status === OrderStatus.cancelled
            ? 'Ta płatność została anulowana.'
            : null;
      const body = over
        ? demoMessagePage({
            shopName: org.name,
            heading: `Zamówienie ${order.number}`,
            text: over,
            link: storefront,
          })
        : demoPaymentPage({
            shopName: org.name,
            number: order.number,
            total: order.total,
            token: request.params.token,
          });
      return html(reply, 200, body, storefront);
    },
  );

  app.post<{ Params: { token: string; action: string } }>(
    '/platnosc-demo/:token/:action',
    { schema: { hide: true } },
    async (request, reply) => {
      const { token, action } = request.params;
      if (action !== 'approve' && action !== 'cancel') return missing(reply);
      const found = await load(token);
      if (!found) return missing(reply);
      const { order, org, storefront } = found;
      // An expired order is cancelled and its stock is back on sale: it can no longer be paid.
      if (order.status === OrderStatus.cancelled)
        return reply.redirect(app.payments.returnUrl(storefront, org.id, order.id), 303);
      const signed = demoNotification(
        org,
        app.payments.demoSecret(),
        { externalId: token, number: order.number, total: order.total },
        action === 'approve' ? 'COMPLETED' : 'CANCELED',
      );
      try {
        await handleNotification(app, org, app.payments.demo(org), signed.headers, signed.body);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        request.log.warn({ err }, 'demo payment notification refused');
      }
      return reply.redirect(app.payments.returnUrl(storefront, org.id, order.id), 303);
    },
  );
};

/**
 * Payment providers (PayU, demo) and their routes; `app.payments` (the registry) is shared with
 * orders, which start payments and react to their outcome (orders/payment-outcome.ts).
 * The demo page exists only where demo payments are on: there the buyer marks the order paid.
 */
const paymentsRoutes = async (app: FastifyInstance) => {
  app.decorate('payments', new Payments(app));
  await app.register(notifyRoutes);
  const { env, demoPayments, payu } = app.config;
  if (demoPayments) await app.register(demoPageRoutes);
  if (env === 'production' && demoPayments) {
    app.log.warn(
      'DEMO_PAYMENTS=on in production: buyers of clubs without PayU can mark their own orders paid',
    );
  } else if (env === 'production' && !payu) {
    app.log.warn(
      'no PAYU_* credentials: online payment is refused for clubs without their own PayU configuration',
    );
  }
};

export const paymentsModule = fp(paymentsRoutes, { name: 'payments', dependencies: ['tenancy'] });
