import type { PanelMenuItem } from '@club/contract';
import {
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useRef, useState } from 'react';
import { type DropZone, dropZone, keyboardStops, nextStop } from '../../lib/menu-tree.ts';
import { ui } from '../../texts.ts';

const t = ui.menus;

/**
 * The card under the pointer (mouse, touch); the keyboard has no pointer: the card under the
 * middle of the moved one. Each hit carries `share`: where that point is on the card, from its
 * top (0) to its bottom (1), in the same coordinates as the card's box, whatever the scroll.
 */
export const underDrag: CollisionDetection = (args) => {
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

/**
 * Dragging menu items by mouse, touch and keyboard: where the dragged item would land, the
 * keyboard's stops and what a screen reader hears; `onDrop` gets the item and where it went.
 */
export const useMenuDrag = (
  items: PanelMenuItem[],
  onDrop: (item: PanelMenuItem, target: PanelMenuItem, zone: DropZone) => void,
) => {
  const [draggedId, setDraggedId] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<{ id: number; zone: DropZone } | null>(null);
  // Read by the keyboard's arrows and the announcements, which run outside React's render.
  const itemsNow = useRef(items);
  itemsNow.current = items;
  const dropNow = useRef<{ target: PanelMenuItem; zone: DropZone } | null>(null);

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
    const item = itemsNow.current.find((i) => i.Id === e.active.id);
    if (!item || !at || item.Id === at.target.Id) return;
    onDrop(item, at.target, at.zone);
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

  const onDragStart = (e: { active: { id: string | number } }) => {
    dropNow.current = null;
    setDraggedId(Number(e.active.id));
  };

  return {
    draggedId,
    dropAt,
    context: {
      sensors,
      collisionDetection: underDrag,
      onDragStart,
      onDragMove,
      onDragEnd,
      onDragCancel: endDrag,
      // The live region lives at the end of <body>, not among the screen's own messages.
      accessibility: {
        announcements,
        screenReaderInstructions: { draggable: t.dragInstructions },
        container: document.body,
      },
    },
  };
};
