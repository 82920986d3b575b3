import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { fieldErrors } from './FieldError.tsx';
import { useAction } from './useAction.ts';

/** A contract schema, as `useAction`'s `validate` takes it. */
type Schema = Parameters<ReturnType<typeof useAction>['validate']>[0];

/** The two forms of a list edited in place: the new row's (always shown) and the open row's. */
export type FormName = 'create' | 'edit';

/** The messages of a list edited in place (categories, shipping options): the same keys for each. */
export type CrudTexts = {
  created: (name: string) => string;
  saved: (name: string) => string;
  removed: (name: string) => string;
  moved: (name: string, place: number, of: number) => string;
  alreadyFirst: (name: string) => string;
  alreadyLast: (name: string) => string;
};

/**
 * The state and calls of a list edited in place: create, edit one row at a time, reorder among
 * siblings, delete after a question; each reloads the route's data. The focus stays with the keyboard:
 * a moved row's arrow, the edit button after the form closes, the page's heading after a delete.
 */
export const useCrud = <T extends { Id: number }>({
  rows,
  nameOf,
  t,
}: {
  rows: T[];
  nameOf: (row: T) => string;
  t: CrudTexts;
}) => {
  const action = useAction();
  const { run, validate, setNotice, fields } = action;
  const revalidator = useRevalidator();
  const id = useId();
  const [editing, setEditing] = useState<T | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const [fieldsOf, setFieldsOf] = useState<FormName | null>(null);
  const buttons = useRef(new Map<string, HTMLElement>());
  const editName = useRef<HTMLInputElement>(null);
  // The control that gets the focus back once the list is reloaded (a moved row's arrow...).
  const focusNext = useRef<string | null>(null);

  /** A ref for a row's button; `view` tells a card's from a table's when both are in the page. */
  const keep = (key: string, view?: string) => (el: HTMLElement | null) => {
    const k = view ? `${view}:${key}` : key;
    if (el) buttons.current.set(k, el);
    else buttons.current.delete(k);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each reload of the list and after the edit form closes
  useEffect(() => {
    const key = focusNext.current;
    if (!key) return;
    // Cards and table may both be in the page, one of them hidden: focus the one that is shown.
    const found = [key, `card:${key}`, `table:${key}`].map((k) => buttons.current.get(k)).filter(Boolean);
    const el = found.length > 1 ? found.find((b) => b?.offsetParent !== null) : found[0];
    if (!el) return;
    focusNext.current = null;
    el.focus();
  }, [rows, editing]);

  useEffect(() => {
    if (editing) editName.current?.focus();
  }, [editing]);

  const reload = () => revalidator.revalidate();

  const closeEdit = (row: T) => {
    focusNext.current = `${row.Id}:edit`;
    setEditing(null);
  };

  /**
   * Sends the new row's form (checked with the endpoint's `schema` first); it is emptied once the
   * row is made.
   */
  const create = async <B>(
    event: FormEvent<HTMLFormElement>,
    schema: Schema,
    read: (form: HTMLFormElement) => B,
    send: (body: B) => Promise<T>,
  ) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = read(form);
    setFieldsOf('create');
    if (!validate(schema, body)) return;
    const ok = await run(
      async () => {
        const created = await send(body);
        await reload();
        return created;
      },
      (created) => t.created(nameOf(created)),
    );
    if (ok) form.reset();
  };

  /** Sends only what changed (the audit log then lists just that); nothing changed closes the form. */
  const save = async <B extends object>(
    event: FormEvent<HTMLFormElement>,
    schema: Schema,
    changes: (row: T, form: HTMLFormElement) => B,
    send: (row: T, body: B) => Promise<T>,
  ) => {
    event.preventDefault();
    if (!editing) return;
    const row = editing;
    const body = changes(row, event.currentTarget);
    setFieldsOf('edit');
    if (!validate(schema, body)) return;
    const ok = await run(
      async () => {
        const saved = Object.keys(body).length ? await send(row, body) : row;
        await reload();
        return saved;
      },
      (saved) => t.saved(nameOf(saved)),
    );
    if (ok) closeEdit(row);
  };

  /** One place up or down among `siblings`; `send` gets their new order of ids. */
  const move = (row: T, by: -1 | 1, siblings: T[], send: (order: number[]) => Promise<unknown>) => {
    const from = siblings.findIndex((s) => s.Id === row.Id);
    const to = from + by;
    if (to < 0 || to >= siblings.length) {
      setNotice(by < 0 ? t.alreadyFirst(nameOf(row)) : t.alreadyLast(nameOf(row)));
      return;
    }
    const order = siblings.map((s) => s.Id);
    [order[from], order[to]] = [order[to]!, order[from]!];
    focusNext.current = `${row.Id}:${by < 0 ? 'up' : 'down'}`;
    void run(
      async () => {
        await send(order);
        await reload();
      },
      t.moved(nameOf(row), to + 1, siblings.length),
    );
  };

  /** Deletes the row the dialog asked about; its buttons are gone, so the focus goes to the heading. */
  const remove = async (send: (row: T) => Promise<unknown>) => {
    const row = removing;
    if (!row) return;
    setRemoving(null);
    const ok = await run(
      async () => {
        await send(row);
        await reload();
      },
      t.removed(nameOf(row)),
    );
    if (ok) document.querySelector<HTMLElement>('main h1')?.focus();
  };

  /** Field messages go to the form that was sent. */
  const errorsOf = (form: FormName) => fieldErrors(`${id}-${form}`, fieldsOf === form ? fields : {});

  return {
    ...action,
    id,
    editing,
    setEditing,
    removing,
    setRemoving,
    keep,
    editName,
    closeEdit,
    create,
    save,
    move,
    remove,
    errorsOf,
  };
};
