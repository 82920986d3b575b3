import { type KeyboardEvent, useState } from 'react';
import { api, errorMessage } from '../../api.ts';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { nameKey, type ScopeNames } from '../../lib/promotion-form.ts';
import { ui } from '../../texts.ts';

const t = ui.promotions;

type Found = { Id: number; Nazwa: string };
type Variant = { Id: number; Nazwa: string };

/**
 * Finds the club's products by name and ticks products (`variants` false) or a product's variants
 * (each product opens its list of variants). Searching is a button, and Enter in the field: the
 * field sits inside the promotion's form, whose Enter would send it.
 */
export const ProductSearch = ({
  id,
  variants,
  chosen,
  onToggle,
}: {
  id: string;
  variants: boolean;
  chosen: number[];
  /** Ticked or unticked: the id and the name to show for it. */
  onToggle: (id: number, on: boolean, names: ScopeNames) => void;
}) => {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<Record<number, Variant[] | 'loading'>>({});

  const search = async () => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const list = await api.call('panelProducts', { query: { q: q.trim() || undefined, count: '10' } });
      setFound(list.Items.map((p) => ({ Id: p.Id, Nazwa: p.Nazwa })));
    } catch (e) {
      setError(errorMessage(e, ui.genericError));
    } finally {
      setBusy(false);
    }
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void search();
  };

  const toggleVariants = async (p: Found) => {
    if (open[p.Id]) {
      setOpen(({ [p.Id]: _, ...rest }) => rest);
      return;
    }
    setOpen((o) => ({ ...o, [p.Id]: 'loading' }));
    try {
      const product = await api.call('panelProduct', { params: { id: p.Id } });
      setOpen((o) => ({ ...o, [p.Id]: product.Parametry.map((v) => ({ Id: v.Id, Nazwa: v.Nazwa })) }));
    } catch (e) {
      setOpen(({ [p.Id]: _, ...rest }) => rest);
      setError(errorMessage(e, ui.genericError));
    }
  };

  const box = (boxId: string, itemId: number, label: string, name: string) => (
    <li key={boxId} className="flex items-start gap-2">
      <input
        id={boxId}
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-primary"
        checked={chosen.includes(itemId)}
        onChange={(e) =>
          onToggle(itemId, e.target.checked, { [nameKey(variants ? 'variants' : 'products', itemId)]: name })
        }
      />
      <label htmlFor={boxId}>{label}</label>
    </li>
  );

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={`${id}-q`} className="mb-1 block font-semibold">
          {t.searchProduct}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={`${id}-q`}
            type="search"
            className="field min-w-0 flex-1"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={onKey}
            aria-describedby={`${id}-q-hint${error ? ` ${id}-q-error` : ''}`}
          />
          <button type="button" className="btn-secondary" onClick={() => void search()}>
            {busy ? t.searching : t.search}
          </button>
        </div>
        <p id={`${id}-q-hint`} className="mt-1 text-sm text-muted">
          {t.searchProductHint}
        </p>
        <ErrorLine id={`${id}-q-error`} error={error} />
      </div>
      <p role="status" className="text-sm">
        {found ? t.found(found.length) : ''}
      </p>
      {found && found.length > 0 && (
        <ul className="space-y-2">
          {found.map((p) =>
            variants ? (
              <li key={p.Id}>
                <button
                  type="button"
                  className="text-left text-primary underline"
                  aria-expanded={Boolean(open[p.Id])}
                  onClick={() => void toggleVariants(p)}
                >
                  {t.showVariants(p.Nazwa)}
                </button>
                {Array.isArray(open[p.Id]) && (
                  <fieldset className="mt-2 ml-4">
                    <legend className="sr-only">{t.variantsOf(p.Nazwa)}</legend>
                    {(open[p.Id] as Variant[]).length === 0 ? (
                      <p className="text-sm text-muted">{t.noVariants}</p>
                    ) : (
                      <ul className="space-y-1">
                        {(open[p.Id] as Variant[]).map((v) =>
                          box(`${id}-v-${v.Id}`, v.Id, v.Nazwa, `${p.Nazwa} – ${v.Nazwa}`),
                        )}
                      </ul>
                    )}
                  </fieldset>
                )}
              </li>
            ) : (
              box(`${id}-p-${p.Id}`, p.Id, p.Nazwa, p.Nazwa)
            ),
          )}
        </ul>
      )}
    </div>
  );
};
