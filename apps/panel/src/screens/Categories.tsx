import type { PanelCategory } from '@club/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { api } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { fieldErrors } from '../components/FieldError.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { useAction } from '../components/useAction.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.categories;

export const categoriesLoader = () => guarded(() => api.call('panelCategories'));

/** A category and everything under it (the list is in tree order: a parent comes before its children). */
const subtreeOf = (all: PanelCategory[], id: number) => {
  const ids = new Set([id]);
  for (const c of all) if (c.IdParent !== null && ids.has(c.IdParent)) ids.add(c.Id);
  return ids;
};

/** Children of one parent, in their order. */
const siblingsOf = (all: PanelCategory[], parent: number | null) => all.filter((c) => c.IdParent === parent);

const parentValue = (v: FormDataEntryValue | null) => (v ? Number(v) : null);

const ParentSelect = ({
  id,
  options,
  defaultValue,
}: {
  id: string;
  options: PanelCategory[];
  defaultValue: number | null;
}) => (
  <select id={id} name="rodzic" defaultValue={defaultValue ?? ''} className="field">
    <option value="">{t.topLevel}</option>
    {options.map((c) => (
      <option key={c.Id} value={c.Id}>
        {`${'– '.repeat(c.Poziom)}${c.Nazwa}`}
      </option>
    ))}
  </select>
);

const smallButton =
  'btn min-h-11 min-w-11 border border-primary bg-white px-3 text-primary hover:bg-primary-light';
const dangerButton = 'btn min-h-11 border border-danger bg-white px-3 text-danger hover:bg-danger-light';

/** The category tree: create, rename, move to another parent, reorder among siblings, delete when empty. */
export const Categories = () => {
  const categories = useLoaderData<typeof categoriesLoader>();
  const revalidator = useRevalidator();
  const { busy, error, notice, fields, run, setNotice } = useAction();
  const id = useId();
  const [editing, setEditing] = useState<PanelCategory | null>(null);
  const [removing, setRemoving] = useState<PanelCategory | null>(null);
  const [fieldsOf, setFieldsOf] = useState<'create' | 'edit' | null>(null);
  const buttons = useRef(new Map<string, HTMLElement>());
  const editName = useRef<HTMLInputElement>(null);
  // The button that should have the focus once the tree is reloaded (a moved row's arrow...).
  const focusNext = useRef<string | null>(null);

  const keep = (key: string) => (el: HTMLElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each reload of the tree and after the edit form closes
  useEffect(() => {
    const key = focusNext.current;
    if (!key) return;
    const el = buttons.current.get(key);
    if (!el) return;
    focusNext.current = null;
    el.focus();
  }, [categories, editing]);

  useEffect(() => {
    if (editing) editName.current?.focus();
  }, [editing]);

  const reload = () => revalidator.revalidate();

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setFieldsOf('create');
    const ok = await run(
      async () => {
        const created = await api.call('panelCategoryCreate', {
          body: { Nazwa: String(data.get('nazwa') ?? ''), IdParent: parentValue(data.get('rodzic')) },
        });
        await reload();
        return created;
      },
      (c) => t.created(c.Nazwa),
    );
    if (ok) form.reset();
  };

  const closeEdit = (c: PanelCategory) => {
    focusNext.current = `${c.Id}:edit`;
    setEditing(null);
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!editing) return;
    const c = editing;
    const data = new FormData(event.currentTarget);
    const name = String(data.get('nazwa') ?? '');
    const parent = parentValue(data.get('rodzic'));
    const body = {
      ...(name !== c.Nazwa && { Nazwa: name }),
      ...(parent !== c.IdParent && { IdParent: parent }),
    };
    setFieldsOf('edit');
    const ok = await run(
      async () => {
        const saved = Object.keys(body).length
          ? await api.call('panelCategoryUpdate', { params: { id: c.Id }, body })
          : c;
        await reload();
        return saved;
      },
      (saved) => t.saved(saved.Nazwa),
    );
    if (ok) closeEdit(c);
  };

  const move = (c: PanelCategory, by: -1 | 1) => {
    const siblings = siblingsOf(categories, c.IdParent);
    const from = siblings.findIndex((s) => s.Id === c.Id);
    const to = from + by;
    if (to < 0 || to >= siblings.length) {
      setNotice(by < 0 ? t.alreadyFirst(c.Nazwa) : t.alreadyLast(c.Nazwa));
      return;
    }
    const order = siblings.map((s) => s.Id);
    [order[from], order[to]] = [order[to]!, order[from]!];
    focusNext.current = `${c.Id}:${by < 0 ? 'up' : 'down'}`;
    void run(
      async () => {
        await api.call('panelCategoryReorder', { body: { IdParent: c.IdParent, Kolejnosc: order } });
        await reload();
      },
      t.moved(c.Nazwa, to + 1, siblings.length),
    );
  };

  const remove = async () => {
    const c = removing;
    if (!c) return;
    setRemoving(null);
    const ok = await run(async () => {
      await api.call('panelCategoryDelete', { params: { id: c.Id } });
      await reload();
    }, t.removed(c.Nazwa));
    if (ok) document.querySelector<HTMLElement>('main h1')?.focus();
  };

  /** Field messages go to the form that was sent. */
  const errorsOf = (form: 'create' | 'edit') => fieldErrors(`${id}-${form}`, fieldsOf === form ? fields : {});
  const fieldError = (form: 'create' | 'edit', name: string) => errorsOf(form).error(name);
  const invalid = (form: 'create' | 'edit', name: string) => errorsOf(form).described(name);

  const excluded = editing ? subtreeOf(categories, editing.Id) : new Set<number>();

  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>

      <form onSubmit={create} noValidate aria-labelledby={`${id}-new`} className="card space-y-4">
        <h2 id={`${id}-new`} className="text-lg font-semibold">
          {t.newTitle}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-name`} className="mb-1 block font-semibold">
              {t.name}
            </label>
            <input
              id={`${id}-name`}
              name="nazwa"
              className="field"
              maxLength={100}
              required
              {...invalid('create', 'Nazwa')}
            />
            {fieldError('create', 'Nazwa')}
          </div>
          <div>
            <label htmlFor={`${id}-parent`} className="mb-1 block font-semibold">
              {t.parent}
            </label>
            <ParentSelect id={`${id}-parent`} options={categories} defaultValue={null} />
          </div>
        </div>
        <button type="submit" className="btn-primary" aria-busy={busy}>
          {t.create}
        </button>
      </form>

      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>

      {editing && (
        <form
          key={editing.Id}
          onSubmit={save}
          noValidate
          aria-labelledby={`${id}-edit`}
          className="card space-y-4 border-2 border-primary"
        >
          <h2 id={`${id}-edit`} className="text-lg font-semibold">
            {t.editTitle(editing.Nazwa)}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-edit-name`} className="mb-1 block font-semibold">
                {t.name}
              </label>
              <input
                ref={editName}
                id={`${id}-edit-name`}
                name="nazwa"
                className="field"
                maxLength={100}
                required
                defaultValue={editing.Nazwa}
                {...invalid('edit', 'Nazwa')}
              />
              {fieldError('edit', 'Nazwa')}
            </div>
            <div>
              <label htmlFor={`${id}-edit-parent`} className="mb-1 block font-semibold">
                {t.parent}
              </label>
              <ParentSelect
                id={`${id}-edit-parent`}
                options={categories.filter((c) => !excluded.has(c.Id))}
                defaultValue={editing.IdParent}
              />
            </div>
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" aria-busy={busy}>
              {t.save}
            </button>
            <button type="button" className="btn-secondary" onClick={() => closeEdit(editing)}>
              {t.cancel}
            </button>
          </div>
        </form>
      )}

      {categories.length === 0 ? (
        <p className="card">{t.empty}</p>
      ) : (
        <ol
          aria-label={t.title}
          className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white"
        >
          {categories.map((c) => {
            const siblings = siblingsOf(categories, c.IdParent);
            const first = siblings[0]?.Id === c.Id;
            const last = siblings[siblings.length - 1]?.Id === c.Id;
            return (
              <li
                key={c.Id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2 pr-3"
                style={{ paddingLeft: `${0.75 + c.Poziom * 1.5}rem` }}
              >
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-semibold break-words">
                    {c.Poziom > 0 && <span aria-hidden="true">└ </span>}
                    <span className="category-name">{c.Nazwa}</span>
                  </p>
                  <dl className="flex flex-wrap gap-x-3 text-sm text-muted">
                    <div className="flex gap-1">
                      <dt>{t.products}:</dt>
                      <dd>{c.LiczbaProduktow}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>{t.productsWithSub}:</dt>
                      <dd>{c.LiczbaProduktowRazem}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>{t.subcategories}:</dt>
                      <dd>{c.LiczbaPodkategorii}</dd>
                    </div>
                  </dl>
                </div>
                <div className="flex flex-wrap gap-2">
                  {/* aria-disabled, not disabled: the focus stays on an arrow that reached the end. */}
                  <button
                    ref={keep(`${c.Id}:up`)}
                    type="button"
                    className={`${smallButton} ${first ? 'opacity-60' : ''}`}
                    aria-disabled={first || busy}
                    aria-label={t.forRow(t.up, c.Nazwa)}
                    title={t.up}
                    onClick={() => move(c, -1)}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    ref={keep(`${c.Id}:down`)}
                    type="button"
                    className={`${smallButton} ${last ? 'opacity-60' : ''}`}
                    aria-disabled={last || busy}
                    aria-label={t.forRow(t.down, c.Nazwa)}
                    title={t.down}
                    onClick={() => move(c, 1)}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                  <button
                    ref={keep(`${c.Id}:edit`)}
                    type="button"
                    className={smallButton}
                    aria-label={t.forRow(t.edit, c.Nazwa)}
                    aria-expanded={editing?.Id === c.Id}
                    onClick={() => setEditing(c)}
                  >
                    {t.edit}
                  </button>
                  <button
                    type="button"
                    className={dangerButton}
                    aria-label={t.forRow(t.remove, c.Nazwa)}
                    onClick={() => setRemoving(c)}
                  >
                    {t.remove}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <ConfirmDialog
        open={removing !== null}
        title={removing ? t.removeTitle(removing.Nazwa) : ''}
        confirmLabel={t.remove}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      >
        <p>{t.removeText}</p>
      </ConfirmDialog>
    </div>
  );
};
