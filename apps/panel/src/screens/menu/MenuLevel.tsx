import { MENU_MAX_DEPTH, type PanelMenuItem } from '@club/contract';
import { type DropZone, fitsUnder } from '../../lib/menu-tree.ts';
import { ui } from '../../texts.ts';
import { MenuCard, small } from './MenuCard.tsx';

const t = ui.menus;

export type MenuItemActions = {
  edit: (item: PanelMenuItem) => void;
  move: (item: PanelMenuItem, by: -1 | 1) => void;
  indent: (item: PanelMenuItem) => void;
  outdent: (item: PanelMenuItem) => void;
  addBelow: (item: PanelMenuItem) => void;
  remove: (item: PanelMenuItem) => void;
};

type Props = {
  /** The screen's useId: the buttons' ids are how the focus finds them after a change. */
  id: string;
  items: PanelMenuItem[];
  parentId: number | null;
  busy: boolean;
  selectedId: number | undefined;
  draggedBranch: Set<number>;
  dropAt: { id: number; zone: DropZone } | null;
  on: MenuItemActions;
};

/** One level of the menu, each item's card with its buttons, then its own sub-items. */
export const MenuLevel = (props: Props) => {
  const { id, items, parentId, busy, draggedBranch, dropAt, selectedId, on } = props;
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
              selected={selectedId === item.Id}
              faded={draggedBranch.has(item.Id)}
              zone={dropAt?.id === item.Id ? dropAt.zone : null}
            >
              <button
                id={`${id}-edit-${item.Id}`}
                type="button"
                className={small}
                aria-label={t.editItem(item.Tytul)}
                onClick={() => on.edit(item)}
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
                  onClick={() => on.move(item, -1)}
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
                  onClick={() => on.move(item, 1)}
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
                  onClick={() => on.indent(item)}
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
                  onClick={() => on.outdent(item)}
                >
                  {t.outdentShort}
                </button>
              )}
              {item.Poziom < MENU_MAX_DEPTH - 1 && (
                <button
                  type="button"
                  className={small}
                  aria-label={t.addSub(item.Tytul)}
                  onClick={() => on.addBelow(item)}
                >
                  {t.addSubShort}
                </button>
              )}
              <button
                type="button"
                className="btn min-h-9 border border-danger bg-white px-2 py-1 text-sm text-danger"
                aria-label={t.remove(item.Tytul)}
                onClick={() => on.remove(item)}
              >
                {t.removeShort}
              </button>
            </MenuCard>
            <MenuLevel {...props} parentId={item.Id} />
          </li>
        );
      })}
    </ul>
  );
};
