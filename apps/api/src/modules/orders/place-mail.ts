import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderLines, orders, organisations, products } from '../../db/schema.ts';
import { sellerOf } from '../../lib/seller.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { type OrderMail, orderConfirmationMail, shopOrderNotificationMail } from '../mail/order-templates.ts';
import { enqueueBudgetedMail, enqueueMail } from '../mail/queue.ts';

const displayName = (l: { name: string; parameterName: string | null }) =>
  l.parameterName ? `${l.name} - ${l.parameterName}` : l.name;

/**
 * What the confirmation needs beyond the order: the seller's legal data as it is now (read in the
 * transaction, not from the tenant cache) and the order's lines that are dated event tickets.
 */
const legalPartsOf = async (tx: Tx, org: Organisation, number: string) => {
  const [club] = await tx
    .select({ seller: organisations.seller })
    .from(organisations)
    .where(eq(organisations.id, org.id));
  const tickets = await tx
    .select({ name: orderLines.productName, parameterName: orderLines.parameterName })
    .from(orderLines)
    .innerJoin(orders, and(eq(orders.id, orderLines.orderId), eq(orders.organisationId, org.id)))
    .innerJoin(products, and(eq(products.id, orderLines.productId), eq(products.organisationId, org.id)))
    .where(and(eq(orders.number, number), eq(products.datedEvent, true)))
    .orderBy(orderLines.id);
  // Printed lines are personalised goods (decision 143): the e-mail names them as not returnable.
  const printed = await tx
    .select({ name: orderLines.productName, parameterName: orderLines.parameterName })
    .from(orderLines)
    .innerJoin(orders, and(eq(orders.id, orderLines.orderId), eq(orders.organisationId, org.id)))
    .where(and(eq(orders.number, number), isNotNull(orderLines.printingText)))
    .orderBy(orderLines.id);
  return {
    seller: sellerOf({ seller: club?.seller ?? null }),
    eventTickets: [...new Set(tickets.map(displayName))],
    printedLines: [...new Set(printed.map(displayName))],
  };
};

/** The shop's notice of a new order, to the club's shop address (when it has one). */
export const enqueueShopNotification = async (tx: Tx, org: Organisation, mail: OrderMail): Promise<void> => {
  if (!org.shopEmail) return;
  await enqueueMail(tx, shopOrderNotificationMail({ ...mail, to: org.shopEmail }), org.id);
};

/**
 * The buyer's confirmation and the shop's notice, queued in `tx`: they commit with the change
 * that makes the order real for the buyer (see place-service.ts) and the mail worker sends them.
 * A held order's confirmation carries its confirmation link instead, and the shop hears of it
 * only once the buyer has confirmed it (orders/held-orders.ts).
 */
export const enqueueOrderMails = async (
  tx: Tx,
  org: Organisation,
  mail: OrderMail,
  held?: { url: string; by: Date } | null,
): Promise<void> => {
  const legal = await legalPartsOf(tx, org, mail.number);
  // Anyone can type anyone's address into a guest order: the buyer's mails count against it.
  await enqueueBudgetedMail(
    tx,
    orderConfirmationMail({ ...mail, ...legal, shopEmail: org.shopEmail, confirmation: held ?? null }),
    org.id,
    'order',
  );
  if (!held) await enqueueShopNotification(tx, org, mail);
};
