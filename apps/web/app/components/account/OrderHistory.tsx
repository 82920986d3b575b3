import { formatPrice, type HistoryOrder, OrderStatus } from '@club/contract';
import { useId, useState } from 'react';
import { formatOrderDate } from '../../lib/dates.ts';
import { accountUi } from '../../texts/account.ts';
import { withdrawalUi } from '../../texts/withdrawal.ts';
import { LinePhoto } from '../LinePhoto.tsx';
import { Link } from '../Link.tsx';
import { PreorderLabel } from '../PreorderNote.tsx';
import { RetryPaymentButton } from '../payment/RetryPaymentButton.tsx';
import { OrderComplaints } from './OrderComplaints.tsx';
import { OrderDetails } from './OrderDetails.tsx';
import { OrderInvoices } from './OrderInvoices.tsx';
import { StatusBadge } from './StatusBadge.tsx';

const t = accountUi;

/**
 * Spec 'Historia zakupów': an accordion of orders. The header shows the number, a status badge,
 * the date (y-MM-d), the cost and the line count; expanded, the lines that have a product.
 */
export function OrderHistory({ orders, alias }: { orders: HistoryOrder[]; alias: string }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  if (orders.length === 0) return <p className="text-muted">{t.noOrders}</p>;
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <ul className="divide-y divide-gray-200 overflow-hidden rounded-lg border border-gray-200">
      {orders.map((o) => (
        <OrderItem
          key={o.Id}
          order={o}
          alias={alias}
          expanded={open.has(o.Id)}
          onToggle={() => toggle(o.Id)}
        />
      ))}
    </ul>
  );
}

function OrderItem({
  order,
  alias,
  expanded,
  onToggle,
}: {
  order: HistoryOrder;
  alias: string;
  expanded: boolean;
  onToggle(): void;
}) {
  const id = useId();
  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;
  const lines = order.Pozycje.filter((p) => p.Wyrob !== null);
  return (
    <li className="bg-white">
      <h3>
        <button
          type="button"
          id={buttonId}
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-left hover:bg-gray-50"
        >
          <span className="font-semibold text-ink">
            <span className="sr-only">{t.order} </span>
            {order.NrZamowienia}
          </span>
          <StatusBadge status={order.Status} />
          <span className="text-sm text-muted">
            <span className="sr-only">{t.orderDate}: </span>
            <time dateTime={order.DataZamowienia}>{formatOrderDate(order.DataZamowienia)}</time>
          </span>
          <span className="ml-auto flex items-center gap-4">
            <span className="text-sm text-muted">{t.lineCount(order.IloscPozycji)}</span>
            <span className="font-bold text-primary">{formatPrice(order.Koszt)}</span>
            <span
              aria-hidden="true"
              className={`inline-block text-muted transition-transform ${expanded ? 'rotate-180' : ''}`}
            >
              ▾
            </span>
          </span>
        </button>
      </h3>
      {order.Status !== OrderStatus.cancelled && (
        // The withdrawal function (Directive 2023/2673): on the order itself; the page tells the window.
        <div className="px-4 pb-3">
          <Link
            to={`/moje-konto/odstapienie/${order.Id}`}
            className="text-sm font-medium text-primary underline"
          >
            {withdrawalUi.action}
            <span className="sr-only"> – {order.NrZamowienia}</span>
          </Link>
        </div>
      )}
      {order.PonowPlatnosc && (
        // An unpaid online order that has not expired can be paid again.
        <div className="flex flex-wrap items-center gap-3 px-4 pb-3">
          <RetryPaymentButton token={order.PonowPlatnosc} className="btn-primary px-4 text-sm" />
        </div>
      )}
      <div id={panelId} hidden={!expanded} className="space-y-4 bg-gray-50 px-4 py-3">
        {expanded && <OrderDetails orderId={order.Id} />}
        {expanded && <OrderComplaints orderId={order.Id} />}
        {expanded && <OrderInvoices orderId={order.Id} />}
        <ul className="space-y-3">
          {lines.map((line, i) => {
            const w = line.Wyrob!;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: history lines have no id of their own.
              <li key={i} className="flex items-center gap-3">
                <LinePhoto alias={alias} product={w} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ink">{line.Produkt}</p>
                  <PreorderLabel preorder={line.Przedsprzedaz} />
                  <p className="text-sm text-muted">
                    {t.quantity}: {t.pieces(line.Ilosc)}
                  </p>
                </div>
                <p className="whitespace-nowrap font-semibold text-ink">
                  {formatPrice(line.CenaJednBrutto * line.Ilosc)}
                </p>
              </li>
            );
          })}
        </ul>
      </div>
    </li>
  );
}
