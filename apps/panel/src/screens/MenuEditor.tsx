import {
  ApiClientError,
  MENU_IDS,
  MENU_MAX_DEPTH,
  menuLabel,
  type PanelLinkTarget,
  type PanelMenuItem,
} from '@club/contract';
import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { type FormEvent, type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { type LoaderFunctionArgs, NavLink, useLoaderData, useNavigate } from 'react-router';
import { api, errorMessage } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import {
  type DropZone,
  dropMove,
  dropZone,
  fitsUnder,
  keyboardStops,
  nextStop,
  subtree,
} from '../lib/menu-tree.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.menus;

type MenuId = (typeof MENU_IDS)[number];

const DROP_STYLE: Record<DropZone | 'none', string> = {
  before: 'shadow-[0_-4px_0_0_var(--color-primary)]',
  after: 'shadow-[0_4px_0_0_var(--color-primary)]',
  inside: 'ring-4 ring-primary',
  none: '',
};

/**
 * The card under the pointer (mouse, touch); the keyboard has no pointer: the card under the
 * middle of the moved one. Each hit carries `share`: where that point is on the card, from its
 * top (0) to its bottom (1), in the same coordinates as the card's box, whatever the scroll.
 */
const underDrag: CollisionDetection = (args) => {
  const { collisionRect, droppableRects, droppableContainers, pointerCoordinates } = args;
  const y = pointerCoordinates ? pointerCoordinates.y : collisionRect.top + collisionRect.height / 2;
  const found = pointerCoordinates
    ? pointerWithin(args)
    : droppableContainers
        .filter((c) => {
          const r = droppableRects.get(c.id);
          return r !== undefined && y >= r.top && y <= r.bottom;
        })
        .map((c) => ({ id: c.id, data: { droppableContainer: c, value: 0 } }));
  return found.map((c) => {
    const r = droppableRects.get(c.id);
    return { ...c, data: { ...c.data, share: r ? (y - r.top) / r.height : 0.5 } };
  });
};

const small = 'btn-secondary min-h-9 px-2 py-1 text-sm';

/**
 * One item's card: dragged anywhere on it by the mouse, after a short press by touch (a swipe
 * still scrolls), picked up by the keyboard on its "Przenieś" button; other cards take a drop
 * before, into or after them. The move buttons stay for anyone who cannot drag (WCAG 2.5.7).
 */
const MenuCard = ({
  item,
  handleId,
  disabled,
  selected,
  faded,
  zone,
  children,
}: {
  item: PanelMenuItem;
  handleId: string;
  disabled: boolean;
  selected: boolean;
  /** Inside the branch being dragged (it moves with it). */
  faded: boolean;
  zone: DropZone | null;
  children: ReactNode;
}) => {
  const {
    attributes,
    listeners,
    setNodeRef: setDragRef,
    setActivatorNodeRef,
    transform,
    isDragging,
  } = useDraggable({ id: item.Id, disabled, attributes: { roleDescription: t.dragRole } });
  const { setNodeRef: setDropRef } = useDroppable({ id: item.Id, disabled });
  const ref = useCallback(
    (node: HTMLElement | null) => {
      setDragRef(node);
      setDropRef(node);
    },
    [setDragRef, setDropRef],
  );
  return (
    <div
      ref={ref}
      {...listeners}
      data-drop={zone ?? undefined}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={`cursor-grab touch-manipulation rounded-md border p-2 active:cursor-grabbing ${
        selected ? 'border-primary bg-primary-light' : 'border-gray-200 bg-white'
      } ${isDragging ? 'relative z-10 shadow-lg ring-2 ring-primary' : faded ? 'opacity-50' : ''} ${
        DROP_STYLE[zone ?? 'none']
      }`}
    >
      <p className="font-semibold break-words">{item.Tytul}</p>
      <p className="text-sm break-all text-muted">
        {item.Url}
        {item.OtworzWNowymOknie && <span className="ml-2 whitespace-nowrap">({t.newWindowShort})</span>}
      </p>
      <div className="mt-2 flex flex-wrap gap-1.5">
        <button
          ref={setActivatorNodeRef}
          id={handleId}
          type="button"
          {...attributes}
          aria-label={t.dragLabel(item.Tytul)}
          className={`${small} cursor-grab touch-manipulation active:cursor-grabbing`}
        >
          <span aria-hidden="true">⠿</span>
          {t.drag}
        </button>
        {children}
      </div>
    </div>
  );
};

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

type Draft = {
  /** The item edited; undefined: a new one. */
  Id?: number;
  Tytul: string;
  kind: 'page' | 'other';
  page: string;
  other: string;
  OtworzWNowymOknie: boolean;
  IdParent: number | null;
};

const emptyDraft = (targets: PanelLinkTarget[], IdParent: number | null = null): Draft => ({
  Tytul: '',
  kind: 'page',
  page: targets[0]?.Url ?? '',
  other: '',
  OtworzWNowymOknie: false,
  IdParent,
});

const draftOf = (item: PanelMenuItem, targets: PanelLinkTarget[]): Draft => {
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

const MenuEditorFor = ({ menuId, items: first, targets }: Loaded) => {
  const navigate = useNavigate();
  const id = useId();
  const [items, setItems] = useState(first);
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(targets));
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<PanelMenuItem | null>(null);
  const [draggedId, setDraggedId] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<{ id: number; zone: DropZone } | null>(null);
  // Read by the keyboard's arrows and the announcements, which run outside React's render.
  const itemsNow = useRef(items);
  itemsNow.current = items;
  const dropNow = useRef<{ target: PanelMenuItem; zone: DropZone } | null>(null);
  const menuParam = { menuId: String(menuId) };

  const focusLater = (elementId: string) =>
    requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById(elementId)?.focus()));

  /** Runs a change and shows the menu as the API has it afterwards. */
  const run = async (
    action: () => Promise<unknown>,
    done: string,
    focus?: (list: PanelMenuItem[]) => string,
  ) => {
    if (busy) return false;
    setBusy(true);
    setError('');
    setFields({});
    setNotice('');
    try {
      const answer = await action();
      const list = Array.isArray(answer)
        ? (answer as PanelMenuItem[])
        : await api.call('panelMenu', { params: menuParam });
      setItems(list);
      setNotice(done);
      if (focus) focusLater(focus(list));
      return true;
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 401) {
        navigate('/logowanie?powod=wygasla');
        return false;
      }
      setError(errorMessage(e, ui.genericError));
      if (e instanceof ApiClientError && e.body.Fields) setFields(e.body.Fields);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const siblingsOf = (item: PanelMenuItem, list = items) => list.filter((i) => i.IdParent === item.IdParent);

  /** After a move the same button of the moved item keeps the focus, or its edit button when that one is gone. */
  const focusAfterMove = (item: PanelMenuItem, action: string) => (list: PanelMenuItem[]) => {
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
    return available[action] ? `${id}-${action}-${moved.Id}` : `${id}-edit-${moved.Id}`;
  };

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
      () =>
        api.call('panelMenuItemUpdate', {
          params: { ...menuParam, id: item.Id },
          body: { IdParent: prev.Id },
        }),
      t.indented(item.Tytul, prev.Tytul),
      focusAfterMove(item, 'in'),
    );
  };

  const outdent = (item: PanelMenuItem) => {
    const parent = items.find((i) => i.Id === item.IdParent);
    if (!parent) return;
    return run(
      () =>
        api.call('panelMenuItemUpdate', {
          params: { ...menuParam, id: item.Id },
          body: { IdParent: parent.IdParent, Pozycja: parent.Pozycja + 1 },
        }),
      t.outdented(item.Tytul),
      focusAfterMove(item, 'out'),
    );
  };

  /** Where the dragged item would land now: the card under the drag and the zone of that card. */
  const dropOf = (e: DragMoveEvent): { target: PanelMenuItem; zone: DropZone } | null => {
    // The collisions of this very move: `over` follows a render later, a step behind the keyboard.
    const hit = e.collisions?.[0];
    const share = hit?.data?.share as number | undefined;
    const target = hit ? itemsNow.current.find((i) => i.Id === hit.id) : undefined;
    if (!target || share === undefined) return null;
    const zone = dropZone(itemsNow.current, Number(e.active.id), target, share);
    return zone ? { target, zone } : null;
  };

  /** The keyboard's arrows step through the places the item may go: before, into, after each card. */
  const keyboardCoordinates: KeyboardCoordinateGetter = (event, { active, currentCoordinates, context }) => {
    const direction = event.code === 'ArrowDown' ? 1 : event.code === 'ArrowUp' ? -1 : 0;
    const moved = context.collisionRect;
    if (direction === 0 || !moved) return undefined;
    event.preventDefault();
    const cards = [...context.droppableRects.entries()].map(([cardId, r]) => ({
      id: Number(cardId),
      top: r.top,
      height: r.height,
    }));
    const y = moved.top + moved.height / 2;
    const stop = nextStop(keyboardStops(itemsNow.current, Number(active), cards), y, direction);
    return stop === null ? undefined : { x: currentCoordinates.x, y: currentCoordinates.y + stop - y };
  };

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  const onDragMove = (e: DragMoveEvent) => {
    const next = dropOf(e);
    dropNow.current = next;
    setDropAt((d) =>
      next === null
        ? null
        : d?.id === next.target.Id && d.zone === next.zone
          ? d
          : { id: next.target.Id, zone: next.zone },
    );
  };

  const endDrag = () => {
    setDraggedId(null);
    setDropAt(null);
  };

  /** A drop (mouse, touch or keyboard): one PATCH that moves the item. */
  const onDragEnd = (e: DragEndEvent) => {
    const at = dropOf(e);
    dropNow.current = at;
    endDrag();
    const item = items.find((i) => i.Id === e.active.id);
    if (!item || !at || item.Id === at.target.Id) return;
    const body = dropMove(items, item, at.target, at.zone);
    void run(
      () => api.call('panelMenuItemUpdate', { params: { ...menuParam, id: item.Id }, body }),
      at.zone === 'inside'
        ? t.indented(item.Tytul, at.target.Tytul)
        : t.moved(item.Tytul, (body.Pozycja ?? 0) + 1),
      // The moved card is drawn anew at its place: its "Przenieś" button gets the focus back.
      (list) => (list.some((i) => i.Id === item.Id) ? `${id}-drag-${item.Id}` : `${id}-list`),
    );
  };

  // Said by screen readers while an item moves: each new place once (the pick-up is not talked over).
  const announced = useRef('');
  const titleOf = (itemId: string | number) => itemsNow.current.find((i) => i.Id === itemId)?.Tytul ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      announced.current = '';
      return t.picked(titleOf(active.id));
    },
    onDragMove: ({ active }) => {
      const at = dropNow.current;
      const key = at ? `${at.target.Id}-${at.zone}` : 'none';
      const first = announced.current === '';
      if (key === announced.current || (first && at === null)) {
        announced.current = key;
        return undefined;
      }
      announced.current = key;
      return at ? t.zones[at.zone](titleOf(active.id), at.target.Tytul) : t.nowhere(titleOf(active.id));
    },
    onDragOver: () => undefined,
    onDragEnd: ({ active }) =>
      dropNow.current ? t.dropped(titleOf(active.id)) : t.cancelled(titleOf(active.id)),
    onDragCancel: ({ active }) => t.cancelled(titleOf(active.id)),
  };

  const remove = async (item: PanelMenuItem) => {
    setDeleting(null);
    await run(
      () => api.call('panelMenuItemDelete', { params: { ...menuParam, id: item.Id } }),
      t.deleted(item.Tytul),
      () => `${id}-list`,
    );
    if (draft.Id === item.Id) setDraft(emptyDraft(targets));
  };

  const edit = (item: PanelMenuItem) => {
    setDraft(draftOf(item, targets));
    setFields({});
    focusLater(`${id}-form-title`);
  };

  const addBelow = (item: PanelMenuItem) => {
    setDraft(emptyDraft(targets, item.Id));
    setFields({});
    focusLater(`${id}-Tytul`);
  };

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const Url = draft.kind === 'page' ? draft.page : draft.other.trim();
    const common = { Tytul: draft.Tytul, Url, OtworzWNowymOknie: draft.OtworzWNowymOknie };
    const editing = draft.Id;
    if (editing === undefined) {
      const ok = await run(
        () =>
          api.call('panelMenuItemCreate', {
            params: menuParam,
            body: { ...common, IdParent: draft.IdParent },
          }),
        t.added(draft.Tytul),
        () => `${id}-Tytul`,
      );
      if (ok) setDraft((d) => ({ ...emptyDraft(targets, d.IdParent), kind: d.kind, page: d.page }));
      return;
    }
    const before = items.find((i) => i.Id === editing);
    const moved = before && before.IdParent !== draft.IdParent;
    const ok = await run(
      () =>
        api.call('panelMenuItemUpdate', {
          params: { ...menuParam, id: editing },
          body: { ...common, ...(moved && { IdParent: draft.IdParent }) },
        }),
      t.saved(draft.Tytul),
      () => `${id}-edit-${editing}`,
    );
    if (ok) setDraft(emptyDraft(targets));
  };

  const fieldError = (name: string) =>
    fields[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-danger">
        {fields[name]}
      </p>
    ) : null;
  const invalid = (name: string) =>
    fields[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

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

  const draggedBranch = draggedId === null ? new Set<number>() : subtree(items, draggedId);

  const renderLevel = (parentId: number | null) => {
    const level = items.filter((i) => i.IdParent === parentId);
    if (level.length === 0) return null;
    return (
      <ul
        className={parentId === null ? 'space-y-2' : 'mt-2 space-y-2 border-l-2 border-gray-200 pl-3 sm:pl-5'}
      >
        {level.map((item, index) => {
          const prev = level[index - 1];
          const canIndent = prev !== undefined && fitsUnder(items, item.Id, prev);
          return (
            <li key={item.Id} data-menu-item={item.Tytul}>
              <MenuCard
                item={item}
                handleId={`${id}-drag-${item.Id}`}
                disabled={busy}
                selected={draft.Id === item.Id}
                faded={draggedBranch.has(item.Id)}
                zone={dropAt?.id === item.Id ? dropAt.zone : null}
              >
                <button
                  id={`${id}-edit-${item.Id}`}
                  type="button"
                  className={small}
                  aria-label={t.editItem(item.Tytul)}
                  onClick={() => edit(item)}
                >
                  {t.edit}
                </button>
                {index > 0 && (
                  <button
                    id={`${id}-up-${item.Id}`}
                    type="button"
                    className={small}
                    aria-label={t.up(item.Tytul)}
                    disabled={busy}
                    onClick={() => move(item, -1)}
                  >
                    {t.upShort}
                  </button>
                )}
                {index < level.length - 1 && (
                  <button
                    id={`${id}-down-${item.Id}`}
                    type="button"
                    className={small}
                    aria-label={t.down(item.Tytul)}
                    disabled={busy}
                    onClick={() => move(item, 1)}
                  >
                    {t.downShort}
                  </button>
                )}
                {canIndent && (
                  <button
                    id={`${id}-in-${item.Id}`}
                    type="button"
                    className={small}
                    aria-label={t.indent(item.Tytul)}
                    disabled={busy}
                    onClick={() => indent(item)}
                  >
                    {t.indentShort}
                  </button>
                )}
                {item.Poziom > 0 && (
                  <button
                    id={`${id}-out-${item.Id}`}
                    type="button"
                    className={small}
                    aria-label={t.outdent(item.Tytul)}
                    disabled={busy}
                    onClick={() => outdent(item)}
                  >
                    {t.outdentShort}
                  </button>
                )}
                {item.Poziom < MENU_MAX_DEPTH - 1 && (
                  <button
                    type="button"
                    className={small}
                    aria-label={t.addSub(item.Tytul)}
                    onClick={() => addBelow(item)}
                  >
                    {t.addSubShort}
                  </button>
                )}
                <button
                  type="button"
                  className="btn min-h-9 border border-danger bg-white px-2 py-1 text-sm text-danger"
                  aria-label={t.remove(item.Tytul)}
                  onClick={() => setDeleting(item)}
                >
                  {t.removeShort}
                </button>
              </MenuCard>
              {renderLevel(item.Id)}
            </li>
          );
        })}
      </ul>
    );
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
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      <div className="grid items-start gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section className="card min-w-0 space-y-3" aria-labelledby={`${id}-list`}>
          <h2 id={`${id}-list`} tabIndex={-1} className="text-lg font-semibold">
            {menuLabel[menuId]}
          </h2>
          {items.length === 0 ? (
            <p className="text-muted">{t.empty}</p>
          ) : (
            <DndContext
              sensors={sensors}
              collisionDetection={underDrag}
              onDragStart={(e) => {
                dropNow.current = null;
                setDraggedId(Number(e.active.id));
              }}
              onDragMove={onDragMove}
              onDragEnd={onDragEnd}
              onDragCancel={endDrag}
              // The live region lives at the end of <body>, not among the screen's own messages.
              accessibility={{
                announcements,
                screenReaderInstructions: { draggable: t.dragInstructions },
                container: document.body,
              }}
            >
              {renderLevel(null)}
            </DndContext>
          )}
        </section>
        <section className="card min-w-0 space-y-4" aria-labelledby={`${id}-form-title`}>
          <h2 id={`${id}-form-title`} tabIndex={-1} className="text-lg font-semibold">
            {formTitle}
          </h2>
          <form noValidate onSubmit={save} className="space-y-4">
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
                {...invalid('Tytul')}
              />
              {fieldError('Tytul')}
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
                  {...invalid('Url')}
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
                  {...(fields.Url ? invalid('Url') : { 'aria-describedby': `${id}-other-hint` })}
                />
              )}
              {fieldError('Url') ??
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
                onChange={(e) =>
                  setDraft({ ...draft, IdParent: e.target.value ? Number(e.target.value) : null })
                }
                className="field"
                {...invalid('IdParent')}
              >
                <option value="">{t.topLevel}</option>
                {parents.map((p) => (
                  <option key={p.Id} value={p.Id}>
                    {`${'— '.repeat(p.Poziom)}${p.Tytul}`}
                  </option>
                ))}
              </select>
              {fieldError('IdParent')}
            </div>
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="btn-primary" disabled={busy}>
                {draft.Id !== undefined ? t.save : t.add}
              </button>
              {(draft.Id !== undefined || draft.IdParent !== null) && (
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => {
                    const back = draft.Id ?? draft.IdParent;
                    setDraft(emptyDraft(targets));
                    setFields({});
                    if (back !== null && back !== undefined) focusLater(`${id}-edit-${back}`);
                  }}
                >
                  {ui.cancel}
                </button>
              )}
            </div>
          </form>
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
