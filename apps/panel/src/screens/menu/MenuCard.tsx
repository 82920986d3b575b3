import type { PanelMenuItem } from '@club/contract';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { type ReactNode, useCallback } from 'react';
import type { DropZone } from '../../lib/menu-tree.ts';
import { ui } from '../../texts.ts';

const t = ui.menus;

const DROP_STYLE: Record<DropZone | 'none', string> = {
  before: 'shadow-[0_-4px_0_0_var(--color-primary)]',
  after: 'shadow-[0_4px_0_0_var(--color-primary)]',
  inside: 'ring-4 ring-primary',
  none: '',
};

export const small = 'btn-secondary min-h-9 px-2 py-1 text-sm';

/**
 * One item's card: dragged anywhere on it by the mouse, after a short press by touch (a swipe
 * still scrolls), picked up by the keyboard on its "Przenieś" button; other cards take a drop
 * before, into or after them. The move buttons stay for anyone who cannot drag (WCAG 2.5.7).
 */
export const MenuCard = ({
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
