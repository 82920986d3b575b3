import {
  buildPath,
  endpointRoutes,
  type PanelPhotoList,
  type PanelProductOption,
  PHOTO_UPLOAD_FIELD,
} from '@club/contract';
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
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { api, errorMessage } from '../api.ts';
import { uploadWithProgress } from '../lib/upload.ts';
import { ui } from '../texts.ts';
import { ErrorBox, NoticeBox } from './PageTitle.tsx';
import { PhotoDropZone } from './PhotoDropZone.tsx';
import { useSessionExpired } from './SessionExpired.tsx';

const t = ui.photos;

const upload = (productId: number, files: File[], onProgress: (percent: number) => void) => {
  const form = new FormData();
  for (const f of files) form.append(PHOTO_UPLOAD_FIELD, f, f.name);
  return uploadWithProgress<PanelPhotoList>(
    buildPath(endpointRoutes.panelPhotoUpload.path, { id: productId }),
    form,
    onProgress,
  );
};

type Photo = PanelPhotoList['Items'][number];

/** The server makes the first photo the main one; an optimistic order shows the same at once. */
const numbered = (list: Photo[]) => list.map((p, i) => ({ ...p, Pozycja: i, Glowne: i === 0 }));

/**
 * "Earlier" / "later" as an arrow the way the photos run: down the one column on a phone, across
 * the grid from `sm` on. The button's label says it in words.
 */
const Arrow = ({ back = false }: { back?: boolean }) => (
  <span aria-hidden="true">
    <span className="sm:hidden">{back ? '↑' : '↓'}</span>
    <span className="hidden sm:inline">{back ? '←' : '→'}</span>
  </span>
);

/** The cards' buttons: smaller text and padding, still a 44 px touch target. */
const small = 'whitespace-nowrap px-3 text-sm';

/**
 * One photo in the sortable grid. The mouse drags it by the picture or by its "Przenieś" button
 * (touch: after a short press, so a swipe still scrolls the page); the keyboard picks it up on that
 * button. The buttons stay for anyone who cannot drag (WCAG 2.5.7: a single-pointer alternative).
 */
const SortablePhoto = ({
  photo,
  index,
  disabled,
  children,
}: {
  photo: Photo;
  index: number;
  disabled: boolean;
  children: ReactNode;
}) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: photo.Id, disabled, attributes: { roleDescription: t.dragRole } });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex gap-3 rounded-lg border bg-white p-2 ${
        isDragging ? 'relative z-10 border-primary shadow-lg ring-2 ring-primary' : 'border-gray-200'
      }`}
    >
      <div
        {...listeners}
        className="shrink-0 cursor-grab touch-manipulation select-none active:cursor-grabbing"
      >
        <img
          src={photo.Miniatura}
          alt={t.alt(index + 1)}
          width={150}
          height={150}
          draggable={false}
          className="size-16 rounded object-cover [-webkit-touch-callout:none] sm:size-24 xl:size-20"
        />
      </div>
      {/* A compact card: short visible labels, each button named in full for screen readers. */}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{photo.Glowne ? t.main : t.position(index + 1)}</p>
        <div className="mt-1 flex flex-wrap gap-2">
          <button
            ref={setActivatorNodeRef}
            type="button"
            {...attributes}
            {...listeners}
            aria-label={t.dragLabel(index + 1)}
            className={`${small} btn-secondary cursor-grab touch-manipulation active:cursor-grabbing`}
          >
            <span aria-hidden="true">⠿</span>
            {t.drag}
          </button>
          {children}
        </div>
      </div>
    </li>
  );
};

/** Which variants a photo shows: all, or those with one value of an option (a colour). */
const PhotoVariantSelect = ({
  id,
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null;
  options: PanelProductOption[];
  disabled: boolean;
  onChange: (value: string | null) => void;
}) => (
  <div className="w-full">
    <label htmlFor={id} className="block text-sm">
      {label}
    </label>
    <select
      id={id}
      value={value ?? ''}
      disabled={disabled}
      className="field py-1 text-sm"
      onChange={(e) => onChange(e.target.value || null)}
    >
      <option value="">{t.variantAll}</option>
      {options.map((o) => (
        <optgroup key={o.Nazwa} label={o.Nazwa}>
          {o.Wartosci.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  </div>
);

/** The product's photos: upload several (picker or drag and drop) with progress, reorder, main, delete. */
export const ProductPhotos = ({
  productId,
  options = [],
  notice,
  onNotice,
}: {
  productId: number;
  /** The saved product's options: a photo can be tied to one of their values (a colour's pictures). */
  options?: PanelProductOption[];
  /** The screen shows one notice at a time: this section's, when it is the latest, comes from the screen. */
  notice: string;
  onNotice: (text: string) => void;
}) => {
  const id = useId();
  // An expired session: the login over the screen, the product form's edit kept.
  const onUnauthorised = useSessionExpired();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  // One change at a time: a second one sent before the first answers would work on a stale list.
  const busy = useRef(false);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    api.call('panelPhotos', { params: { id: productId } }).then(
      (list) => setPhotos(list.Items),
      (e) => setError(errorMessage(e, ui.loadFailed)),
    );
  }, [productId]);

  /**
   * Sends one change. `shown` is an order shown before the server answers (a dropped photo stays
   * where it was dropped); on failure the list as it was comes back with the server's message.
   * `keepFocus`: the focused control still exists afterwards (a dragged photo's button).
   */
  const run = async (
    action: () => Promise<PanelPhotoList>,
    done: string,
    { shown, keepFocus = false }: { shown?: Photo[]; keepFocus?: boolean } = {},
  ) => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    setError('');
    onNotice('');
    const before = photos;
    if (shown) setPhotos(shown);
    try {
      setPhotos((await action()).Items);
      onNotice(done);
      // The pressed button may be gone now (a photo moved, deleted or made main): keep the keyboard in the section.
      if (!keepFocus) document.getElementById(`${id}-title`)?.focus();
    } catch (e) {
      setPhotos(before);
      const status = (e as { status?: number }).status;
      if (status === 401) return onUnauthorised();
      // The API's Polish message; the upload's own { message }; a general Polish one for a dropped connection.
      setError(
        e instanceof Error
          ? errorMessage(e, ui.genericError)
          : ((e as { message?: string }).message ?? ui.genericError),
      );
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  const send = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (!files.length || progress !== null) return;
    setProgress(0);
    await run(() => upload(productId, files, setProgress), t.uploaded(files.length));
    setProgress(null);
  };

  const reorder = (order: Photo[], keepFocus: boolean) =>
    run(
      () =>
        api.call('panelPhotoOrder', {
          params: { id: productId },
          body: { Kolejnosc: order.map((p) => p.Id) },
        }),
      t.moved,
      { shown: numbered(order), keepFocus },
    );

  const move = (index: number, by: -1 | 1) => reorder(arrayMove(photos, index, index + by), false);

  const onSorted = ({ active, over }: DragEndEvent) => {
    const from = photos.findIndex((p) => p.Id === active.id);
    const to = over ? photos.findIndex((p) => p.Id === over.id) : -1;
    if (from < 0 || to < 0 || from === to) return;
    // dnd-kit gives the focus back to the dragged photo's button, which stays in the list.
    void reorder(arrayMove(photos, from, to), true);
  };

  // Said by screen readers while a photo moves: its number before the move, and where it is now.
  // dnd-kit reports the photo "over" its own place right after the pick-up: that would talk over
  // the pick-up message, so it is left unsaid (a later return to that place is said).
  const justPicked = useRef(false);
  const numberOf = (photoId: string | number) => photos.findIndex((p) => p.Id === photoId) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      justPicked.current = true;
      return t.picked(numberOf(active.id), numberOf(active.id), photos.length);
    },
    onDragOver: ({ active, over }) => {
      const first = justPicked.current;
      justPicked.current = false;
      if (first && over?.id === active.id) return undefined;
      return over
        ? t.over(numberOf(active.id), numberOf(over.id), photos.length)
        : t.outside(numberOf(active.id));
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t.dropped(numberOf(active.id), numberOf(over.id), photos.length)
        : t.cancelled(numberOf(active.id), numberOf(active.id)),
    onDragCancel: ({ active }) => t.cancelled(numberOf(active.id), numberOf(active.id)),
  };

  return (
    <section className="card space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1} className="text-lg font-semibold">
        {t.title}
      </h2>
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      <PhotoDropZone progress={progress} onFiles={(files) => void send(files)} />
      {photos.length === 0 ? (
        <p className="text-muted">{t.none}</p>
      ) : (
        <>
          {photos.length > 1 && <p className="text-sm text-muted">{t.orderHint}</p>}
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onSorted}
            // The live region lives at the end of <body>, not among the section's own messages.
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t.dragInstructions },
              container: document.body,
            }}
          >
            <SortableContext items={photos.map((p) => p.Id)} strategy={rectSortingStrategy}>
              <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
                {photos.map((p, i) => (
                  <SortablePhoto key={p.Id} photo={p} index={i} disabled={saving}>
                    {i > 0 && (
                      <button
                        type="button"
                        aria-label={t.earlier(i + 1)}
                        title={t.earlier(i + 1)}
                        className={`${small} btn-secondary`}
                        onClick={() => move(i, -1)}
                      >
                        <Arrow back />
                      </button>
                    )}
                    {i < photos.length - 1 && (
                      <button
                        type="button"
                        aria-label={t.later(i + 1)}
                        title={t.later(i + 1)}
                        className={`${small} btn-secondary`}
                        onClick={() => move(i, 1)}
                      >
                        <Arrow />
                      </button>
                    )}
                    {!p.Glowne && (
                      <button
                        type="button"
                        aria-label={t.setMain(i + 1)}
                        className={`${small} btn-secondary`}
                        onClick={() =>
                          run(
                            () => api.call('panelPhotoMain', { params: { id: productId, photoId: p.Id } }),
                            t.mainSet,
                          )
                        }
                      >
                        {t.setMainShort}
                      </button>
                    )}
                    <button
                      type="button"
                      aria-label={t.remove(i + 1)}
                      className={`${small} btn border border-danger bg-white text-danger`}
                      onClick={() =>
                        run(
                          () => api.call('panelPhotoDelete', { params: { id: productId, photoId: p.Id } }),
                          t.deleted,
                        )
                      }
                    >
                      {t.removeShort}
                    </button>
                    {options.length > 0 && (
                      <PhotoVariantSelect
                        id={`${id}-variant-${p.Id}`}
                        label={t.variantLabel(i + 1)}
                        value={p.Wartosc}
                        options={options}
                        disabled={saving}
                        onChange={(Wartosc) =>
                          run(
                            () =>
                              api.call('panelPhotoVariant', {
                                params: { id: productId, photoId: p.Id },
                                body: { Wartosc },
                              }),
                            t.variantSet,
                            { keepFocus: true },
                          )
                        }
                      />
                    )}
                  </SortablePhoto>
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        </>
      )}
    </section>
  );
};
