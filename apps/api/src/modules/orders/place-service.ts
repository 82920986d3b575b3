import { isLockerOption, msg, OrderStatus, type PlaceOrderSchema, withEditionNumbers } from '@club/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { endNow, isUniqueViolation, transactionEndingWith } from '../../db/transactions.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import { badRequest, conflict, HttpError, unauthorized } from '../../lib/http-error.ts';
import { sellerWithTerms } from '../../lib/seller.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { issueIfQualifies } from '../invoices/issue.ts';
import type { PaymentMethodModule } from '../payments/methods/method.ts';
import { paymentMethodOf } from '../payments/registry.ts';
import { freeShippingThresholdOf } from '../promotions/repository.ts';
import { confirmationUrl } from './held-orders.ts';
import { repairOrder } from './maintenance.ts';
import { queueOrderMails } from './order-mails.ts';
import { closedOrderError, startOrderPayment } from './payment-start.ts';
import { changedWhileOrdered } from './place-locked.ts';
import * as repo from './place-repository.ts';
import { type OrderDraft, type Placed, placeInTransaction } from './place-transaction.ts';

type Body = z.output<typeof PlaceOrderSchema>;

/** How long a repeated request waits for the first one to get its payment address from the provider. */
const RESUME_WAIT_MS = 15_000;

const displayName = (l: {
  name: string;
  parameterName: string | null;
  editionFrom?: number;
  editionTo?: number;
}) =>
  withEditionNumbers(l.parameterName ? `${l.name} - ${l.parameterName}` : l.name, {
    from: l.editionFrom ?? null,
    to: l.editionTo ?? null,
  });

/** Who places the order, as the route found them: plain values, no HTTP request. */
export type OrderPlacer = {
  org: Organisation;
  /** The logged-in customer, or null. */
  user: { id: number; email: string } | null;
  /** A ticket was sent but names no session (expired, revoked): a 401, never a guest order. */
  staleTicket: boolean;
  ip: string;
  log: FastifyBaseLogger;
};

/** Who orders: the logged-in user, or a guest (null) where the club allows it. */
const buyer = async (app: FastifyInstance, placer: OrderPlacer) => {
  if (placer.user) return placer.user;
  if (placer.staleTicket) throw unauthorized();
  if (!(await repo.guestOrdersAllowed(app.db, placer.org.id)))
    throw new HttpError(401, msg.orderLoginRequired);
  return null;
};

/** The rules that need only the request and the shipping option: checked before anything is locked. */
const shippingFor = async (
  app: FastifyInstance,
  org: Organisation,
  body: Body,
  method: PaymentMethodModule,
) => {
  const shipping = await repo.findShippingOption(app.db, org.id, body.SposobDostawy.Id);
  if (!shipping) throw badRequest(msg.chooseShipping, { SposobDostawy: msg.chooseShipping });
  const deliveryInfo = body.DodatkoweInformacjeDostawa?.trim() || null;
  // Decided on the option in the database (flag or name): the client's `Tresc` may say anything.
  if (isLockerOption({ Tresc: shipping.name, Paczkomat: shipping.parcelLocker }) && !deliveryInfo) {
    throw badRequest(msg.required, { DodatkoweInformacjeDostawa: msg.required });
  }
  // The method's own rules: e.g. cash on delivery with some options, and only if the club allows it.
  if (!method.allows(shipping, org)) throw badRequest(method.unavailable, { Platnosc: method.unavailable });
  return { shipping, deliveryInfo };
};

/**
 * A repeated request for an ordered cart answers what the first one answered, once it is known:
 * the payment address, or why the order was cancelled. An order without a payment whose start
 * nobody holds (a crash between its commit and its payment start) gets its payment started right
 * here; one whose start is in progress is given RESUME_WAIT_MS to get its address from it.
 */
const resume = async (
  app: FastifyInstance,
  log: FastifyBaseLogger,
  orgId: number,
  first: Extract<Placed, { kind: 'existing' }>['order'],
) => {
  const deadline = Date.now() + RESUME_WAIT_MS;
  let order: typeof first | undefined = first;
  for (let round = 0; ; round++) {
    if (!order) throw conflict(msg.cartOrdered);
    if (order.status === OrderStatus.cancelled) throw closedOrderError(order);
    if (order.paymentUrl) return order.paymentUrl;
    const late = Date.now() > deadline;
    if (round === 0 || late) {
      const repaired = await repairOrder(app, order.id, log, { graceMs: 0 });
      if (repaired) return repaired;
    }
    if (late) throw conflict(msg.orderInProgress);
    await new Promise((r) => setTimeout(r, 100));
    order = await repo.findOrderForResume(app.db, orgId, order.id);
  }
};

/**
 * `zlozZamowienie`: the order is written in one transaction (see placeInTransaction); only after
 * it is committed is the payment registered with the provider, so a slow or failing provider
 * never holds locks. A provider failure cancels the order and returns its stock. Answers the
 * address to send the buyer to.
 */
export const placeOrder = async (app: FastifyInstance, placer: OrderPlacer, body: Body): Promise<string> => {
  const { org } = placer;
  // A shop takes orders only once the buyer can be told who sells (art. 12) and on what terms.
  if (!(await sellerWithTerms(app.db, org)).Uzupelnione) throw conflict(msg.shopNotReady);
  const user = await buyer(app, placer);
  const userId = user?.id ?? null;
  const method = paymentMethodOf(body.Platnosc);
  // The contract accepts only the registry's codes.
  if (!method) throw badRequest(msg.invalidRequest, { Platnosc: msg.invalidRequest });
  // Its link goes only into the buyer's e-mail; the order keeps the hash (used if it is held).
  const confirmToken = method.hold ? newToken() : null;
  const [{ shipping, deliveryInfo }, storefront, freeShippingFrom, orderId] = await Promise.all([
    shippingFor(app, org, body, method),
    app.tenants.siteUrl(org),
    freeShippingThresholdOf(app.db, org.id),
    // An offline method goes straight to the thank-you page: its address names the order by a
    // signed token (as the online return does), so the id is known before the order is written.
    method.online ? null : repo.nextOrderId(app.db),
  ]);
  // Refused here, before anything is locked, when the club cannot take online payments.
  const provider = method.online ? app.payments.providerFor(org) : null;
  const address = {
    name: body.Nazwa,
    street: body.UlicaINumer,
    postcode: body.KodPocztowy,
    city: body.Miasto,
    phone: body.Telefon,
    email: body.Email,
  };
  const draft: OrderDraft = {
    orgId: org.id,
    orderPrefix: org.orderPrefix,
    userId,
    guid: body.Guid,
    shipping,
    freeShippingFrom,
    orderId,
    paymentMethod: body.Platnosc,
    paymentProvider: method.online ? provider!.name : method.recordedAs,
    paymentUrl: orderId !== null ? app.payments.returnUrl(storefront, org.id, orderId) : null,
    returnUrlOf: (id) => app.payments.returnUrl(storefront, org.id, id),
    paymentTimeoutMs: method.online ? app.config.orderPaymentTimeoutMs : null,
    address,
    deliveryInfo,
    invoice: body.Faktura ? { company: body.Faktura.Nazwa, nip: body.Faktura.NIP } : null,
    customerIp: placer.ip,
    limits: org,
    // Counted with the other request limits: RATE_LIMITS=off (tests, benchmarks) leaves them out.
    hourly: app.config.rateLimits ? { ...org, accountEmail: user?.email ?? null } : null,
    accountEmail: user?.email ?? null,
    hold:
      method.hold && confirmToken
        ? {
            aboveGrosze: method.hold.above(org),
            tokenHash: hashToken(confirmToken),
            timeoutMs: app.config.orderConfirmationTimeoutMs,
          }
        : null,
  };
  const forPayment = (order: Extract<Placed, { kind: 'new' }>['order']) => ({
    id: order.id,
    number: order.number,
    total: order.total,
    giftCardPaid: order.giftCardPaid,
    shippingName: shipping.name,
    shippingCost: order.shippingCost,
    deliveryInfo,
    paymentMethod: body.Platnosc,
    customerIp: placer.ip,
    address,
    lines: order.lines.map((l) => ({
      name: displayName(l),
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      preorderRelease: l.preorderRelease,
      discount: l.discount ?? 0,
    })),
    validitySeconds: app.config.orderPaymentTimeoutMs / 1000,
  });
  // An offline method's order is complete once committed: its e-mails follow it (order-mails.ts).
  // An online order's go with its payment start (startOrderPayment), so nobody is told of an
  // order they cannot pay. A held one's carries the link that confirms it.
  const mails =
    !provider && orderId !== null
      ? {
          organisationId: org.id,
          orderId,
          confirmUrl: confirmToken ? confirmationUrl(storefront, confirmToken) : null,
        }
      : null;
  const placed = await transactionEndingWith(
    app.db,
    async (tx) => {
      // First, before any lock: one insert that commits with the order; the worker makes the mails.
      if (mails) await queueOrderMails(tx, mails);
      const end = await placeInTransaction(tx, draft);
      // An order a gift card paid in full is complete once committed, as an offline one is.
      const byCard = end.last === null ? end.read(null) : null;
      if (byCard?.kind === 'new' && byCard.order.paidByCard) {
        if (!mails)
          await queueOrderMails(tx, { organisationId: org.id, orderId: byCard.order.id, confirmUrl: null });
        if (body.Faktura) await issueIfQualifies(tx, org, byCard.order.id);
        return end;
      }
      if (provider || !body.Faktura) return end;
      // A company's cash-on-delivery order gets its invoice with the order (unless held), once the
      // order has its number: the stock is then taken before the COMMIT, not with it.
      const p = await endNow(tx, end);
      if (p.kind === 'new') await issueIfQualifies(tx, org, p.order.id);
      return { last: null, read: () => p };
    },
    {
      // A cart placed twice cannot meet here while its row is locked first; if it ever does, the
      // retry finds the order. A product changed between the read and the lock: priced again.
      retryIf: (err) => isUniqueViolation(err, 'orders_cart_guid_unique') || changedWhileOrdered(err),
    },
  );
  if (placed.kind === 'new' && (mails || placed.order.paidByCard)) app.orderMails.wake();
  if (placed.kind === 'existing') return resume(app, placer.log, org.id, placed.order);
  if (placed.order.paidByCard) return app.payments.returnUrl(storefront, org.id, placed.order.id);
  if (!provider) return draft.paymentUrl!;
  // After the commit: no lock is held while the provider answers. A crash right here leaves the
  // order without payment; orders/maintenance.ts finds and repairs it.
  return startOrderPayment(app, org, provider, forPayment(placed.order), placer.log);
};
