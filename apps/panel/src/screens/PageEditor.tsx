import {
  ApiClientError,
  endpointRoutes,
  PAGE_IMAGE_FIELD,
  PAGE_PARAMS,
  type PanelPage,
  type PanelPageImage,
  SPECIAL_PAGES,
} from '@club/contract';
import { type FormEvent, useId, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useLocation, useNavigate } from 'react-router';
import { api, errorMessage } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { type ImageUploader, RichTextEditor } from '../components/RichTextEditor.tsx';
import {
  joinParams,
  KNOWN_PARAMS,
  type PageParam,
  parentChoices,
  slugFromTitle,
  splitParams,
} from '../lib/page-form.ts';
import { type UploadError, uploadWithProgress } from '../lib/upload.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';
import { allPages } from './Pages.tsx';

const t = ui.pages;

export const pageEditorLoader = ({ params }: LoaderFunctionArgs) =>
  guarded(async () => {
    if (!params.id) return { page: null, pages: await allPages() };
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) throw new Response('', { status: 404 });
    try {
      const [page, pages] = await Promise.all([api.call('panelPage', { params: { id } }), allPages()]);
      return { page, pages };
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 404) throw new Response('', { status: 404 });
      throw e;
    }
  });

type Loaded = Awaited<ReturnType<typeof pageEditorLoader>>;

/** Keyed by the page: going from "new" to the created page starts a fresh form. */
export const PageEditor = () => {
  const loaded = useLoaderData<typeof pageEditorLoader>();
  return <PageEditorFor key={loaded.page?.Id ?? 'nowa'} {...loaded} />;
};

type Row = PageParam & { key: number };
let nextKey = 1;
const rowsOf = (params: PageParam[]): Row[] => params.map((p) => ({ ...p, key: nextKey++ }));

const formOf = (page: PanelPage | null) => {
  const { known, other } = splitParams(page?.Parametry ?? []);
  return {
    title: page?.Tytul ?? '',
    slug: page?.Slug ?? '',
    excerpt: page?.Zajawka ?? '',
    meta: page?.MetaDescription ?? '',
    parent: page?.IdRodzica ?? null,
    knownOn: Object.keys(known),
    knownStored: known,
    other: rowsOf(other),
  };
};

/** Name, value, remove: the same columns in the heading row and in every parameter's row. */
const paramRow = 'grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_4.5rem] gap-2 sm:gap-3';

/** One sub-page (or a special text): slug, title, rich text with images, meta, parameters, parent. */
const PageEditorFor = ({ page, pages }: Loaded) => {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [current, setCurrent] = useState(page);
  const [form, setForm] = useState(() => formOf(page));
  // A new page's slug follows its title until the manager types one of their own.
  const [slugTyped, setSlugTyped] = useState(page !== null);
  const [content, setContent] = useState(page?.Tresc ?? '');
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState((location.state as { notice?: string } | null)?.notice ?? '');
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState(false);
  const editing = current !== null;
  const special = current?.Specjalna ?? false;
  const where = current ? (SPECIAL_PAGES[current.Slug] ?? '') : '';
  const title = editing ? t.editTitle(current.Tytul) : t.newTitle;
  const parents = parentChoices(pages, current?.Id ?? null);

  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  const onAuthError = (e: unknown) => {
    if ((e instanceof ApiClientError && e.status === 401) || (e as UploadError | null)?.status === 401) {
      navigate('/logowanie?powod=wygasla');
      return true;
    }
    return false;
  };

  const uploadImage: ImageUploader = async (file, onProgress) => {
    const data = new FormData();
    data.append(PAGE_IMAGE_FIELD, file);
    try {
      const image = await uploadWithProgress<PanelPageImage>(
        endpointRoutes.panelPageImageUpload.path,
        data,
        onProgress,
      );
      setNotice(ui.editor.imageInserted);
      return image;
    } catch (e) {
      onAuthError(e);
      throw e;
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const body = {
      Slug: form.slug.trim(),
      Tytul: form.title,
      Tresc: content,
      Zajawka: form.excerpt,
      MetaDescription: form.meta,
      Parametry: joinParams(form.knownOn, form.knownStored, form.other),
      IdRodzica: form.parent,
    };
    setBusy(true);
    setError('');
    setFields({});
    setNotice('');
    try {
      if (editing) {
        const saved = await api.call('panelPageUpdate', { params: { id: current.Id }, body });
        setCurrent(saved);
        setForm(formOf(saved));
        setNotice(t.saved);
      } else {
        const created = await api.call('panelPageCreate', { body });
        navigate(`/tresci/strony/${created.Id}`, { replace: true, state: { notice: t.created } });
      }
    } catch (e) {
      if (onAuthError(e)) return;
      setError(errorMessage(e, ui.genericError));
      if (e instanceof ApiClientError && e.body.Fields) setFields(e.body.Fields);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!current || busy) return;
    setRemoving(false);
    setBusy(true);
    setError('');
    setNotice('');
    try {
      await api.call('panelPageDelete', { params: { id: current.Id } });
      navigate('/tresci/strony', { state: { notice: t.removed(current.Tytul) } });
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
  /** aria-invalid and the descriptions: the field's hint (if any) and its error. */
  const described = (name: string, hint?: boolean) => {
    const ids = [hint && `${id}-${name}-hint`, fields[name] && `${id}-${name}-error`].filter(Boolean);
    return {
      ...(fields[name] && { 'aria-invalid': true }),
      ...(ids.length && { 'aria-describedby': ids.join(' ') }),
    };
  };

  const knownCount = form.knownOn.length;
  const updateRow = (key: number, patch: Partial<PageParam>) =>
    set({ other: form.other.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
  const addRow = () => {
    const key = nextKey++;
    set({ other: [...form.other, { key, Klucz: '', Wartosc: '' }] });
    // The new row's key field takes the focus, so a keyboard user types straight into it.
    requestAnimationFrame(() => document.getElementById(`${id}-param-${key}`)?.focus());
  };
  const removeRow = (key: number) => {
    set({ other: form.other.filter((r) => r.key !== key) });
    requestAnimationFrame(() => document.getElementById(`${id}-add-param`)?.focus());
  };

  return (
    <div className="space-y-5">
      <p>
        <Link to="/tresci/strony" className="text-primary underline">
          {t.back}
        </Link>
      </p>
      <PageTitle title={title}>{title}</PageTitle>
      {special && <p className="text-muted">{t.specialIntro(where)}</p>}
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      {current && (current.Url || !special) && (
        <div className="flex flex-wrap items-center gap-3">
          {current.Url && (
            <a
              href={current.Url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t.viewNewWindow}
              className="btn-secondary"
            >
              {t.view}
            </a>
          )}
          {!special && (
            <button
              type="button"
              className="btn border border-danger bg-white text-danger hover:bg-danger-light"
              onClick={() => setRemoving(true)}
            >
              {t.removePage}
            </button>
          )}
        </div>
      )}
      <form noValidate onSubmit={submit} className="card space-y-5">
        <div className="grid gap-4 lg:grid-cols-2">
          <div>
            <label htmlFor={`${id}-Tytul`} className="mb-1 block font-semibold">
              {t.pageTitle}
            </label>
            <input
              id={`${id}-Tytul`}
              value={form.title}
              onChange={(e) =>
                set({
                  title: e.target.value,
                  ...(!slugTyped && { slug: slugFromTitle(e.target.value) }),
                })
              }
              required
              maxLength={200}
              className="field"
              {...described('Tytul')}
            />
            {fieldError('Tytul')}
          </div>
          <div>
            <label htmlFor={`${id}-Slug`} className="mb-1 block font-semibold">
              {t.slug}
            </label>
            <div className="flex items-stretch">
              <span
                aria-hidden="true"
                className="flex items-center rounded-l-md border border-r-0 border-gray-500 bg-gray-100 px-3 text-muted"
              >
                /
              </span>
              <input
                id={`${id}-Slug`}
                value={form.slug}
                onChange={(e) => {
                  setSlugTyped(true);
                  set({ slug: e.target.value });
                }}
                readOnly={special}
                required
                maxLength={100}
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                className={`field rounded-l-none ${special ? 'bg-gray-100' : ''}`}
                {...described('Slug', true)}
              />
            </div>
            <p id={`${id}-Slug-hint`} className="mt-1 text-sm text-muted">
              {special ? t.slugFixed : t.slugHint}
            </p>
            {fieldError('Slug')}
          </div>
        </div>
        <div>
          <p id={`${id}-Tresc`} className="mb-1 block font-semibold">
            {t.content}
          </p>
          <RichTextEditor
            labelId={`${id}-Tresc`}
            describedBy={fields.Tresc ? `${id}-Tresc-error` : undefined}
            value={content}
            onChange={setContent}
            toolbarLabel={ui.editor.contentToolbar}
            uploadImage={uploadImage}
          />
          {fieldError('Tresc')}
        </div>
        {!special && (
          <>
            <div className="grid gap-4 lg:grid-cols-2">
              <div>
                <label htmlFor={`${id}-MetaDescription`} className="mb-1 block font-semibold">
                  {t.meta}
                </label>
                <textarea
                  id={`${id}-MetaDescription`}
                  value={form.meta}
                  onChange={(e) => set({ meta: e.target.value })}
                  rows={3}
                  maxLength={300}
                  className="field"
                  {...described('MetaDescription', true)}
                />
                <p id={`${id}-MetaDescription-hint`} className="mt-1 text-sm text-muted">
                  {t.metaHint}
                </p>
                {fieldError('MetaDescription')}
              </div>
              <div>
                <label htmlFor={`${id}-Zajawka`} className="mb-1 block font-semibold">
                  {t.excerpt}
                </label>
                <textarea
                  id={`${id}-Zajawka`}
                  value={form.excerpt}
                  onChange={(e) => set({ excerpt: e.target.value })}
                  rows={3}
                  maxLength={500}
                  className="field"
                  {...described('Zajawka', true)}
                />
                <p id={`${id}-Zajawka-hint`} className="mt-1 text-sm text-muted">
                  {t.excerptHint}
                </p>
                {fieldError('Zajawka')}
              </div>
            </div>
            <div className="max-w-xl">
              <label htmlFor={`${id}-IdRodzica`} className="mb-1 block font-semibold">
                {t.parent}
              </label>
              <select
                id={`${id}-IdRodzica`}
                value={form.parent ?? ''}
                onChange={(e) => set({ parent: e.target.value ? Number(e.target.value) : null })}
                className="field"
                {...described('IdRodzica')}
              >
                <option value="">{t.noParent}</option>
                {parents.map((p) => (
                  <option key={p.Id} value={p.Id}>
                    {`${'– '.repeat(p.depth)}${p.Tytul} (/${p.Slug})`}
                  </option>
                ))}
              </select>
              {fieldError('IdRodzica')}
            </div>
            <fieldset className="space-y-3">
              <legend className="font-semibold">{t.parametersTitle}</legend>
              <p className="text-sm text-muted">{t.parametersHint}</p>
              <ul className="space-y-2">
                {KNOWN_PARAMS.map((k) => (
                  <li key={k} className="flex items-start gap-2">
                    <input
                      id={`${id}-known-${k}`}
                      type="checkbox"
                      checked={form.knownOn.includes(k)}
                      onChange={(e) =>
                        set({
                          knownOn: e.target.checked
                            ? [...form.knownOn, k]
                            : form.knownOn.filter((x) => x !== k),
                        })
                      }
                      aria-describedby={`${id}-known-${k}-hint`}
                      className="mt-0.5 size-5 shrink-0 accent-primary"
                    />
                    <span>
                      <label htmlFor={`${id}-known-${k}`} className="font-mono font-semibold">
                        {k}
                      </label>
                      <span id={`${id}-known-${k}-hint`} className="block text-sm text-muted">
                        {PAGE_PARAMS[k]}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
              <p className="pt-2 font-semibold">{t.otherParameters}</p>
              {form.other.length > 0 && (
                <div>
                  <div aria-hidden="true" className={`${paramRow} mb-1 text-sm font-semibold`}>
                    <span>{t.paramKeyColumn}</span>
                    <span>{t.paramValueColumn}</span>
                  </div>
                  <ul className="space-y-2">
                    {form.other.map((r, i) => {
                      const at = `Parametry.${knownCount + i}`;
                      return (
                        <li key={r.key} className={`${paramRow} items-start`}>
                          <div className="min-w-0">
                            <input
                              id={`${id}-param-${r.key}`}
                              aria-label={t.paramKey(i + 1)}
                              value={r.Klucz}
                              onChange={(e) => updateRow(r.key, { Klucz: e.target.value })}
                              maxLength={50}
                              autoCapitalize="none"
                              spellCheck={false}
                              className="field font-mono"
                              {...described(`${at}.Klucz`)}
                            />
                            {fieldError(`${at}.Klucz`)}
                          </div>
                          <div className="min-w-0">
                            <input
                              aria-label={t.paramValue(i + 1)}
                              value={r.Wartosc}
                              onChange={(e) => updateRow(r.key, { Wartosc: e.target.value })}
                              maxLength={500}
                              className="field"
                              {...described(`${at}.Wartosc`)}
                            />
                            {fieldError(`${at}.Wartosc`)}
                          </div>
                          <button
                            type="button"
                            aria-label={t.removeParam(r.Klucz || String(i + 1))}
                            className="btn border border-danger bg-white px-2 text-danger"
                            onClick={() => removeRow(r.key)}
                          >
                            {t.removeParamShort}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              )}
              <button id={`${id}-add-param`} type="button" className="btn-secondary" onClick={addRow}>
                {t.addParam}
              </button>
              {fieldError('Parametry')}
            </fieldset>
          </>
        )}
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t.saving : editing ? t.save : t.create}
        </button>
      </form>
      <ConfirmDialog
        open={removing}
        title={t.removeTitle(current?.Tytul ?? '')}
        confirmLabel={t.removePage}
        onConfirm={remove}
        onCancel={() => setRemoving(false)}
      >
        <p>{t.removeText}</p>
      </ConfirmDialog>
    </div>
  );
};
