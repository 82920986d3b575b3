import {
  MENU_IDS,
  menuLabel,
  type PanelMenuItem,
  PanelMenuItemCreateSchema,
  PanelMenuItemUpdateSchema,
} from '@club/contract';
import { DndContext } from '@dnd-kit/core';
import { type FormEvent, useId, useState } from 'react';
import { type LoaderFunctionArgs, NavLink, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { useAction } from '../components/useAction.ts';
import { useAskBeforeDiscard, useUnsavedGuard } from '../components/useUnsavedGuard.tsx';
import { type DropZone, dropMove, fitsUnder, subtree } from '../lib/menu-tree.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';
import { type Draft, draftOf, emptyDraft, MenuItemForm } from './menu/MenuItemForm.tsx';
import { MenuLevel } from './menu/MenuLevel.tsx';
import { useMenuDrag } from './menu/useMenuDrag.ts';

const t = ui.menus;

type MenuId = (typeof MENU_IDS)[number];

export const menuEditorLoader = ({ params }: LoaderFunctionArgs) => {
  const menuId = Number(params.menuId ?? MENU_IDS[0]) as MenuId;
  if (!(MENU_IDS as readonly number[]).includes(menuId)) throw new Response('', { status: 404 });
  return guarded(async () => {
    const [items, targets] = await Promise.all([
      api.call('panelMenu', { params: { menuId: String(menuId) } }),
      api.call('panelLinkTargets'),
    ]);
    return { menuId, items, targets };
  });
};

type Loaded = Awaited<ReturnType<typeof menuEditorLoader>>;

/** Keyed by the menu: another tab starts with its own list and an empty form. */
export const MenuEditor = () => {
  const loaded = useLoaderData<typeof menuEditorLoader>();
  return <MenuEditorFor key={loaded.menuId} {...loaded} />;
};

const focusLater = (elementId: string) =>
  requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById(elementId)?.focus()));

const MenuEditorFor = ({ menuId, items: first, targets }: Loaded) => {
  const id = useId();
  const action = useAction();
  const guard = useUnsavedGuard();
  const ask = useAskBeforeDiscard();
  const [items, setItems] = useState(first);
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(targets));
  const [deleting, setDeleting] = useState<PanelMenuItem | null>(null);
  const menuParam = { menuId: String(menuId) };

  /** Runs a change and shows the menu as the API has it afterwards. */
  const run = (change: () => Promise<unknown>, done: string, focus?: (list: PanelMenuItem[]) => string) =>
    action.run(
      async () => {
        const answer = await change();
        return Array.isArray(answer)
          ? (answer as PanelMenuItem[])
          : await api.call('panelMenu', { params: menuParam });
      },
      done,
      (list) => {
        setItems(list);
        if (focus) focusLater(focus(list));
      },
    );

  const siblingsOf = (item: PanelMenuItem, list = items) => list.filter((i) => i.IdParent === item.IdParent);

  /** After a move the same button of the moved item keeps the focus, or its edit button when that one is gone. */
  const focusAfterMove = (item: PanelMenuItem, button: string) => (list: PanelMenuItem[]) => {
    const moved = list.find((i) => i.Id === item.Id);
    if (!moved) return `${id}-list`;
    const siblings = siblingsOf(moved, list);
    const index = siblings.findIndex((i) => i.Id === moved.Id);
    const prev = siblings[index - 1];
    const available: Record<string, boolean> = {
      up: index > 0,
      down: index < siblings.length - 1,
      in: prev !== undefined && fitsUnder(list, moved.Id, prev),
      out: moved.Poziom > 0,
    };
    return available[button] ? `${id}-${button}-${moved.Id}` : `${id}-edit-${moved.Id}`;
  };

  const update = (item: PanelMenuItem, body: { IdParent?: number | null; Pozycja?: number }) => () =>
    api.call('panelMenuItemUpdate', { params: { ...menuParam, id: item.Id }, body });

  const move = (item: PanelMenuItem, by: -1 | 1) => {
    const order = siblingsOf(item).map((i) => i.Id);
    const index = order.indexOf(item.Id);
    order.splice(index, 1);
    order.splice(index + by, 0, item.Id);
    return run(
      () =>
        api.call('panelMenuReorder', {
          params: menuParam,
          body: { IdParent: item.IdParent, Kolejnosc: order },
        }),
      t.moved(item.Tytul, index + by + 1),
      focusAfterMove(item, by < 0 ? 'up' : 'down'),
    );
  };

  const indent = (item: PanelMenuItem) => {
    const siblings = siblingsOf(item);
    const prev = siblings[siblings.findIndex((i) => i.Id === item.Id) - 1];
    if (!prev) return;
    return run(
      update(item, { IdParent: prev.Id }),
      t.indented(item.Tytul, prev.Tytul),
      focusAfterMove(item, 'in'),
    );
  };

  const outdent = (item: PanelMenuItem) => {
    const parent = items.find((i) => i.Id === item.IdParent);
    if (!parent) return;
    return run(
      update(item, { IdParent: parent.IdParent, Pozycja: parent.Pozycja + 1 }),
      t.outdented(item.Tytul),
      focusAfterMove(item, 'out'),
    );
  };

  /** A drop (mouse, touch or keyboard): one PATCH that moves the item. */
  const drop = (item: PanelMenuItem, target: PanelMenuItem, zone: DropZone) => {
    const body = dropMove(items, item, target, zone);
    void run(
      update(item, body),
      zone === 'inside' ? t.indented(item.Tytul, target.Tytul) : t.moved(item.Tytul, (body.Pozycja ?? 0) + 1),
      // The moved card is drawn anew at its place: its "Przenieś" button gets the focus back.
      (list) => (list.some((i) => i.Id === item.Id) ? `${id}-drag-${item.Id}` : `${id}-list`),
    );
  };
  const drag = useMenuDrag(items, drop);

  const remove = async (item: PanelMenuItem) => {
    setDeleting(null);
    await run(
      () => api.call('panelMenuItemDelete', { params: { ...menuParam, id: item.Id } }),
      t.deleted(item.Tytul),
      () => `${id}-list`,
    );
    if (draft.Id === item.Id) {
      guard.saved();
      setDraft(emptyDraft(targets));
    }
  };

  /** Another item in the form: asks first when the one there has unsaved changes. */
  const startDraft = (next: Draft, focus: string) =>
    ask([guard], () => {
      setDraft(next);
      action.setFields({});
      focusLater(focus);
    });

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const Url = draft.kind === 'page' ? draft.page : draft.other.trim();
    const common = { Tytul: draft.Tytul, Url, OtworzWNowymOknie: draft.OtworzWNowymOknie };
    const editing = draft.Id;
    if (editing === undefined) {
      const body = { ...common, IdParent: draft.IdParent };
      if (!action.validate(PanelMenuItemCreateSchema, body)) return;
      const ok = await run(
        () => api.call('panelMenuItemCreate', { params: menuParam, body }),
        t.added(draft.Tytul),
        () => `${id}-Tytul`,
      );
      if (ok) guard.saved();
      if (ok) setDraft((d) => ({ ...emptyDraft(targets, d.IdParent), kind: d.kind, page: d.page }));
      return;
    }
    const before = items.find((i) => i.Id === editing);
    const moved = before && before.IdParent !== draft.IdParent;
    const body = { ...common, ...(moved && { IdParent: draft.IdParent }) };
    if (!action.validate(PanelMenuItemUpdateSchema, body)) return;
    const ok = await run(
      () => api.call('panelMenuItemUpdate', { params: { ...menuParam, id: editing }, body }),
      t.saved(draft.Tytul),
      () => `${id}-edit-${editing}`,
    );
    if (ok) guard.saved();
    if (ok) setDraft(emptyDraft(targets));
  };

  const cancel = () => {
    const back = draft.Id ?? draft.IdParent;
    guard.saved();
    setDraft(emptyDraft(targets));
    action.setFields({});
    if (back !== null && back !== undefined) focusLater(`${id}-edit-${back}`);
  };

  const formTitle =
    draft.Id !== undefined ? t.editTitle(items.find((i) => i.Id === draft.Id)?.Tytul ?? '') : t.newTitle;

  return (
    <div className="space-y-5">
      <PageTitle title={`${t.title}: ${menuLabel[menuId]}`}>{t.title}</PageTitle>
      <nav aria-label={t.which} className="flex flex-wrap gap-2">
        {MENU_IDS.map((m) => (
          <NavLink
            key={m}
            to={`/tresci/menu/${m}`}
            className={({ isActive }) =>
              `btn ${isActive || (m === menuId) ? 'bg-primary text-white' : 'border border-primary bg-white text-primary hover:bg-primary-light'}`
            }
            aria-current={m === menuId ? 'page' : undefined}
          >
            {menuLabel[m]}
          </NavLink>
        ))}
      </nav>
      <p className="text-muted">{t.intro}</p>
      <NoticeBox>{action.notice}</NoticeBox>
      <ErrorBox>{action.error}</ErrorBox>
      <div className="grid items-start gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section className="card min-w-0 space-y-3" aria-labelledby={`${id}-list`}>
          <h2 id={`${id}-list`} tabIndex={-1} className="text-lg font-semibold">
            {menuLabel[menuId]}
          </h2>
          {items.length === 0 ? (
            <p className="text-muted">{t.empty}</p>
          ) : (
            <DndContext {...drag.context}>
              <MenuLevel
                id={id}
                items={items}
                parentId={null}
                busy={action.busy}
                selectedId={draft.Id}
                draggedBranch={drag.draggedId === null ? new Set() : subtree(items, drag.draggedId)}
                dropAt={drag.dropAt}
                on={{
                  // The item already in the form keeps its edit.
                  edit: (item) =>
                    item.Id === draft.Id
                      ? focusLater(`${id}-form-title`)
                      : startDraft(draftOf(item, targets), `${id}-form-title`),
                  addBelow: (item) => startDraft(emptyDraft(targets, item.Id), `${id}-Tytul`),
                  move,
                  indent,
                  outdent,
                  remove: setDeleting,
                }}
              />
            </DndContext>
          )}
        </section>
        <section {...guard.watch} className="card min-w-0 space-y-4" aria-labelledby={`${id}-form-title`}>
          <h2 id={`${id}-form-title`} tabIndex={-1} className="text-lg font-semibold">
            {formTitle}
          </h2>
          <MenuItemForm
            id={id}
            draft={draft}
            setDraft={setDraft}
            items={items}
            targets={targets}
            fields={action.fields}
            busy={action.busy}
            onSubmit={save}
            onCancel={cancel}
          />
        </section>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={t.confirmTitle}
        confirmLabel={t.confirmDelete}
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>{deleting ? t.confirmText(deleting.Tytul, deleting.LiczbaPodrzednych) : ''}</p>
      </ConfirmDialog>
    </div>
  );
};
