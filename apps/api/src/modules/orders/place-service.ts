import { isLockerShipping, msg, OrderStatus, PaymentMethod, type PlaceOrderSchema } from '@club/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, conflict, HttpError, unauthorized } from '../../lib/http-error.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { storefrontUrl } from '../accounts/service.ts';
import { PaymentStatus } from '../payments/provider.ts';
import * as payments from '../payments/repository.ts';
import { isUniqueViolation, transactionWithRetry } from '../payments/retry.ts';
import { sendOrderMails } from './place-mail.ts';
import * as repo from './place-repository.ts';
import { type OrderDraft, type Placed, placeInTransaction } from './place-transaction.ts';

type Body = z.output<typeof PlaceOrderSchema>;
export type Background = (task: Promise<void>) => void;

/** How long a repeated request waits for the first one to get its payment address from the provider. */
const RESUME_WAIT_MS = 15_000;

const displayName = (l: { name: string; parameterName: string | null }) =>
  l.parameterName ? `${l.name} - ${l.parameterName}` : l.name;

/** Who orders: the logged-in user, or a guest where the club allows it. A stale ticket is a 401, not a guest. */
const buyer = async (app: FastifyInstance, request: FastifyRequest, org: Organisation) => {
  const user = await request.currentUser();
  if (user) return user.id;
  if (request.bearerToken()) throw unauthorized();
  if (!(await repo.guestOrdersAllowed(app.db, org.id))) throw new HttpError(401, msg.orderLoginRequired);
  return null;
};

/** The rules that need only the request and the shipping option: checked before anything is locked. */
const shippingFor = async (app: FastifyInstance, org: Organisation, body: Body) => {
  const shipping = await repo.findShippingOption(app.db, org.id, body.SposobDostawy.Id);
  if (!shipping) throw badRequest(msg.chooseShipping, { SposobDostawy: msg.chooseShipping });
  const deliveryInfo = body.DodatkoweInformacjeDostawa?.trim() || null;
  // Decided on the option's name in the database: the client's `Tresc` may say anything.
  if (isLockerShipping(shipping.name) && !deliveryInfo) {
    throw badRequest(msg.required, { DodatkoweInformacjeDostawa: msg.required });
  }
  if (body.Platnosc === PaymentMethod.cashOnDelivery && !shipping.cashOnDelivery) {
    throw badRequest(msg.orderCashOnDeliveryUnavailable, { Platnosc: msg.orderCashOnDeliveryUnavailable });
  }
  return { shipping, deliveryInfo };
};

/** A repeated request for an ordered cart answers what the first one answered, once it is known. */
const resume = async (
  app: FastifyInstance,
  orgId: number,
  first: Extract<Placed, { kind: 'existing' }>['order'],
) => {
  const deadline = Date.now() + RESUME_WAIT_MS;
  let order: typeof first | undefined = first;
  for (;;) {
    if (!order) throw conflict(msg.cartOrdered);
    if (order.paymentUrl) return order.paymentUrl;
    if (order.paymentStatus === PaymentStatus.error) throw new HttpError(502, msg.orderPaymentFailed);
    if (Date.now() > deadline) throw conflict(msg.orderInProgress);
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
export const placeOrder = async (
  app: FastifyInstance,
  request: FastifyRequest,
  body: Body,
  background: Background,
): Promise<string> => {
  const org = await request.org();
  const userId = await buyer(app, request, org);
  const [{ shipping, deliveryInfo }, storefront] = await Promise.all([
    shippingFor(app, org, body),
    storefrontUrl({ app, org }),
  ]);
  const cod = body.Platnosc === PaymentMethod.cashOnDelivery;
  const provider = cod ? null : app.payments.providerFor(org);
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
    paymentMethod: body.Platnosc,
    paymentProvider: provider?.name ?? 'cod',
    paymentUrl: cod ? `${storefront}/potwierdenie-platnosci` : null,
    address,
    deliveryInfo,
    customerIp: request.ip,
  };
  const placed = await transactionWithRetry(app.db, (tx) => placeInTransaction(tx, draft), {
    // Cannot happen while the cart row is locked first; if it ever does, the retry finds the order.
    retryIf: (err) => isUniqueViolation(err, 'orders_cart_guid_unique'),
  });
  if (placed.kind === 'existing') return resume(app, org.id, placed.order);

  const order = placed.order;
  let url = draft.paymentUrl;
  if (provider) {
    try {
      const started = await provider.createPayment(
        {
          id: order.id,
          number: order.number,
          total: order.total,
          shippingName: shipping.name,
          shippingCost: shipping.price,
          name: address.name,
          email: address.email,
          phone: address.phone,
          customerIp: request.ip,
          lines: order.lines.map((l) => ({
            name: displayName(l),
            unitPrice: l.unitPrice,
            quantity: l.quantity,
          })),
        },
        { org, publicUrl: app.config.publicUrl, storefrontUrl: storefront },
      );
      await payments.storePaymentStart(app.db, org.id, order.id, started.externalId, started.redirectUrl);
      url = started.redirectUrl;
    } catch (err) {
      request.log.error({ err, order: order.number }, 'the payment could not be started: order cancelled');
      await transactionWithRetry(app.db, async (tx) => {
        await payments.returnStockOnce(tx, org.id, order.id);
        await payments.setPaymentState(tx, org.id, order.id, {
          paymentStatus: PaymentStatus.error,
          status: OrderStatus.cancelled,
        });
      });
      throw new HttpError(502, msg.orderPaymentFailed);
    }
  }

  background(
    sendOrderMails(app, org, {
      shopName: org.name,
      number: order.number,
      lines: order.lines.map((l) => ({ name: displayName(l), quantity: l.quantity, unitPrice: l.unitPrice })),
      shippingName: shipping.name,
      shippingCost: shipping.price,
      deliveryInfo,
      paymentMethod: body.Platnosc,
      total: order.total,
      address,
    }),
  );
  return url!;
};
