import { type PanelCategory, PanelCategoryCreateSchema, PanelCategoryUpdateSchema } from '@club/contract';
import type { FormEvent, Ref } from 'react';
import { Link, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { EditForm, EditRemoveButtons, MoveButtons, NewForm, RemoveDialog } from '../components/CrudParts.tsx';
import type { FieldErrors } from '../components/FieldError.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { useCrud } from '../components/useCrud.ts';
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

const ParentField = ({
  id,
  options,
  defaultValue,
}: {
  id: string;
  options: PanelCategory[];
  defaultValue: number | null;
}) => (
  <div>
    <label htmlFor={id} className="mb-1 block font-semibold">
      {t.parent}
    </label>
    <select id={id} name="rodzic" defaultValue={defaultValue ?? ''} className="field">
      <option value="">{t.topLevel}</option>
      {options.map((c) => (
        <option key={c.Id} value={c.Id}>
          {`${'– '.repeat(c.Poziom)}${c.Nazwa}`}
        </option>
      ))}
    </select>
  </div>
);

/** A category's name and its counts. */
const CategoryInfo = ({ c }: { c: PanelCategory }) => (
  <div className="min-w-0 flex-1 basis-48">
    <p className="font-semibold break-words">
      {c.Poziom > 0 && <span aria-hidden="true">└ </span>}
      <span className="category-name">{c.Nazwa}</span>
    </p>
    <dl className="flex flex-wrap gap-x-3 text-sm text-muted">
      {(
        [
          [t.products, c.LiczbaProduktow],
          [t.productsWithSub, c.LiczbaProduktowRazem],
          [t.subcategories, c.LiczbaPodkategorii],
        ] as const
      ).map(([label, count]) => (
        <div key={label} className="flex gap-1">
          <dt>{label}:</dt>
          <dd>{count}</dd>
        </div>
      ))}
    </dl>
  </div>
);

const NameField = ({
  id,
  errors,
  defaultValue,
  inputRef,
}: {
  id: string;
  errors: FieldErrors;
  defaultValue?: string;
  inputRef?: Ref<HTMLInputElement>;
}) => (
  <div>
    <label htmlFor={id} className="mb-1 block font-semibold">
      {t.name}
    </label>
    <input
      ref={inputRef}
      id={id}
      name="nazwa"
      className="field"
      maxLength={100}
      required
      defaultValue={defaultValue}
      {...errors.described('Nazwa')}
    />
    {errors.error('Nazwa')}
  </div>
);

/** The category tree: create, rename, move to another parent, reorder among siblings, delete when empty. */
export const Categories = () => {
  const categories = useLoaderData<typeof categoriesLoader>();
  const crud = useCrud({ rows: categories, nameOf: (c) => c.Nazwa, t });
  const { id, busy, error, notice, editing } = crud;

  const create = (event: FormEvent<HTMLFormElement>) =>
    crud.create(
      event,
      PanelCategoryCreateSchema,
      (form) => {
        const data = new FormData(form);
        return { Nazwa: String(data.get('nazwa') ?? ''), IdParent: parentValue(data.get('rodzic')) };
      },
      (body) => api.call('panelCategoryCreate', { body }),
    );

  const save = (event: FormEvent<HTMLFormElement>) =>
    crud.save(
      event,
      PanelCategoryUpdateSchema,
      (c, form) => {
        const data = new FormData(form);
        const name = String(data.get('nazwa') ?? '');
        const parent = parentValue(data.get('rodzic'));
        return {
          ...(name !== c.Nazwa && { Nazwa: name }),
          ...(parent !== c.IdParent && { IdParent: parent }),
        };
      },
      (c, body) => api.call('panelCategoryUpdate', { params: { id: c.Id }, body }),
    );

  const move = (c: PanelCategory, by: -1 | 1) =>
    crud.move(c, by, siblingsOf(categories, c.IdParent), (order) =>
      api.call('panelCategoryReorder', { body: { IdParent: c.IdParent, Kolejnosc: order } }),
    );

  const remove = () => crud.remove((c) => api.call('panelCategoryDelete', { params: { id: c.Id } }));

  const excluded = editing ? subtreeOf(categories, editing.Id) : new Set<number>();

  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>

      <NewForm crud={crud} t={t} onSubmit={create}>
        <div className="grid gap-4 sm:grid-cols-2">
          <NameField id={`${id}-name`} errors={crud.errorsOf('create')} />
          <ParentField id={`${id}-parent`} options={categories} defaultValue={null} />
        </div>
      </NewForm>

      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>

      <EditForm crud={crud} t={t} title={(c) => t.editTitle(c.Nazwa)} onSubmit={save}>
        {(c) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <NameField
              id={`${id}-edit-name`}
              errors={crud.errorsOf('edit')}
              defaultValue={c.Nazwa}
              inputRef={crud.editName}
            />
            <ParentField
              id={`${id}-edit-parent`}
              options={categories.filter((o) => !excluded.has(o.Id))}
              defaultValue={c.IdParent}
            />
          </div>
        )}
      </EditForm>

      {categories.length === 0 ? (
        <p className="card">{t.empty}</p>
      ) : (
        <ol
          aria-label={t.title}
          className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white"
        >
          {categories.map((c) => {
            const siblings = siblingsOf(categories, c.IdParent);
            const keep = (button: string) => crud.keep(`${c.Id}:${button}`);
            return (
              <li
                key={c.Id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2 pr-3"
                style={{ paddingLeft: `${0.75 + c.Poziom * 1.5}rem` }}
              >
                <CategoryInfo c={c} />
                <div className="flex flex-wrap gap-2">
                  <MoveButtons
                    t={t}
                    name={c.Nazwa}
                    first={siblings[0]?.Id === c.Id}
                    last={siblings[siblings.length - 1]?.Id === c.Id}
                    busy={busy}
                    keep={keep}
                    onMove={(by) => move(c, by)}
                  />
                  <EditRemoveButtons
                    t={t}
                    name={c.Nazwa}
                    open={editing?.Id === c.Id}
                    keep={keep}
                    onEdit={() => crud.setEditing(c)}
                    onRemove={() => crud.setRemoving(c)}
                  />
                  <Link
                    to={`/kategorie/${c.Id}/tabela-rozmiarow`}
                    className="btn-secondary"
                    aria-label={ui.sizeGuide.linkOf(c.Nazwa)}
                  >
                    {ui.sizeGuide.link}
                  </Link>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <RemoveDialog
        t={t}
        row={crud.removing}
        nameOf={(c) => c.Nazwa}
        onConfirm={remove}
        onCancel={() => crud.setRemoving(null)}
      />
    </div>
  );
};
