import type { PanelProduct, PanelStockAlertCounts } from '@club/contract';
import { useEffect, useState } from 'react';
import { api } from '../api.ts';
import { ui } from '../texts.ts';

const t = ui.stockAlerts;

/**
 * How many fans wait for each sold-out variant to come back ("Powiadom mnie", decision 146):
 * the manager sees demand before restocking. Nothing shown while nobody waits.
 */
export const StockAlertWaiting = ({ product }: { product: Pick<PanelProduct, 'Id' | 'Parametry'> }) => {
  const [counts, setCounts] = useState<PanelStockAlertCounts | null>(null);
  useEffect(() => {
    let live = true;
    api
      .call('panelStockAlertCounts', { params: { id: product.Id } })
      .then((c) => live && setCounts(c))
      // A count that cannot be read leaves the form as it is.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [product.Id]);
  if (!counts) return null;
  const rows = [
    ...(counts.Produkt ? [{ name: t.wholeProduct, n: counts.Produkt }] : []),
    ...counts.Parametry.map((c) => ({
      name: product.Parametry.find((p) => p.Id === c.Id)?.Nazwa ?? t.removedVariant,
      n: c.Oczekujacy,
    })),
  ];
  if (!rows.length) return null;
  return (
    <section aria-labelledby="stock-alert-waiting" className="rounded-md border border-gray-300 p-3">
      <h3 id="stock-alert-waiting" className="font-semibold">
        {t.title}
      </h3>
      <p className="text-sm text-muted">{t.hint}</p>
      <ul className="mt-2 space-y-1">
        {rows.map((r) => (
          <li key={r.name}>
            {r.name}: <strong>{t.waiting(r.n)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
};
