import { ApiClientError, PanelProductInputSchema, productStatusLabel } from '@club/contract';
import { type FormEvent, useId, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useLocation, useNavigate } from 'react-router';
import { api } from '../api.ts';
import { CheckField } from '../components/CheckField.tsx';
import { fieldErrors } from '../components/FieldError.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { ProductPhotos } from '../components/ProductPhotos.tsx';
import { ProductPrinting } from '../components/printing/ProductPrinting.tsx';
import { RichTextEditor } from '../components/RichTextEditor.tsx';
import { StockAlertWaiting } from '../components/StockAlertWaiting.tsx';
import { ProductSizeGuide } from '../components/size-guide/SizeGuideEditor.tsx';
import { useAction } from '../components/useAction.ts';
import { useUnsavedGuard } from '../components/useUnsavedGuard.tsx';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';
import { ProductLimits } from './ProductLimits.tsx';
import {
  type Param,
  PriceField,
  ProductFields,
  ProductParameters,
  ProductStatusBar,
  paramsOf,
  parseNumber,
  VatRateSelect,
} from './ProductParts.tsx';
import { type Opt, optionsOf, ProductVariants, productInputOf } from './ProductVariants.tsx';

const t = ui.product;

export const productFormLoader = ({ params }: LoaderFunctionArgs) =>
  guarded(async () => {
    const categories = await api.call('panelCategories');
    if (!params.id) return { product: null, categories, sizeGuide: null, printing: null };
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) throw new Response('', { status: 404 });
    try {
      const [product, own, printing] = await Promise.all([
        api.call('panelProduct', { params: { id } }),
        api.call('panelProductSizeGuide', { params: { id } }),
        api.call('panelProductPrinting', { params: { id } }),
      ]);
      return { product, categories, sizeGuide: own.TabelaRozmiarow, printing };
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 404) throw new Response('', { status: 404 });
      throw e;
    }
  });

type Loaded = Awaited<ReturnType<typeof productFormLoader>>;

/** Keyed by the product: going from "new" to the created product starts a fresh form. */
export const ProductForm = () => {
  const loaded = useLoaderData<typeof productFormLoader>();
  return <ProductFormFor key={loaded.product?.Id ?? 'nowy'} {...loaded} />;
};

const ProductFormFor = ({ product, categories, sizeGuide, printing }: Loaded) => {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const action = useAction({ notice: (location.state as { notice?: string } | null)?.notice });
  const [current, setCurrent] = useState(product);
  const [description, setDescription] = useState(product?.OpisDodatkowy ?? '');
  const [params, setParams] = useState<Param[]>(() => paramsOf(product));
  const [options, setOptions] = useState<Opt[]>(() => optionsOf(product));
  const [photosNotice, setPhotosNotice] = useState('');
  const [datedEvent, setDatedEvent] = useState(product?.WydarzenieWTerminie ?? false);
  const { busy, error, notice } = action;
  const guard = useUnsavedGuard();
  const errors = fieldErrors(id, action.fields);
  const editing = current !== null;
  const title = editing ? t.editTitle(current.Nazwa) : t.newTitle;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const body = productInputOf(form, description, params, options);
    setPhotosNotice('');
    if (!action.validate(PanelProductInputSchema, body)) return;
    if (editing) {
      await action.run(
        () => api.call('panelProductUpdate', { params: { id: current.Id }, body }),
        t.saved,
        (saved) => {
          guard.saved();
          setCurrent(saved);
          setParams(paramsOf(saved));
          setOptions(optionsOf(saved));
        },
      );
    } else {
      await action.run(
        () => api.call('panelProductCreate', { body }),
        undefined,
        guard.savedThen((created) =>
          navigate(`/produkty/${created.Id}`, { replace: true, state: { notice: t.created } }),
        ),
      );
    }
  };

  const setStatus = (status: 'active' | 'hidden' | 'archived') => {
    if (!current) return;
    setPhotosNotice('');
    return action.run(
      () => api.call('panelProductStatus', { params: { id: current.Id }, body: { Status: status } }),
      (saved) => t.statusChanged(productStatusLabel[saved.Status]),
      setCurrent,
    );
  };

  return (
    <div {...guard.watch} className="space-y-5">
      <p>
        <Link to="/produkty" className="text-primary underline">
          {t.back}
        </Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      {current && <ProductStatusBar id={id} status={current.Status} onStatus={setStatus} />}
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
            {...errors.described('Nazwa')}
          />
          {errors.error('Nazwa')}
        </div>
        <ProductFields id={id} product={current} errors={errors} />
        <div>
          <p id={`${id}-OpisDodatkowy`} className="mb-1 block font-semibold">
            {t.richDescription}
          </p>
          <RichTextEditor labelId={`${id}-OpisDodatkowy`} value={description} onChange={setDescription} />
          {errors.error('OpisDodatkowy')}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <PriceField id={id} product={current} errors={errors} />
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
        <ProductVariants
          id={id}
          options={options}
          setOptions={setOptions}
          params={params}
          setParams={setParams}
          errors={errors}
        />
        {current && <StockAlertWaiting product={current} />}
        {options.length === 0 && (
          <ProductParameters
            id={id}
            params={params}
            setParams={setParams}
            requireChecked={current?.WymagajWybraniaParametru ?? true}
            errors={errors}
          />
        )}
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
              {...errors.described('Stan')}
            />
            {errors.error('Stan')}
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
            {...errors.described('LimitSztuk', `${id}-LimitSztuk-hint`)}
          />
          {errors.error('LimitSztuk')}
          <p id={`${id}-LimitSztuk-hint`} className="mt-1 text-sm text-muted">
            {t.lineLimitHint}
          </p>
        </div>
        <ProductLimits id={id} product={current} errors={errors} />
        <div>
          <div className="flex items-center gap-2">
            <input
              id={`${id}-wydarzenie`}
              name="wydarzenie"
              type="checkbox"
              defaultChecked={current?.WydarzenieWTerminie ?? false}
              onChange={(e) => setDatedEvent(e.target.checked)}
              aria-describedby={`${id}-wydarzenie-hint`}
              className="size-5 accent-primary"
            />
            <label htmlFor={`${id}-wydarzenie`}>{t.datedEvent}</label>
          </div>
          <p id={`${id}-wydarzenie-hint`} className="mt-1 text-sm text-muted">
            {t.datedEventHint}
          </p>
        </div>
        <CheckField
          id={`${id}-personalizowany`}
          name="personalizowany"
          label={t.personalised}
          hint={t.personalisedHint}
          checked={current?.Personalizowany ?? false}
        />
        <CheckField
          id={`${id}-KartaPodarunkowa`}
          name="kartaPodarunkowa"
          label={t.giftCard}
          hint={t.giftCardHint}
          checked={current?.KartaPodarunkowa ?? false}
          error={action.fields.KartaPodarunkowa}
        />
        <VatRateSelect id={id} product={current} datedEvent={datedEvent} errors={errors} />
        <fieldset
          className="min-w-0 space-y-4 rounded border border-gray-300 p-4"
          aria-describedby={`${id}-safety-hint`}
        >
          <legend className="px-1 font-semibold">{t.safety}</legend>
          <p id={`${id}-safety-hint`} className="text-sm text-muted">
            {t.safetyHint}
          </p>
          <ProductFields id={id} product={current} errors={errors} safety />
        </fieldset>
        <button type="submit" className="btn-primary">
          {busy ? t.saving : editing ? t.save : t.create}
        </button>
      </form>
      {current && <ProductSizeGuide productId={current.Id} initial={sizeGuide} />}
      {current && printing && <ProductPrinting productId={current.Id} initial={printing} />}
      {/* After the product's own fields: on a phone the photos would otherwise push them far down. */}
      {current && (
        <ProductPhotos
          productId={current.Id}
          options={current.Opcje}
          notice={photosNotice}
          onNotice={(text) => {
            // One notice on the screen at a time, the latest.
            action.setNotice('');
            setPhotosNotice(text);
          }}
        />
      )}
    </div>
  );
};
