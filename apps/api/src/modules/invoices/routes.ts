import { invoiceFileName } from '@club/contract';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { invoices } from '../../db/schema.ts';
import { route } from '../../lib/route.ts';
import { PaymentStatus } from '../payments/provider.ts';
import { invoicesCsv } from './export-csv.ts';
import { giftCardMovements } from './gift-card-movements.ts';
import type { Invoice } from './invoice-data.ts';
import { issueIfQualifies } from './issue.ts';
import { invoicePdf, orderInvoices, requestInvoice } from './service.ts';

/** The most invoices one export carries; a shorter period for more. */
export const INVOICE_CSV_MAX_ROWS = 20_000;

/** An invoice is the buyer's personal data: no shared cache keeps it, the browser saves it as a file. */
const sendPdf = (reply: FastifyReply, file: { number: string; pdf: Buffer }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${invoiceFileName(file.number)}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.pdf);

/**
 * Invoices: issued automatically when an order with a NIP is paid (here) or placed as cash on
 * delivery (place-service.ts), on request from the account or the panel; PDFs and the export.
 */
const invoicesRoutes = async (app: FastifyInstance) => {
  app.payments.onPaymentStateChange(async (tx, c) => {
    if (c.paymentStatus !== PaymentStatus.completed) return;
    // A savepoint: an invoice that cannot be issued never undoes the payment being recorded.
    try {
      await tx.transaction((sp) => issueIfQualifies(sp, c.org, c.orderId));
    } catch (err) {
      app.log.error({ err, orderId: c.orderId }, 'invoice not issued for a paid order');
    }
  });

  route(app, 'orderInvoices', async (request) => {
    const [org, user] = await Promise.all([request.org(), request.requireUser()]);
    return orderInvoices(app.db, org.id, request.params.id, user.id);
  });
  route(
    app,
    'requestOrderInvoice',
    async (request) => {
      const [org, user] = await Promise.all([request.org(), request.requireUser()]);
      const { Nazwa, NIP } = request.body;
      return requestInvoice(app.db, org, request.params.id, user.id, { company: Nazwa, nip: NIP });
    },
    { accountRateLimit: { max: 20, timeWindow: 60 * 60_000 } },
  );
  route(app, 'orderInvoicePdf', async (request, reply) => {
    const [org, user] = await Promise.all([request.org(), request.requireUser()]);
    return sendPdf(reply, await invoicePdf(app.db, org.id, request.params.id, user.id));
  });

  route(app, 'panelOrderInvoices', async (request) => {
    const { org } = await request.panelUser();
    return orderInvoices(app.db, org.id, request.params.id, null);
  });
  route(app, 'panelIssueOrderInvoice', async (request) => {
    const { org } = await request.panelUser();
    return requestInvoice(app.db, org, request.params.id, null);
  });
  route(app, 'panelInvoicePdf', async (request, reply) => {
    const { org } = await request.panelUser();
    return sendPdf(reply, await invoicePdf(app.db, org.id, request.params.id, null));
  });
  route(app, 'panelInvoicesCsv', async (request, reply) => {
    const { org } = await request.panelUser();
    const rows = await app.db
      .select({ data: invoices.data })
      .from(invoices)
      .where(
        and(
          eq(invoices.organisationId, org.id),
          gte(invoices.issueDate, request.query.od),
          lte(invoices.issueDate, request.query.do),
        ),
      )
      .orderBy(asc(invoices.issueDate), asc(invoices.id))
      .limit(INVOICE_CSV_MAX_ROWS);
    reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="faktury-${request.query.od}-${request.query.do}.csv"`,
      )
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    const { od, do: to } = request.query;
    const giftCards = await giftCardMovements(app.db, org.id, od, to, INVOICE_CSV_MAX_ROWS);
    return invoicesCsv(
      rows.map((r) => r.data as Invoice),
      giftCards,
    );
  });
};

export const invoicesModule = fp(invoicesRoutes, {
  name: 'invoices',
  dependencies: ['tenancy', 'auth', 'panel-auth', 'payments', 'rate-limit'],
  encapsulate: true,
});
