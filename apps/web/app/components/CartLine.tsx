import { type CartLine as CartLineData, formatPrice } from '@club/contract';
import { useId, useState } from 'react';
import { lineTotal } from '../lib/product-form.ts';
import { printingUi } from '../texts/printing.ts';
import { shopUi } from '../texts/shop.ts';
import { TrashIcon } from './CartIcons.tsx';
import { Labelled, LinePhoto } from './LinePhoto.tsx';
import { Link } from './Link.tsx';
import { PreorderLabel } from './PreorderNote.tsx';
import { QuantitySelector } from './QuantitySelector.tsx';

type Props = {
  line: CartLineData;
  alias: string;
  busy?: boolean;
  onQuantity(line: CartLineData, quantity: number): void;
  onRemove(line: CartLineData): void;
};

/**
 * Spec 'Cart': one line with its delete control, image, product name, gross price, a quantity
 * input limited by the stock and the club's limits (max) and the line value (price × quantity).
 */
export function CartLine({ line, alias, busy = false, onQuantity, onRemove }: Props) {
  const id = useId();
  const [quantity, setQuantity] = useState<number | null>(line.Ilosc);
  // The server's quantity changed (reload after an update or an error): show it.
  const [serverQuantity, setServerQuantity] = useState(line.Ilosc);
  if (serverQuantity !== line.Ilosc) {
    setServerQuantity(line.Ilosc);
    setQuantity(line.Ilosc);
  }
  const href = `/produkt/${line.Wyrob.Id}`;
  const shown = quantity ?? line.Ilosc;
  // The stock, the club's limits and the other lines' pieces, as the server counts them; a cart
  // from a server without limits has the stock alone.
  const max = line.MaksIlosc ?? line.Wyrob.Stan;
  // Shown twice, under the name on a phone and in its own column on a wider screen.
  const value = (
    <Labelled label={shopUi.value}>{formatPrice(lineTotal(line.CenaJednBrutto, shown))}</Labelled>
  );

  return (
    <li className="grid grid-cols-[auto_5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-3 py-4 sm:grid-cols-[auto_5rem_minmax(0,1fr)_7rem_auto_7rem] sm:gap-x-4">
      <button
        type="button"
        onClick={() => onRemove(line)}
        disabled={busy}
        aria-label={shopUi.remove(line.Produkt)}
        className="row-span-2 grid size-10 place-items-center self-start rounded-full text-muted hover:bg-red-50 hover:text-red-700 disabled:opacity-50 sm:row-span-1 sm:self-center"
      >
        <TrashIcon />
      </button>
      <Link to={href} tabIndex={-1} aria-hidden="true" className="self-start sm:self-center">
        <LinePhoto alias={alias} product={line.Wyrob} size="md" />
      </Link>
      <div className="min-w-0">
        <Link to={href} className="font-semibold break-words hover:text-primary hover:underline">
          {line.Produkt}
        </Link>
        {line.Nadruk && (
          <p className="mt-1 text-sm text-muted">
            {printingUi.inCart}: {formatPrice(line.Nadruk.Cena)}
          </p>
        )}
        <PreorderLabel preorder={line.Przedsprzedaz} />
        {line.KartaPodarunkowa && <p className="mt-1 text-sm text-muted">{shopUi.byEmail}</p>}
        <p className="mt-1 text-sm text-muted sm:hidden">
          {shopUi.price}: {formatPrice(line.CenaJednBrutto)}
        </p>
      </div>
      <p className="hidden text-right sm:block">
        <Labelled label={shopUi.price}>{formatPrice(line.CenaJednBrutto)}</Labelled>
      </p>
      {/* On a phone the quantity and the value take the row under the photo and the name: in the
          name's column alone, at 320 px, the value was pushed out of the screen. */}
      <div className="col-span-2 col-start-2 flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-2 sm:col-span-1 sm:col-start-auto sm:block">
        <QuantitySelector
          id={`${id}-qty`}
          label={shopUi.quantityOf(line.Produkt)}
          labelHidden
          size="sm"
          value={quantity}
          stock={max}
          describedBy={`${id}-max`}
          onChange={(q) => {
            setQuantity(q);
            if (q !== null) onQuantity(line, q);
          }}
        />
        <p id={`${id}-max`} className="sr-only">
          {shopUi.maxPieces(max)}
        </p>
        <p className="whitespace-nowrap font-bold sm:hidden" data-testid="line-value">
          {value}
        </p>
      </div>
      <p className="hidden text-right font-bold sm:block" data-testid="line-value">
        {value}
      </p>
    </li>
  );
}
