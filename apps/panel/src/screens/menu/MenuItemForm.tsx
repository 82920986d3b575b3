import { MENU_MAX_DEPTH, type PanelLinkTarget, type PanelMenuItem } from '@club/contract';
import type { FormEvent } from 'react';
import { fieldErrors } from '../../components/FieldError.tsx';
import type { FieldMessages } from '../../components/useAction.ts';
import { fitsUnder, subtree } from '../../lib/menu-tree.ts';
import { ui } from '../../texts.ts';

const t = ui.menus;

export type Draft = {
  /** The item edited; undefined: a new one. */
  Id?: number;
  Tytul: string;
  kind: 'page' | 'other';
  page: string;
  other: string;
  OtworzWNowymOknie: boolean;
  IdParent: number | null;
};

export const emptyDraft = (targets: PanelLinkTarget[], IdParent: number | null = null): Draft => ({
  Tytul: '',
  kind: 'page',
  page: targets[0]?.Url ?? '',
  other: '',
  OtworzWNowymOknie: false,
  IdParent,
});

export const draftOf = (item: PanelMenuItem, targets: PanelLinkTarget[]): Draft => {
  const known = targets.some((x) => x.Url === item.Url);
  return {
    Id: item.Id,
    Tytul: item.Tytul,
    kind: known ? 'page' : 'other',
    page: known ? item.Url : (targets[0]?.Url ?? ''),
    other: known ? '' : item.Url,
    OtworzWNowymOknie: item.OtworzWNowymOknie,
    IdParent: item.IdParent,
  };
};

/** A new item's or the edited item's title, address, window and parent. */
export const MenuItemForm = ({
  id,
  draft,
  setDraft,
  items,
  targets,
  fields,
  busy,
  onSubmit,
  onCancel,
}: {
  id: string;
  draft: Draft;
  setDraft: (draft: Draft) => void;
  items: PanelMenuItem[];
  targets: PanelLinkTarget[];
  fields: FieldMessages;
  busy: boolean;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}) => {
  const errors = fieldErrors(id, fields);
  // Parents an item may go under: not itself or its branch, and not so deep that the menu gets too many levels.
  const excluded = draft.Id !== undefined ? subtree(items, draft.Id) : new Set<number>();
  const parents = items.filter(
    (i) =>
      !excluded.has(i.Id) &&
      (draft.Id === undefined ? i.Poziom + 1 < MENU_MAX_DEPTH : fitsUnder(items, draft.Id, i)),
  );
  const groups: { label: string; list: PanelLinkTarget[] }[] = (['sklep', 'kategoria', 'podstrona'] as const)
    .map((kind) => ({ label: t.targetKinds[kind], list: targets.filter((x) => x.Rodzaj === kind) }))
    .filter((g) => g.list.length > 0);
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div>
        <label htmlFor={`${id}-Tytul`} className="mb-1 block font-semibold">
          {t.itemTitle}
        </label>
        <input
          id={`${id}-Tytul`}
          value={draft.Tytul}
          maxLength={100}
          required
          onChange={(e) => setDraft({ ...draft, Tytul: e.target.value })}
          className="field"
          {...errors.described('Tytul')}
        />
        {errors.error('Tytul')}
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-1 font-semibold">{t.address}</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={draft.kind === 'page'}
            onChange={() => setDraft({ ...draft, kind: 'page' })}
            className="h-5 w-5 accent-primary"
          />
          {t.shopPage}
        </label>
        {draft.kind === 'page' && (
          <select
            aria-label={t.shopPage}
            value={draft.page}
            onChange={(e) => setDraft({ ...draft, page: e.target.value })}
            className="field"
            {...errors.described('Url')}
          >
            {groups.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.list.map((x) => (
                  <option key={x.Url} value={x.Url}>
                    {x.Tytul} ({x.Url})
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={draft.kind === 'other'}
            onChange={() => setDraft({ ...draft, kind: 'other' })}
            className="h-5 w-5 accent-primary"
          />
          {t.otherAddress}
        </label>
        {draft.kind === 'other' && (
          <input
            aria-label={t.otherAddress}
            value={draft.other}
            inputMode="url"
            maxLength={500}
            placeholder="https://"
            onChange={(e) => setDraft({ ...draft, other: e.target.value })}
            className="field"
            {...(fields.Url ? errors.described('Url') : { 'aria-describedby': `${id}-other-hint` })}
          />
        )}
        {errors.error('Url') ??
          (draft.kind === 'other' && (
            <p id={`${id}-other-hint`} className="text-sm text-muted">
              {t.otherHint}
            </p>
          ))}
      </fieldset>
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          checked={draft.OtworzWNowymOknie}
          onChange={(e) => setDraft({ ...draft, OtworzWNowymOknie: e.target.checked })}
          className="h-5 w-5 accent-primary"
        />
        {t.newWindow}
      </label>
      <div>
        <label htmlFor={`${id}-parent`} className="mb-1 block font-semibold">
          {t.parent}
        </label>
        <select
          id={`${id}-parent`}
          value={draft.IdParent ?? ''}
          onChange={(e) => setDraft({ ...draft, IdParent: e.target.value ? Number(e.target.value) : null })}
          className="field"
          {...errors.described('IdParent')}
        >
          <option value="">{t.topLevel}</option>
          {parents.map((p) => (
            <option key={p.Id} value={p.Id}>
              {`${'— '.repeat(p.Poziom)}${p.Tytul}`}
            </option>
          ))}
        </select>
        {errors.error('IdParent')}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          {draft.Id !== undefined ? t.save : t.add}
        </button>
        {(draft.Id !== undefined || draft.IdParent !== null) && (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {ui.cancel}
          </button>
        )}
      </div>
    </form>
  );
};
