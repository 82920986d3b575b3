import {
  fillMessage,
  lineShareForPieces,
  msg,
  type PanelOrderAddress,
  type PanelOrderDetail,
  type PanelOrderLines,
  statusLabel,
} from '@club/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, productParameters, withdrawalLines } from '../../db/schema.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import type { PanelActor } from '../../plugins/panel-auth.ts';
import { moveOptionStock, returnProductStock } from '../orders/place-stock.ts';
import { auditActor, recordAudit } from './audit.ts';
import { addressOf, correctionsOf, hasInvoice } from './order-correction-rules.ts';
import type { OrderRow } from './orders-repository.ts';
import { changeOrder } from './orders-service.ts';

const refused = (o: OrderRow) =>
  conflict(fillMessage(msg.panelOrderCorrectionRefused, { status: statusLabel(o.status) }));

/** The delivery address corrected before the order is sent; audited. */
export const correctAddress = (
  db: Db,
  actor: PanelActor,
  id: number,
  input: PanelOrderAddress,
): Promise<PanelOrderDetail> =>
  changeOrder(db, actor, id, async (tx, o) => {
    if (!correctionsOf(o, false).Adres) throw refused(o);
    await tx
      .update(orders)
      .set({
        name: input.Nazwa,
        street: input.UlicaINumer,
        postcode: input.KodPocztowy,
        city: input.Miasto,
        phone: input.Telefon,
        email: input.Email,
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, id), eq(orders.organisationId, actor.org.id)));
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'address',
      entity: 'order',
      entityId: id,
      before: { Numer: o.number, ...addressOf(o) },
      after: { Numer: o.number, ...input },
    });
  });

/**
 * Lines corrected before the order is sent: another size of the same product, or fewer pieces
 * (unpaid cash on delivery only). Stock follows (the old pieces back, the new size taken, 409 when
 * it has too few), and so do the order's totals; all in the order's locked transaction, audited.
 */
export const correctLines = (
  db: Db,
  actor: PanelActor,
  id: number,
  input: PanelOrderLines,
): Promise<PanelOrderDetail> =>
  changeOrder(db, actor, id, async (tx, o) => {
    const orgId = actor.org.id;
    const rules = correctionsOf(o, await hasInvoice(tx, orgId, id));
    if (!rules.Rozmiary) {
      if (!rules.Adres) throw refused(o);
      throw conflict(msg.panelOrderLinesInvoiced);
    }
    const lines = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, id), eq(orderLines.organisationId, orgId)))
      .orderBy(asc(orderLines.id));
    const invalid = () => badRequest(msg.panelOrderLineInvalid, { Pozycje: msg.panelOrderLineInvalid });
    const changes = input.Pozycje.map((p) => {
      const line = lines.find((l) => l.id === p.Id);
      if (!line) throw invalid();
      if (p.Ilosc > line.quantity) throw conflict(msg.panelOrderLinesMore);
      if (p.Ilosc < line.quantity && !rules.Ilosci) throw conflict(msg.panelOrderLinesPaid);
      const resized = p.ParametrId !== undefined && p.ParametrId !== line.parameterId;
      if (resized && line.productId === null) throw badRequest(msg.panelOrderSizeInvalid);
      return { line, quantity: p.Ilosc, parameterId: resized ? p.ParametrId! : null };
    }).filter((c) => c.quantity !== c.line.quantity || c.parameterId !== null);
    if (new Set(input.Pozycje.map((p) => p.Id)).size !== input.Pozycje.length) throw invalid();
    if (!changes.length) return;
    const left = lines.reduce(
      (n, l) => n + (changes.find((c) => c.line.id === l.id)?.quantity ?? l.quantity),
      0,
    );
    if (left === 0) throw conflict(msg.panelOrderLinesEmpty);
    const discounts = new Map<number, number>();
    // A line the buyer withdrew from stays as it is: the return refers to it.
    const withdrawn = await tx
      .select({ id: withdrawalLines.orderLineId })
      .from(withdrawalLines)
      .where(
        and(
          eq(withdrawalLines.organisationId, orgId),
          inArray(
            withdrawalLines.orderLineId,
            changes.map((c) => c.line.id),
          ),
        ),
      );
    if (withdrawn.length) throw conflict(msg.panelOrderLinesWithdrawn);
    const describe = (name: string, parameter: string | null, quantity: number) =>
      `${name}${parameter ? ` (${parameter})` : ''} × ${quantity}`;

    const after: string[] = [];
    // Products in id order, as placement locks them: no deadlock with a checkout.
    for (const c of [...changes].sort((a, b) => (a.line.productId ?? 0) - (b.line.productId ?? 0))) {
      const { line } = c;
      let parameterName = line.parameterName;
      // A pre-order line holds the cap, not stock: another size is a new sale (decision 144).
      const preorder = line.preorderRelease !== null;
      if (preorder && c.parameterId !== null && c.parameterId !== line.parameterId)
        throw badRequest(msg.preorderLineSizeLocked, { Pozycje: msg.preorderLineSizeLocked });
      if (c.parameterId !== null && !preorder) {
        const [option, was] = await tx
          .select({
            id: productParameters.id,
            name: productParameters.name,
            price: productParameters.priceGross,
          })
          .from(productParameters)
          .where(
            and(
              inArray(productParameters.id, [c.parameterId, line.parameterId ?? c.parameterId]),
              eq(productParameters.productId, line.productId!),
              eq(productParameters.organisationId, orgId),
            ),
          )
          .orderBy(sql`${productParameters.id} = ${c.parameterId} desc`);
        if (option?.id !== c.parameterId)
          throw badRequest(msg.panelOrderSizeInvalid, { Pozycje: msg.panelOrderSizeInvalid });
        // The line keeps its price: a variant with a price of its own other than the old one's is a new sale.
        if (option.price !== (was?.price ?? null)) {
          throw badRequest(msg.panelOrderVariantPriceDiffers, { Pozycje: msg.panelOrderVariantPriceDiffers });
        }
        parameterName = option.name;
        await moveOptionStock(
          tx,
          orgId,
          line.productId!,
          line.productName,
          { parameterId: line.parameterId, quantity: line.quantity },
          { parameterId: c.parameterId, parameterName: option.name, quantity: c.quantity },
        );
      } else if (line.productId !== null) {
        await returnProductStock(tx, orgId, line.productId, [
          {
            parameterId: line.parameterId,
            quantity: line.quantity - c.quantity,
            preorder,
          },
        ]);
      }
      after.push(describe(line.productName, parameterName, c.quantity));
      // The pieces kept keep their share of the discount; the removed ones take theirs away.
      const discount =
        line.discount - lineShareForPieces(line.discount, line.quantity, line.quantity - c.quantity);
      discounts.set(line.id, discount);
      if (c.quantity === 0) await tx.delete(orderLines).where(eq(orderLines.id, line.id));
      else
        await tx
          .update(orderLines)
          .set({
            quantity: c.quantity,
            parameterId: c.parameterId ?? line.parameterId,
            parameterName,
            discount,
          })
          .where(eq(orderLines.id, line.id));
    }
    const itemsTotal = lines.reduce(
      (s, l) => s + l.unitPrice * (changes.find((c) => c.line.id === l.id)?.quantity ?? l.quantity),
      0,
    );
    const itemsDiscount = lines.reduce((s, l) => s + (discounts.get(l.id) ?? l.discount), 0);
    const total = itemsTotal - itemsDiscount + o.shippingCost;
    await tx
      .update(orders)
      .set({ itemsTotal, itemsDiscount, total, updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.organisationId, orgId)));
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'lines',
      entity: 'order',
      entityId: id,
      before: {
        Numer: o.number,
        Pozycje: changes.map((c) => describe(c.line.productName, c.line.parameterName, c.line.quantity)),
        Kwota: o.total / 100,
      },
      after: {
        Numer: o.number,
        Pozycje: after,
        Kwota: total / 100,
      },
    });
  });
