import { ApiClientError, type PanelProduct, productStatusLabel } from '@club/contract';
import { type FormEvent, useId, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useLocation, useNavigate } from 'react-router';
import { api, errorMessage } from '../api.ts';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { ProductPhotos } from '../components/ProductPhotos.tsx';
import { RichTextEditor } from '../components/RichTextEditor.tsx';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.product;

export const productFormLoader = ({ params }: LoaderFunctionArgs) =>
  guarded(async () => {
    const categories = await api.call('panelCategories');
    if (!params.id) return { product: null, categories };
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) throw new Response('', { status: 404 });
    try {
      return { product: await api.call('panelProduct', { params: { id } }), categories };
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 404) throw new Response('', { status: 404 });
      throw e;
    }
  });

type Param = { key: number; Id?: number; Nazwa: string; Stan: string };
let nextKey = 1;
const paramsOf = (p: PanelProduct | null): Param[] =>
  (p?.Parametry ?? []).map((x) => ({ key: nextKey++, Id: x.Id, Nazwa: x.Nazwa, Stan: String(x.Stan) }));

/** "12,50" or "12.50" → 12.5; anything else is NaN and the server says what is wrong. */
const parseNumber = (v: string) => (v.trim() === '' ? Number.NaN : Number(v.trim().replace(',', '.')));

/** Name, stock, remove: the same columns in the heading row and in every parameter's row. */
const paramRow =
  'grid grid-cols-[minmax(0,1fr)_5rem_4.5rem] gap-2 sm:grid-cols-[minmax(0,1fr)_9rem_5rem] sm:gap-3';

type Loaded = Awaited<ReturnType<typeof productFormLoader>>;

/** Keyed by the product: going from "new" to the created product starts a fresh form. */
export const ProductForm = () => {
  const loaded = useLoaderData<typeof productFormLoader>();
  return <ProductFormFor key={loaded.product?.Id ?? 'nowy'} {...loaded} />;
};

const ProductFormFor = ({ product, categories }: Loaded) => {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [current, setCurrent] = useState(product);
  const [description, setDescription] = useState(product?.OpisDodatkowy ?? '');
  const [params, setParams] = useState<Param[]>(() => paramsOf(product));
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  // One notice on the screen at a time, the latest: the page's own (saved, status) or the photos'.
  const [notice, setNoticeOf] = useState({
    text: (location.state as { notice?: string } | null)?.notice ?? '',
    from: 'page' as 'page' | 'photos',
  });
  const setNotice = (text: string) => setNoticeOf({ text, from: 'page' });
  const setPhotosNotice = (text: string) => setNoticeOf({ text, from: 'photos' });
  const [busy, setBusy] = useState(false);
  const editing = current !== null;
  const title = editing ? t.editTitle(current.Nazwa) : t.newTitle;

  const onAuthError = (e: unknown) => {
    if (e instanceof ApiClientError && e.status === 401) {
      navigate('/logowanie?powod=wygasla');
      return true;
    }
    return false;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const category = String(form.get('kategoria') ?? '');
    const limit = String(form.get('limit') ?? '').trim();
    const body = {
      Nazwa: String(form.get('nazwa') ?? ''),
      Opis: String(form.get('opis') ?? ''),
      OpisDodatkowy: description || null,
      CenaBrutto: parseNumber(String(form.get('cena') ?? '')),
      KategoriaId: category ? Number(category) : null,
      WymagajWybraniaParametru: form.get('wymagaj') === 'on',
      WydarzenieWTerminie: form.get('wydarzenie') === 'on',
      Stan: params.length ? 0 : parseNumber(String(form.get('stan') ?? '0')),
      // Empty: the club's limit.
      LimitSztuk: limit === '' ? null : parseNumber(limit),
      Parametry: params.map((p) => ({
        ...(p.Id && { Id: p.Id }),
        Nazwa: p.Nazwa,
        Stan: parseNumber(p.Stan),
      })),
    };
    setBusy(true);
    setError('');
    setFields({});
    setNotice('');
    try {
      if (editing) {
        const saved = await api.call('panelProductUpdate', { params: { id: current.Id }, body });
        setCurrent(saved);
        setParams(paramsOf(saved));
        setNotice(t.saved);
      } else {
        const created = await api.call('panelProductCreate', { body });
        navigate(`/produkty/${created.Id}`, { replace: true, state: { notice: t.created } });
      }
    } catch (e) {
      if (onAuthError(e)) return;
      setError(errorMessage(e, ui.genericError));
      if (e instanceof ApiClientError && e.body.Fields) setFields(e.body.Fields);
    } finally {
      setBusy(false);
    }
  };

  const setStatus = async (status: 'active' | 'hidden' | 'archived') => {
    if (!current || busy) return;
    setBusy(true);
    setError('');
    setNotice('');
    try {
      const saved = await api.call('panelProductStatus', {
        params: { id: current.Id },
        body: { Status: status },
      });
      setCurrent(saved);
      setNotice(t.statusChanged(productStatusLabel[saved.Status]));
    } catch (e) {
      if (onAuthError(e)) return;
      setError(errorMessage(e, ui.genericError));
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (name: string) =>
    fields[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-danger">
        {fields[name]}
      </p>
    ) : null;
  const invalid = (name: string) =>
    fields[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

  const updateParam = (key: number, patch: Partial<Param>) =>
    setParams((ps) => ps.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  const addParam = () => {
    const key = nextKey++;
    setParams((ps) => [...ps, { key, Nazwa: '', Stan: '0' }]);
    // The new row's name field takes the focus, so a keyboard user types straight into it.
    requestAnimationFrame(() => document.getElementById(`${id}-param-${key}`)?.focus());
  };
  const removeParam = (key: number) => {
    setParams((ps) => ps.filter((p) => p.key !== key));
    requestAnimationFrame(() => document.getElementById(`${id}-add-param`)?.focus());
  };

  return (
    <div className="space-y-5">
      <p>
        <Link to="/produkty" className="text-primary underline">
          {t.back}
        </Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      <NoticeBox>{notice.from === 'page' && notice.text}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      {current && (
        <section className="card flex flex-wrap items-center gap-3" aria-labelledby={`${id}-status`}>
          <h2 id={`${id}-status`} className="font-semibold">
            {t.status}: {productStatusLabel[current.Status]}
          </h2>
          {current.Status !== 'active' && (
            <button type="button" className="btn-secondary" onClick={() => setStatus('active')}>
              {t.show}
            </button>
          )}
          {current.Status === 'active' && (
            <button type="button" className="btn-secondary" onClick={() => setStatus('hidden')}>
              {t.hide}
            </button>
          )}
          {current.Status !== 'archived' && (
            <button
              type="button"
              className="btn border border-danger bg-white text-danger"
              onClick={() => setStatus('archived')}
            >
              {t.archive}
            </button>
          )}
        </section>
      )}
      <form noValidate onSubmit={submit} className="card space-y-5" key={current?.Zmieniono ?? 'new'}>
        <div>
          <label htmlFor={`${id}-Nazwa`} className="mb-1 block font-semibold">
            {t.name}
          </label>
          <input
            id={`${id}-Nazwa`}
            name="nazwa"
            defaultValue={current?.Nazwa ?? ''}
            required
            maxLength={200}
            className="field"
            {...invalid('Nazwa')}
          />
          {fieldError('Nazwa')}
        </div>
        <div>
          <label htmlFor={`${id}-Opis`} className="mb-1 block font-semibold">
            {t.shortDescription}
          </label>
          <textarea
            id={`${id}-Opis`}
            name="opis"
            defaultValue={current?.Opis ?? ''}
            rows={3}
            maxLength={2000}
            className="field"
            {...invalid('Opis')}
          />
          {fieldError('Opis')}
        </div>
        <div>
          <p id={`${id}-OpisDodatkowy`} className="mb-1 block font-semibold">
            {t.richDescription}
          </p>
          <RichTextEditor labelId={`${id}-OpisDodatkowy`} value={description} onChange={setDescription} />
          {fieldError('OpisDodatkowy')}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-CenaBrutto`} className="mb-1 block font-semibold">
              {t.price}
            </label>
            <input
              id={`${id}-CenaBrutto`}
              name="cena"
              inputMode="decimal"
              defaultValue={current ? current.CenaBrutto.toFixed(2).replace('.', ',') : ''}
              required
              className="field"
              {...invalid('CenaBrutto')}
            />
            {fieldError('CenaBrutto')}
          </div>
          <div>
            <label htmlFor={`${id}-KategoriaId`} className="mb-1 block font-semibold">
              {t.category}
            </label>
            <select
              id={`${id}-KategoriaId`}
              name="kategoria"
              defaultValue={current?.KategoriaId ?? ''}
              className="field"
            >
              <option value="">{t.noCategory}</option>
              {categories.map((c) => (
                <option key={c.Id} value={c.Id}>
                  {`${'– '.repeat(c.Poziom)}${c.Nazwa}`}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset className="space-y-3">
          <legend className="font-semibold">{t.parameters}</legend>
          <p className="text-sm text-muted">{t.parametersHint}</p>
          {params.length > 0 && (
            // One grid template for the heading row and every row: the stock fields and the remove
            // buttons line up whatever the names are; each input keeps its own "Parametr n: …" name.
            <div>
              <div aria-hidden="true" className={`${paramRow} mb-1 items-end text-sm font-semibold`}>
                <span>{t.parameterNameColumn}</span>
                <span>{t.parameterStockColumn}</span>
              </div>
              <ul className="space-y-2">
                {params.map((p, i) => (
                  <li key={p.key} className={`${paramRow} items-start`}>
                    <div className="min-w-0">
                      <input
                        id={`${id}-param-${p.key}`}
                        aria-label={t.parameterName(i + 1)}
                        value={p.Nazwa}
                        onChange={(e) => updateParam(p.key, { Nazwa: e.target.value })}
                        maxLength={100}
                        className="field"
                        {...invalid(`Parametry.${i}.Nazwa`)}
                      />
                      {fieldError(`Parametry.${i}.Nazwa`)}
                    </div>
                    <div className="min-w-0">
                      <input
                        id={`${id}-stock-${p.key}`}
                        aria-label={t.parameterStock(i + 1)}
                        value={p.Stan}
                        inputMode="numeric"
                        onChange={(e) => updateParam(p.key, { Stan: e.target.value })}
                        className="field"
                        {...invalid(`Parametry.${i}.Stan`)}
                      />
                      {fieldError(`Parametry.${i}.Stan`)}
                    </div>
                    <button
                      type="button"
                      aria-label={t.removeParameter(p.Nazwa || String(i + 1))}
                      className="btn border border-danger bg-white px-2 text-danger"
                      onClick={() => removeParam(p.key)}
                    >
                      {t.removeParameterShort}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <button id={`${id}-add-param`} type="button" className="btn-secondary" onClick={addParam}>
            {t.addParameter}
          </button>
          {params.length > 0 && (
            <div className="flex items-center gap-2">
              <input
                id={`${id}-wymagaj`}
                name="wymagaj"
                type="checkbox"
                defaultChecked={current?.WymagajWybraniaParametru ?? true}
                className="size-5 accent-primary"
              />
              <label htmlFor={`${id}-wymagaj`}>{t.requireParameter}</label>
            </div>
          )}
        </fieldset>
        {params.length === 0 && (
          <div className="w-40">
            <label htmlFor={`${id}-Stan`} className="mb-1 block font-semibold">
              {t.stock}
            </label>
            <input
              id={`${id}-Stan`}
              name="stan"
              inputMode="numeric"
              defaultValue={String(current?.Stan ?? 0)}
              className="field"
              {...invalid('Stan')}
            />
            {fieldError('Stan')}
          </div>
        )}
        {params.length > 0 && (
          <p>
            {t.total(
              params.reduce(
                (s, p) => s + (Number.isInteger(parseNumber(p.Stan)) ? parseNumber(p.Stan) : 0),
                0,
              ),
            )}
          </p>
        )}
        <div className="max-w-md">
          <label htmlFor={`${id}-LimitSztuk`} className="mb-1 block font-semibold">
            {t.lineLimit}
          </label>
          <input
            id={`${id}-LimitSztuk`}
            name="limit"
            inputMode="numeric"
            defaultValue={current?.LimitSztuk == null ? '' : String(current.LimitSztuk)}
            className="field w-40"
            aria-invalid={fields.LimitSztuk ? true : undefined}
            aria-describedby={[fields.LimitSztuk && `${id}-LimitSztuk-error`, `${id}-LimitSztuk-hint`]
              .filter(Boolean)
              .join(' ')}
          />
          {fieldError('LimitSztuk')}
          <p id={`${id}-LimitSztuk-hint`} className="mt-1 text-sm text-muted">
            {t.lineLimitHint}
          </p>
        </div>
        <div>
          <div className="flex items-center gap-2">
            <input
              id={`${id}-wydarzenie`}
              name="wydarzenie"
              type="checkbox"
              defaultChecked={current?.WydarzenieWTerminie ?? false}
              aria-describedby={`${id}-wydarzenie-hint`}
              className="size-5 accent-primary"
            />
            <label htmlFor={`${id}-wydarzenie`}>{t.datedEvent}</label>
          </div>
          <p id={`${id}-wydarzenie-hint`} className="mt-1 text-sm text-muted">
            {t.datedEventHint}
          </p>
        </div>
        <button type="submit" className="btn-primary">
          {busy ? t.saving : editing ? t.save : t.create}
        </button>
      </form>
      {/* After the product's own fields: on a phone the photos would otherwise push them far down. */}
      {current && (
        <ProductPhotos
          productId={current.Id}
          notice={notice.from === 'photos' ? notice.text : ''}
          onNotice={setPhotosNotice}
          onUnauthorised={() => navigate('/logowanie?powod=wygasla')}
        />
      )}
    </div>
  );
};
