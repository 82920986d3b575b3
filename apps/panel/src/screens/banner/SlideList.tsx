import type { PanelBannerSlide } from '@club/contract';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type ReactNode, useRef } from 'react';
import { ui } from '../../texts.ts';

const t = ui.banner;

/**
 * One slide in the sortable list. The mouse drags it anywhere on its row, touch after a short
 * press (a swipe still scrolls); the keyboard picks it up on its "Przenieś" button. The move
 * buttons stay for anyone who cannot drag (WCAG 2.5.7: a single-pointer alternative).
 */
const SortableSlide = ({
  slide,
  index,
  selected,
  disabled,
  children,
}: {
  slide: PanelBannerSlide;
  index: number;
  selected: boolean;
  disabled: boolean;
  children: ReactNode;
}) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: slide.Id, disabled, attributes: { roleDescription: t.dragRole } });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-dragging={isDragging || undefined}
      {...listeners}
      className={`flex cursor-grab touch-manipulation flex-wrap items-center gap-3 rounded-lg border p-3 active:cursor-grabbing ${
        selected ? 'border-primary bg-primary-light' : 'border-gray-200 bg-white'
      } ${isDragging ? 'relative z-10 shadow-lg ring-2 ring-primary' : ''}`}
    >
      <img
        src={slide.ObrazUrl}
        alt=""
        width={128}
        height={48}
        draggable={false}
        className="h-12 w-32 rounded object-cover [-webkit-touch-callout:none]"
      />
      <p className="min-w-0 flex-1 basis-40">
        <span className="block font-semibold">{t.slideName(index + 1)}</span>
        <span className="block truncate text-sm text-muted">{slide.Nazwa || slide.Tresc || t.noText}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          aria-label={t.dragLabel(index + 1)}
          className="btn-secondary cursor-grab touch-manipulation active:cursor-grabbing"
        >
          <span aria-hidden="true">⠿</span>
          {t.drag}
        </button>
        {children}
      </div>
    </li>
  );
};

/** The slides in order: dragged, or moved with the buttons; each one edited or deleted. */
export const SlideList = ({
  id,
  slides,
  selectedId,
  busy,
  onSorted,
  onEdit,
  onMove,
  onRemove,
}: {
  id: string;
  slides: PanelBannerSlide[];
  selectedId: number | null;
  busy: boolean;
  onSorted: (e: DragEndEvent) => void;
  onEdit: (slide: PanelBannerSlide) => void;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (slide: PanelBannerSlide) => void;
}) => {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    // Touch: after a short press, so a swipe still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // Said by screen readers while a slide moves: its number before the move, and where it is now.
  // dnd-kit reports the slide "over" its own place right after the pick-up: left unsaid, so it
  // does not talk over the pick-up message.
  const justPicked = useRef(false);
  const count = slides.length;
  const numberOf = (slideId: string | number) => slides.findIndex((s) => s.Id === slideId) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      justPicked.current = true;
      return t.picked(numberOf(active.id), count);
    },
    onDragOver: ({ active, over }) => {
      const first = justPicked.current;
      justPicked.current = false;
      if (first && over?.id === active.id) return undefined;
      return over ? t.over(numberOf(active.id), numberOf(over.id), count) : t.outside(numberOf(active.id));
    },
    onDragEnd: ({ active, over }) =>
      over ? t.dropped(numberOf(active.id), numberOf(over.id), count) : t.cancelled(numberOf(active.id)),
    onDragCancel: ({ active }) => t.cancelled(numberOf(active.id)),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onSorted}
      // The live region lives at the end of <body>, not among the screen's own messages.
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t.dragInstructions },
        container: document.body,
      }}
    >
      <SortableContext items={slides.map((s) => s.Id)} strategy={verticalListSortingStrategy}>
        <ol className="space-y-3">
          {slides.map((s, i) => (
            <SortableSlide key={s.Id} slide={s} index={i} selected={s.Id === selectedId} disabled={busy}>
              <button
                type="button"
                className="btn-secondary"
                aria-pressed={s.Id === selectedId}
                onClick={() => onEdit(s)}
              >
                {t.edit(i + 1)}
              </button>
              {i > 0 && (
                <button
                  id={`${id}-up-${s.Id}`}
                  type="button"
                  className="btn-secondary"
                  onClick={() => onMove(i, -1)}
                >
                  {t.up(i + 1)}
                </button>
              )}
              {i < slides.length - 1 && (
                <button
                  id={`${id}-down-${s.Id}`}
                  type="button"
                  className="btn-secondary"
                  onClick={() => onMove(i, 1)}
                >
                  {t.down(i + 1)}
                </button>
              )}
              <button
                type="button"
                className="btn border border-danger bg-white text-danger"
                onClick={() => onRemove(s)}
              >
                {t.remove(i + 1)}
              </button>
            </SortableSlide>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
};
