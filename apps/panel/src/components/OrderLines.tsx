import { editionNumbersLabel, type PanelOrderDetail, preorderLabel } from '@club/contract';
import { formatPrice } from '../lib/format.ts';
import { ui } from '../texts.ts';
import { TableScroll } from './Pager.tsx';

const t = ui.order;
type Line = PanelOrderDetail['Pozycje'][number];

/** An order's lines: cards on a phone, a table from `sm` up; each with its edition numbers and pre-order date. */
export const OrderLines = ({ order }: { order: PanelOrderDetail }) => (
  <div className="space-y-2">
    <h2 id="pozycje-zamowienia" className="text-lg font-semibold">
      {t.lines}
    </h2>
    {/* On a phone each line is a card, so quantity and price show without scrolling sideways. */}
    <ul className="space-y-3 sm:hidden" aria-labelledby="pozycje-zamowienia">
      {order.Pozycje.map((l) => (
        <li key={l.Id} className="card">
          <p className="font-semibold break-words">{l.Nazwa}</p>
          <EditionNumbers line={l} />
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
            <dt className="text-muted">{t.parameter}</dt>
            <dd>
              {l.Parametr ?? '—'}
              {l.KartaPodarunkowa && <span className="block text-sm text-muted">{t.giftCardLine}</span>}
              {l.Przedsprzedaz && (
                <strong className="block">{preorderLabel(l.Przedsprzedaz.DataWysylki)}</strong>
              )}
            </dd>
            <dt className="text-muted">{t.quantity}</dt>
            <dd className="font-semibold">{l.Ilosc}</dd>
            <dt className="text-muted">{t.price}</dt>
            <dd>{formatPrice(l.Cena)}</dd>
            <dt className="text-muted">{t.value}</dt>
            <dd>{formatPrice(l.Wartosc)}</dd>
          </dl>
        </li>
      ))}
    </ul>
    <div className="hidden sm:block">
      <TableScroll label={t.lines}>
        <table className="w-full min-w-[36rem] text-left">
          <thead className="bg-gray-100 text-sm">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t.product}
              </th>
              <th scope="col" className="px-3 py-2">
                {t.parameter}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t.quantity}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t.price}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t.value}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {order.Pozycje.map((l) => (
              <tr key={l.Id}>
                <td className="px-3 py-2">
                  {l.Nazwa}
                  <EditionNumbers line={l} />
                </td>
                <td className="px-3 py-2">
                  {l.Parametr ?? '—'}
                  {l.KartaPodarunkowa && <span className="block text-sm text-muted">{t.giftCardLine}</span>}
                  {l.Przedsprzedaz && (
                    <strong className="block">{preorderLabel(l.Przedsprzedaz.DataWysylki)}</strong>
                  )}
                </td>
                <td className="px-3 py-2 text-right">{l.Ilosc}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap">{formatPrice(l.Cena)}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap">{formatPrice(l.Wartosc)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  </div>
);

/** A numbered edition's numbers under the line's name: what the manager packs and writes down. */
const EditionNumbers = ({ line }: { line: Line }) =>
  line.NumeryEdycji ? (
    <span className="block text-sm" data-testid="edition-numbers">
      {t.editionNumbers}: {editionNumbersLabel(line.NumeryEdycji.Od, line.NumeryEdycji.Do)}
    </span>
  ) : null;
