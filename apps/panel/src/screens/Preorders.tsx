import { ApiClientError, type PanelPreorderVariant, polishDate } from '@club/contract';
import { useId } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router';
import { api } from '../api.ts';
import { LabeledInput } from '../components/LabeledInput.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { useAction } from '../components/useAction.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.preorders;

/**
 * The pre-orders to fulfil (decision 144), and a variant to put on pre-order when the product
 * form's variant grid links here with `?produkt=&wariant=`.
 */
export const preordersLoader = ({ request }: LoaderFunctionArgs) =>
  guarded(async () => {
    const list = await api.call('panelPreorders', {});
    const url = new URL(request.url);
    const productId = Number(url.searchParams.get('produkt'));
    const parameterId = Number(url.searchParams.get('wariant'));
    let added: { productId: number; parameterId: number; name: string } | null = null;
    if (
      Number.isInteger(productId) &&
      productId > 0 &&
      Number.isInteger(parameterId) &&
      parameterId > 0 &&
      !list.Warianty.some((v) => v.IdParametr === parameterId)
    ) {
      try {
        const p = await api.call('panelProduct', { params: { id: productId } });
        const v = p.Parametry.find((x) => x.Id === parameterId);
        if (v) added = { productId, parameterId, name: `${p.Nazwa} – ${v.Nazwa}` };
      } catch (e) {
        if (!(e instanceof ApiClientError && e.status === 404)) throw e;
      }
    }
    return { list, added };
  });

/** A variant's date and cap; "Zakończ" ends the pre-order (stock has come), its orders stay listed. */
const SettingsForm = ({
  productId,
  parameterId,
  name,
  release,
  cap,
}: {
  productId: number;
  parameterId: number;
  name: string;
  release: string | null;
  cap: number | null;
}) => {
  const id = useId();
  const { busy, error, notice, run } = useAction();
  const { revalidate } = useRevalidator();
  const save = (Przedsprzedaz: { DataWysylki: string; Limit: number } | null, done: string) =>
    run(
      () =>
        api.call('panelPreorderSave', { params: { id: productId, parameterId }, body: { Przedsprzedaz } }),
      done,
      () => void revalidate(),
    );
  return (
    <form
      aria-label={t.formLabel(name)}
      className="mt-3 space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        void save({ DataWysylki: String(form.get('data')), Limit: Number(form.get('limit')) }, t.saved);
      }}
    >
      <ErrorBox>{error}</ErrorBox>
      <NoticeBox>{notice}</NoticeBox>
      <div className="grid gap-3 sm:grid-cols-2">
        <LabeledInput
          id={`${id}-date`}
          name="data"
          type="date"
          label={t.release}
          defaultValue={release ?? ''}
          required
        />
        <LabeledInput
          id={`${id}-cap`}
          name="limit"
          type="number"
          min={1}
          max={100000}
          step={1}
          inputMode="numeric"
          label={t.cap}
          defaultValue={cap ?? ''}
          required
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {t.save}
        </button>
        {release && (
          <button
            type="button"
            className="btn-secondary"
            disabled={busy}
            onClick={() => void save(null, t.ended)}
          >
            {t.end}
          </button>
        )}
      </div>
    </form>
  );
};

const VariantCard = ({ v }: { v: PanelPreorderVariant }) => {
  const name = `${v.Produkt} – ${v.Wariant}`;
  return (
    <li className="card">
      <h2 className="text-lg font-bold">
        <Link to={`/produkty/${v.IdWyrob}`} className="text-primary underline">
          {name}
        </Link>
      </h2>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="font-semibold">{t.release}</dt>
        <dd>{v.DataWysylki ? polishDate(v.DataWysylki) : t.notOnPreorder}</dd>
        <dt className="font-semibold">{t.sold}</dt>
        <dd>{v.Limit ? t.soldOf(v.Sprzedane, v.Limit) : t.pieces(v.Sprzedane)}</dd>
        <dt className="font-semibold">{t.toSend}</dt>
        <dd data-testid="preorder-to-send">{t.pieces(v.DoWyslania)}</dd>
        <dt className="font-semibold">{t.stock}</dt>
        <dd>{t.pieces(v.Stan)}</dd>
      </dl>
      {v.Zamowienia.length > 0 && (
        <>
          <h3 className="mt-3 font-semibold">{t.orders}</h3>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {v.Zamowienia.map((o) => (
              <li key={o.Id}>
                <Link to={`/zamowienia/${o.Id}`} className="text-primary underline">
                  {o.Numer}
                </Link>{' '}
                ({t.pieces(o.Ilosc)})
              </li>
            ))}
          </ul>
        </>
      )}
      <SettingsForm
        productId={v.IdWyrob}
        parameterId={v.IdParametr}
        name={name}
        release={v.DataWysylki}
        cap={v.Limit}
      />
    </li>
  );
};

/** Pre-orders per variant: how many pieces were ordered, which orders to send when stock arrives. */
export const Preorders = () => {
  const { list, added } = useLoaderData<typeof preordersLoader>();
  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>
      <p className="max-w-prose">{t.intro}</p>
      {added && (
        <section className="card" aria-labelledby="preorder-new">
          <h2 id="preorder-new" className="text-lg font-bold">
            {t.newTitle(added.name)}
          </h2>
          <SettingsForm
            productId={added.productId}
            parameterId={added.parameterId}
            name={added.name}
            release={null}
            cap={null}
          />
        </section>
      )}
      {list.Warianty.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className="space-y-3">
          {list.Warianty.map((v) => (
            <VariantCard key={v.IdParametr} v={v} />
          ))}
        </ul>
      )}
    </div>
  );
};
