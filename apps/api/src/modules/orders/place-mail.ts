import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderLines, orders, organisations, products } from '../../db/schema.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { type OrderMail, orderConfirmationMail, shopOrderNotificationMail } from '../mail/order-templates.ts';
import { enqueueMail } from '../mail/queue.ts';
import { sellerOf } from '../panel/settings-seller.ts';

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
  return {
    seller: sellerOf({ seller: club?.seller ?? null }),
    eventTickets: [...new Set(tickets.map(displayName))],
  };
};

/**
 * The buyer's confirmation and the shop's notice, queued in `tx`: they commit with the change
 * that makes the order real for the buyer (see place-service.ts) and the mail worker sends them.
 */
export const enqueueOrderMails = async (tx: Tx, org: Organisation, mail: OrderMail): Promise<void> => {
  const legal = await legalPartsOf(tx, org, mail.number);
  await enqueueMail(
    tx,
    { to: mail.address.email, ...orderConfirmationMail({ ...mail, ...legal, shopEmail: org.shopEmail }) },
    org.id,
  );
  if (org.shopEmail) {
    await enqueueMail(
      tx,
      { to: org.shopEmail, replyTo: mail.address.email, ...shopOrderNotificationMail(mail) },
      org.id,
    );
  }
};
