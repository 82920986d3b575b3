import type { FormEvent, ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { useUnsavedGuard } from './useUnsavedGuard.tsx';

export const smallButton =
  'btn min-h-11 min-w-11 border border-primary bg-white px-3 text-primary hover:bg-primary-light';
export const dangerButton =
  'btn min-h-11 border border-danger bg-white px-3 text-danger hover:bg-danger-light';

/** The labels of a row's buttons and the forms of a list edited in place. */
export type RowTexts = {
  up: string;
  down: string;
  edit: string;
  remove: string;
  save: string;
  cancel: string;
  removeTitle: (name: string) => string;
  removeText: string;
  forRow: (action: string, name: string) => string;
};

/** A ref for one of a row's buttons ('up', 'down', 'edit'), so the focus can come back to it. */
type Keep = (button: string) => (el: HTMLElement | null) => void;

/**
 * A row's up and down arrows. aria-disabled, not disabled: the focus stays on an arrow that
 * reached the end (and the screen says so).
 */
export const MoveButtons = ({
  t,
  name,
  first,
  last,
  busy,
  keep,
  onMove,
}: {
  t: RowTexts;
  name: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  keep: Keep;
  onMove: (by: -1 | 1) => void;
}) =>
  (
    [
      ['up', -1, first, t.up, '↑'],
      ['down', 1, last, t.down, '↓'],
    ] as const
  ).map(([key, by, end, label, arrow]) => (
    <button
      key={key}
      ref={keep(key)}
      type="button"
      className={`${smallButton} ${end ? 'opacity-60' : ''}`}
      aria-disabled={end || busy}
      aria-label={t.forRow(label, name)}
      title={label}
      onClick={() => onMove(by)}
    >
      <span aria-hidden="true">{arrow}</span>
    </button>
  ));

/** A row's "edit" (opens its form below the list's notices) and, when it may go, "delete". */
export const EditRemoveButtons = ({
  t,
  name,
  open,
  keep,
  onEdit,
  onRemove,
}: {
  t: RowTexts;
  name: string;
  open: boolean;
  keep: Keep;
  onEdit: () => void;
  onRemove?: () => void;
}) => (
  <>
    <button
      ref={keep('edit')}
      type="button"
      className={smallButton}
      aria-label={t.forRow(t.edit, name)}
      aria-expanded={open}
      onClick={onEdit}
    >
      {t.edit}
    </button>
    {onRemove && (
      <button type="button" className={dangerButton} aria-label={t.forRow(t.remove, name)} onClick={onRemove}>
        {t.remove}
      </button>
    )}
  </>
);

/** The form of a new row (a submit button) or of the open row (save and cancel, framed). */
export const CrudForm = ({
  headingId,
  title,
  submit,
  busy,
  onSubmit,
  onCancel,
  cancel,
  children,
}: {
  headingId: string;
  title: string;
  submit: string;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Given for the open row's form. */
  onCancel?: () => void;
  cancel?: string;
  children: ReactNode;
}) => {
  const guard = useUnsavedGuard();
  const button = (
    <button type="submit" className="btn-primary" aria-busy={busy}>
      {submit}
    </button>
  );
  return (
    <form
      {...guard.watch}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={headingId}
      className={onCancel ? 'card space-y-4 border-2 border-primary' : 'card space-y-4'}
    >
      <h2 id={headingId} className="text-lg font-semibold break-words">
        {title}
      </h2>
      {children}
      {onCancel ? (
        <div className="flex flex-wrap gap-3">
          {button}
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {cancel}
          </button>
        </div>
      ) : (
        button
      )}
    </form>
  );
};

/** The question before a row is deleted. */
export const RemoveDialog = <T,>({
  t,
  row,
  nameOf,
  onConfirm,
  onCancel,
}: {
  t: Pick<RowTexts, 'remove' | 'removeTitle' | 'removeText'>;
  row: T | null;
  nameOf: (row: T) => string;
  onConfirm: () => void;
  onCancel: () => void;
}) => (
  <ConfirmDialog
    open={row !== null}
    title={row ? t.removeTitle(nameOf(row)) : ''}
    confirmLabel={t.remove}
    onConfirm={onConfirm}
    onCancel={onCancel}
  >
    <p>{t.removeText}</p>
  </ConfirmDialog>
);

/** What the forms need of `useCrud`. */
type CrudState<T> = {
  id: string;
  busy: boolean;
  editing: T | null;
  closeEdit: (row: T) => void;
};

/** The form of a new row. */
export const NewForm = ({
  crud,
  t,
  onSubmit,
  children,
}: {
  crud: Pick<CrudState<unknown>, 'id' | 'busy'>;
  t: { newTitle: string; create: string };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) => (
  <CrudForm
    headingId={`${crud.id}-new`}
    title={t.newTitle}
    submit={t.create}
    busy={crud.busy}
    onSubmit={onSubmit}
  >
    {children}
  </CrudForm>
);

/** The open row's form (nothing while no row is open); a new row opened starts a new form. */
export const EditForm = <T extends { Id: number }>({
  crud,
  t,
  title,
  onSubmit,
  children,
}: {
  crud: CrudState<T>;
  t: Pick<RowTexts, 'save' | 'cancel'>;
  title: (row: T) => string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: (row: T) => ReactNode;
}) => {
  const row = crud.editing;
  if (!row) return null;
  return (
    <CrudForm
      key={row.Id}
      headingId={`${crud.id}-edit`}
      title={title(row)}
      submit={t.save}
      busy={crud.busy}
      onSubmit={onSubmit}
      cancel={t.cancel}
      onCancel={() => crud.closeEdit(row)}
    >
      {children(row)}
    </CrudForm>
  );
};
