import {
  ApiClientError,
  BANNER_IMAGE_FIELD,
  BANNER_KIND_HOME,
  BANNER_MAX_HEIGHT,
  BANNER_MIN_HEIGHT,
  BANNER_MOBILE_IMAGE_FIELD,
  BG_OPACITY_CODES,
  buildPath,
  endpointRoutes,
  MASK_OPACITY_CODES,
  type PanelBanner,
  type PanelBannerSlide,
  type PanelBannerSlideInput,
  TEXT_POSITION_CODES,
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
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { api, errorMessage } from '../api.ts';
import { BannerPreview } from '../components/BannerPreview.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { aliasFromImageUrl, orderAfterDrop, orderAfterStep, slideInput } from '../lib/banner-form.ts';
import { type UploadError, uploadWithProgress } from '../lib/upload.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.banner;
const PANEL_ID = BANNER_KIND_HOME;

export const bannerEditorLoader = () =>
  guarded(() => api.call('panelBanner', { params: { panelId: PANEL_ID } }));

const uploadPath = (slideId?: number) =>
  slideId === undefined
    ? buildPath(endpointRoutes.panelBannerSlideCreate.path, { panelId: PANEL_ID })
    : buildPath(endpointRoutes.panelBannerSlideImages.path, { panelId: PANEL_ID, slideId });

/** The desktop and phone image pickers with the upload's progress. */
const ImageUpload = ({
  slideId,
  busy,
  onUpload,
}: {
  /** The slide whose images are replaced; absent: a new slide. */
  slideId?: number;
  busy: boolean;
  onUpload: (form: FormData, path: string) => void;
}) => {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData();
    const fields = new FormData(e.currentTarget);
    for (const name of [BANNER_IMAGE_FIELD, BANNER_MOBILE_IMAGE_FIELD]) {
      const file = fields.get(name);
      if (file instanceof File && file.size > 0) data.append(name, file, file.name);
    }
    onUpload(data, uploadPath(slideId));
    form.current?.reset();
  };
  return (
    <form ref={form} noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-desktop`} className="mb-1 block font-semibold">
          {slideId === undefined ? t.imageDesktopNew : t.imageDesktop}
        </label>
        <input
          id={`${id}-desktop`}
          name={BANNER_IMAGE_FIELD}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="field"
          aria-describedby={`${id}-hint`}
        />
      </div>
      <div>
        <label htmlFor={`${id}-mobile`} className="mb-1 block font-semibold">
          {t.imageMobile}
        </label>
        <input
          id={`${id}-mobile`}
          name={BANNER_MOBILE_IMAGE_FIELD}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="field"
          aria-describedby={`${id}-hint`}
        />
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted sm:col-span-2">
        {t.imageHint}
      </p>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {slideId === undefined ? t.addSlide : t.replaceImages}
        </button>
      </div>
    </form>
  );
};

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

const POSITION_ROWS = TEXT_POSITION_CODES.flatMap((y) => TEXT_POSITION_CODES.map((x) => ({ x, y })));

/** Home page banner (panel 10): slides with their images, texts, colours, mask and text position. */
export const BannerEditor = () => {
  const loaded = useLoaderData<typeof bannerEditorLoader>();
  const navigate = useNavigate();
  const id = useId();
  const [banner, setBanner] = useState(loaded);
  const [selectedId, setSelectedId] = useState<number | null>(loaded.Grafiki[0]?.Id ?? null);
  const selected = banner.Grafiki.find((s) => s.Id === selectedId) ?? null;
  const [draft, setDraft] = useState<PanelBannerSlideInput | null>(selected ? slideInput(selected) : null);
  const [height, setHeight] = useState(String(loaded.Wysokosc));
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<PanelBannerSlide | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    // Touch: after a short press, so a swipe still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const select = (slide: PanelBannerSlide | null) => {
    setSelectedId(slide?.Id ?? null);
    setDraft(slide ? slideInput(slide) : null);
    setFields({});
  };

  /** Runs a change; the banner the API answers with is shown; `focus` gets the keyboard back after it. */
  const run = async (action: () => Promise<PanelBanner>, done: string, focus?: string) => {
    if (busy) return null;
    setBusy(true);
    setError('');
    setFields({});
    setNotice('');
    try {
      const next = await action();
      setBanner(next);
      setNotice(done);
      if (focus) requestAnimationFrame(() => document.getElementById(focus)?.focus());
      return next;
    } catch (e) {
      const status = e instanceof ApiClientError ? e.status : (e as UploadError).status;
      if (status === 401) {
        navigate('/logowanie?powod=wygasla');
        return null;
      }
      setError(
        e instanceof ApiClientError
          ? errorMessage(e, ui.genericError)
          : ((e as UploadError).message ?? ui.genericError),
      );
      if (e instanceof ApiClientError && e.body.Fields) setFields(e.body.Fields);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const upload = async (form: FormData, path: string) => {
    const adding = path === uploadPath();
    if (adding && !form.has(BANNER_IMAGE_FIELD)) {
      setNotice('');
      setError(t.desktopRequired);
      return;
    }
    if (!form.has(BANNER_IMAGE_FIELD) && !form.has(BANNER_MOBILE_IMAGE_FIELD)) {
      setNotice('');
      setError(t.chooseImage);
      return;
    }
    setProgress(0);
    const next = await run(
      () => uploadWithProgress<PanelBanner>(path, form, setProgress),
      adding ? t.slideAdded : t.imagesReplaced,
    );
    setProgress(null);
    if (next && adding) {
      const created = next.Grafiki.reduce<PanelBannerSlide | null>(
        (a, s) => (a === null || s.Id > a.Id ? s : a),
        null,
      );
      select(created);
      requestAnimationFrame(() => document.getElementById(`${id}-slide-title`)?.focus());
    } else if (next && selected) {
      // New images, same texts: keep what the manager typed.
      setSelectedId(selected.Id);
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const order = orderAfterStep(
      banner.Grafiki.map((s) => s.Id),
      index,
      by,
    );
    const moved = order[index + by]!;
    const target = index + by;
    // The button pressed may disappear at the list's end: the focus stays on the moved slide's row.
    const focus =
      target === 0
        ? `${id}-down-${moved}`
        : target === order.length - 1
          ? `${id}-up-${moved}`
          : `${id}-${by < 0 ? 'up' : 'down'}-${moved}`;
    return run(
      () => api.call('panelBannerSlideOrder', { params: { panelId: PANEL_ID }, body: { Kolejnosc: order } }),
      t.moved(target + 1),
      focus,
    );
  };

  /** A slide dropped by dragging (mouse, touch or keyboard): shown at its new place while the API saves it. */
  const onSorted = async ({ active, over }: DragEndEvent) => {
    const ids = banner.Grafiki.map((s) => s.Id);
    const from = ids.indexOf(Number(active.id));
    const to = over ? ids.indexOf(Number(over.id)) : -1;
    if (from < 0 || to < 0 || from === to || busy) return;
    const order = orderAfterDrop(ids, ids[from]!, ids[to]!, from < to);
    const before = banner;
    setBanner({ ...banner, Grafiki: order.map((x) => banner.Grafiki.find((s) => s.Id === x)!) });
    // dnd-kit gives the focus back to the dragged slide's "Przenieś" button, which stays in the list.
    const next = await run(
      () => api.call('panelBannerSlideOrder', { params: { panelId: PANEL_ID }, body: { Kolejnosc: order } }),
      t.moved(to + 1),
    );
    if (!next) setBanner(before);
  };

  // Said by screen readers while a slide moves: its number before the move, and where it is now.
  // dnd-kit reports the slide "over" its own place right after the pick-up: left unsaid, so it
  // does not talk over the pick-up message.
  const justPicked = useRef(false);
  const count = banner.Grafiki.length;
  const numberOf = (slideId: string | number) => banner.Grafiki.findIndex((s) => s.Id === slideId) + 1;
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

  const remove = async (slide: PanelBannerSlide) => {
    setDeleting(null);
    const next = await run(
      () => api.call('panelBannerSlideDelete', { params: { panelId: PANEL_ID, slideId: slide.Id } }),
      t.slideDeleted,
      `${id}-slides`,
    );
    if (next && selectedId === slide.Id) select(next.Grafiki[0] ?? null);
  };

  const saveHeight = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = Number(height.trim());
    void run(
      () => api.call('panelBannerUpdate', { params: { panelId: PANEL_ID }, body: { Wysokosc: value } }),
      t.heightSaved,
    );
  };

  const saveSlide = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!selected || !draft) return;
    void run(
      () =>
        api.call('panelBannerSlideUpdate', {
          params: { panelId: PANEL_ID, slideId: selected.Id },
          body: draft,
        }),
      t.slideSaved,
    );
  };

  const change = <K extends keyof PanelBannerSlideInput>(key: K, value: PanelBannerSlideInput[K]) =>
    setDraft((d) => (d ? { ...d, [key]: value } : d));

  const fieldError = (name: string) =>
    fields[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-danger">
        {fields[name]}
      </p>
    ) : null;
  const invalid = (name: string) =>
    fields[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

  const alias = aliasFromImageUrl(banner.Grafiki[0]?.ObrazUrl);
  const slideIndex = selected ? banner.Grafiki.indexOf(selected) : -1;

  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>
      <p className="text-muted">{t.intro}</p>
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      {progress !== null && (
        <div>
          <label htmlFor={`${id}-progress`} className="block text-sm">
            {ui.photos.progress(progress)}
          </label>
          <progress id={`${id}-progress`} max={100} value={progress} className="w-full" />
        </div>
      )}

      <section className="card space-y-4" aria-labelledby={`${id}-slides`}>
        <h2 id={`${id}-slides`} tabIndex={-1} className="text-lg font-semibold">
          {t.slides}
        </h2>
        {banner.Grafiki.length === 0 ? (
          <p className="text-muted">{t.noSlides}</p>
        ) : (
          <>
            {banner.Grafiki.length > 1 && <p className="text-sm text-muted">{t.orderHint}</p>}
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
              <SortableContext items={banner.Grafiki.map((s) => s.Id)} strategy={verticalListSortingStrategy}>
                <ol className="space-y-3">
                  {banner.Grafiki.map((s, i) => (
                    <SortableSlide
                      key={s.Id}
                      slide={s}
                      index={i}
                      selected={s.Id === selectedId}
                      disabled={busy}
                    >
                      <button
                        type="button"
                        className="btn-secondary"
                        aria-pressed={s.Id === selectedId}
                        onClick={() => {
                          select(s);
                          requestAnimationFrame(() => document.getElementById(`${id}-slide-title`)?.focus());
                        }}
                      >
                        {t.edit(i + 1)}
                      </button>
                      {i > 0 && (
                        <button
                          id={`${id}-up-${s.Id}`}
                          type="button"
                          className="btn-secondary"
                          onClick={() => move(i, -1)}
                        >
                          {t.up(i + 1)}
                        </button>
                      )}
                      {i < banner.Grafiki.length - 1 && (
                        <button
                          id={`${id}-down-${s.Id}`}
                          type="button"
                          className="btn-secondary"
                          onClick={() => move(i, 1)}
                        >
                          {t.down(i + 1)}
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn border border-danger bg-white text-danger"
                        onClick={() => setDeleting(s)}
                      >
                        {t.remove(i + 1)}
                      </button>
                    </SortableSlide>
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
          </>
        )}
        <h3 className="font-semibold">{t.newSlide}</h3>
        <ImageUpload busy={busy} onUpload={upload} />
      </section>

      {selected && draft && (
        <section className="card space-y-5" aria-labelledby={`${id}-slide-title`}>
          <h2 id={`${id}-slide-title`} tabIndex={-1} className="text-lg font-semibold">
            {t.editing(slideIndex + 1)}
          </h2>
          <BannerPreview
            slide={{ ...selected, ...draft }}
            bannerId={banner.Id ?? 0}
            height={Number(height) || banner.Wysokosc}
            alias={alias}
          />
          <form noValidate onSubmit={saveSlide} className="space-y-4">
            <div className="grid gap-4 md:grid-cols-2">
              <div>
                <label htmlFor={`${id}-Nazwa`} className="mb-1 block font-semibold">
                  {t.heading}
                </label>
                <input
                  id={`${id}-Nazwa`}
                  value={draft.Nazwa}
                  maxLength={200}
                  onChange={(e) => change('Nazwa', e.target.value)}
                  className="field"
                  {...invalid('Nazwa')}
                />
                {fieldError('Nazwa')}
              </div>
              <div>
                <label htmlFor={`${id}-Url`} className="mb-1 block font-semibold">
                  {t.link}
                </label>
                <input
                  id={`${id}-Url`}
                  value={draft.Url}
                  maxLength={500}
                  inputMode="url"
                  placeholder="/produkty"
                  onChange={(e) => change('Url', e.target.value)}
                  className="field"
                  {...(fields.Url ? invalid('Url') : { 'aria-describedby': `${id}-Url-hint` })}
                />
                {fieldError('Url') ?? (
                  <p id={`${id}-Url-hint`} className="mt-1 text-sm text-muted">
                    {t.linkHint}
                  </p>
                )}
              </div>
            </div>
            <div>
              <label htmlFor={`${id}-Tresc`} className="mb-1 block font-semibold">
                {t.text}
              </label>
              <textarea
                id={`${id}-Tresc`}
                value={draft.Tresc}
                maxLength={1000}
                rows={3}
                onChange={(e) => change('Tresc', e.target.value)}
                className="field"
                {...invalid('Tresc')}
              />
              {fieldError('Tresc')}
            </div>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <div>
                <label htmlFor={`${id}-KolorText`} className="mb-1 block font-semibold">
                  {t.textColour}
                </label>
                <input
                  id={`${id}-KolorText`}
                  type="color"
                  value={draft.KolorText}
                  onChange={(e) => change('KolorText', e.target.value)}
                  className="field h-11 p-1"
                  {...invalid('KolorText')}
                />
                <p className="mt-1 font-mono text-sm text-muted">{draft.KolorText}</p>
                {fieldError('KolorText')}
              </div>
              <div>
                <label htmlFor={`${id}-BgOpacity`} className="mb-1 block font-semibold">
                  {t.bgOpacity}
                </label>
                <select
                  id={`${id}-BgOpacity`}
                  value={draft.BgOpacity}
                  onChange={(e) =>
                    change('BgOpacity', Number(e.target.value) as PanelBannerSlideInput['BgOpacity'])
                  }
                  className="field"
                  {...invalid('BgOpacity')}
                >
                  {BG_OPACITY_CODES.map((c) => (
                    <option key={c} value={c}>
                      {t.bgOpacityOption(c)}
                    </option>
                  ))}
                </select>
                {fieldError('BgOpacity')}
              </div>
            </div>
            <fieldset className="space-y-3 rounded-md border border-gray-300 p-3">
              <legend className="px-1 font-semibold">{t.mask}</legend>
              <label className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  checked={draft.IsKolorMaski}
                  onChange={(e) => change('IsKolorMaski', e.target.checked)}
                  className="h-5 w-5 accent-primary"
                />
                {t.maskOn}
              </label>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <div>
                  <label htmlFor={`${id}-KolorMaski`} className="mb-1 block">
                    {t.maskColour}
                  </label>
                  <input
                    id={`${id}-KolorMaski`}
                    type="color"
                    value={draft.KolorMaski}
                    disabled={!draft.IsKolorMaski}
                    onChange={(e) => change('KolorMaski', e.target.value)}
                    className="field h-11 p-1"
                  />
                  <p className="mt-1 font-mono text-sm text-muted">{draft.KolorMaski}</p>
                </div>
                <div>
                  <label htmlFor={`${id}-mask-opacity`} className="mb-1 block">
                    {t.maskOpacity}
                  </label>
                  <select
                    id={`${id}-mask-opacity`}
                    value={draft.BanerGrafikaPrzezroczystoscMaski}
                    disabled={!draft.IsKolorMaski}
                    onChange={(e) =>
                      change(
                        'BanerGrafikaPrzezroczystoscMaski',
                        Number(e.target.value) as PanelBannerSlideInput['BanerGrafikaPrzezroczystoscMaski'],
                      )
                    }
                    className="field"
                  >
                    {MASK_OPACITY_CODES.map((c) => (
                      <option key={c} value={c}>
                        {c}%
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            </fieldset>
            <fieldset className="rounded-md border border-gray-300 p-3">
              <legend className="px-1 font-semibold">{t.position}</legend>
              <div className="grid w-full max-w-sm grid-cols-3 gap-2">
                {POSITION_ROWS.map(({ x, y }) => {
                  const checked = draft.PolozenieTextX === x && draft.PolozenieTextY === y;
                  return (
                    <label
                      key={`${x}-${y}`}
                      className={`flex min-h-14 cursor-pointer flex-col items-center justify-center gap-1 rounded-md border p-1 text-center text-xs leading-tight ${
                        checked ? 'border-primary bg-primary-light font-semibold' : 'border-gray-400 bg-white'
                      }`}
                    >
                      <input
                        type="radio"
                        name={`${id}-position`}
                        checked={checked}
                        onChange={() =>
                          setDraft((d) => (d ? { ...d, PolozenieTextX: x, PolozenieTextY: y } : d))
                        }
                        className="h-4 w-4 accent-primary"
                      />
                      {t.positions[`${y}-${x}`]}
                    </label>
                  );
                })}
              </div>
            </fieldset>
            <button type="submit" className="btn-primary" disabled={busy}>
              {t.saveSlide}
            </button>
          </form>
          <div className="space-y-3 border-t border-gray-200 pt-4">
            <h3 className="font-semibold">{t.images}</h3>
            <ImageUpload slideId={selected.Id} busy={busy} onUpload={upload} />
            {selected.ObrazMobileUrl && (
              <button
                type="button"
                className="btn border border-danger bg-white text-danger"
                onClick={() =>
                  run(
                    () =>
                      api.call('panelBannerSlideMobileDelete', {
                        params: { panelId: PANEL_ID, slideId: selected.Id },
                      }),
                    t.mobileDeleted,
                    `${id}-slide-title`,
                  )
                }
              >
                {t.removeMobile}
              </button>
            )}
          </div>
        </section>
      )}

      <section className="card space-y-3" aria-labelledby={`${id}-height`}>
        <h2 id={`${id}-height`} className="text-lg font-semibold">
          {t.heightTitle}
        </h2>
        <form noValidate onSubmit={saveHeight} className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${id}-Wysokosc`} className="mb-1 block font-semibold">
              {t.height}
            </label>
            <input
              id={`${id}-Wysokosc`}
              type="number"
              inputMode="numeric"
              min={BANNER_MIN_HEIGHT}
              max={BANNER_MAX_HEIGHT}
              value={height}
              onChange={(e) => setHeight(e.target.value)}
              className="field w-40"
              aria-invalid={fields.Wysokosc ? true : undefined}
              aria-describedby={`${id}-height-hint`}
            />
          </div>
          <button type="submit" className="btn-primary" disabled={busy}>
            {t.saveHeight}
          </button>
          <p id={`${id}-height-hint`} className="w-full text-sm text-muted">
            {t.heightHint(BANNER_MIN_HEIGHT, BANNER_MAX_HEIGHT)}
          </p>
        </form>
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title={t.confirmTitle}
        confirmLabel={t.confirmDelete}
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>{deleting ? t.confirmText(banner.Grafiki.indexOf(deleting) + 1) : ''}</p>
      </ConfirmDialog>
    </div>
  );
};
