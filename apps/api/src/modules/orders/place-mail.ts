import type { Tx } from '../../db/client.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { type OrderMail, orderConfirmationMail, shopOrderNotificationMail } from '../mail/order-templates.ts';
import { enqueueMail } from '../mail/queue.ts';

/**
 * The buyer's confirmation and the shop's notice, queued in `tx`: they commit with the change
 * that makes the order real for the buyer (see place-service.ts) and the mail worker sends them.
 */
export const enqueueOrderMails = async (tx: Tx, org: Organisation, mail: OrderMail): Promise<void> => {
  await enqueueMail(tx, { to: mail.address.email, ...orderConfirmationMail(mail) }, org.id);
  if (org.shopEmail) {
    await enqueueMail(
      tx,
      { to: org.shopEmail, replyTo: mail.address.email, ...shopOrderNotificationMail(mail) },
      org.id,
    );
  }
};
