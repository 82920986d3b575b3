import {
  BANNER_IMAGE_FIELD,
  BANNER_MOBILE_IMAGE_FIELD,
  type PanelBanner,
  type PanelBannerSlide,
  type PanelBannerSlideInput,
  PanelBannerSlideInputSchema,
  PanelBannerUpdateSchema,
} from '@club/contract';
import type { DragEndEvent } from '@dnd-kit/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { UploadProgress } from '../components/UploadProgress.tsx';
import { useAction } from '../components/useAction.ts';
import { aliasFromImageUrl, orderAfterDrop, orderAfterStep, slideInput } from '../lib/banner-form.ts';
import { uploadWithProgress } from '../lib/upload.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';
import { EditedSlide } from './banner/EditedSlide.tsx';
import { HeightForm } from './banner/HeightForm.tsx';
import { chosenImages, ImageUpload, PANEL_ID, uploadPath } from './banner/ImageUpload.tsx';
import { SlideList } from './banner/SlideList.tsx';
import { saveSlideAndImages } from './banner/save-slide.ts';
import { useBannerGuards } from './banner/useBannerGuards.ts';

const t = ui.banner;

export const bannerEditorLoader = () =>
  guarded(() => api.call('panelBanner', { params: { panelId: PANEL_ID } }));

const focusLater = (elementId: string) =>
  requestAnimationFrame(() => document.getElementById(elementId)?.focus());

/** Home page banner (panel 10): slides with their images, texts, colours, mask and text position. */
export const BannerEditor = () => {
  const loaded = useLoaderData<typeof bannerEditorLoader>();
  const id = useId();
  const action = useAction();
  const guards = useBannerGuards();
  const { busy, fields } = action;
  const [banner, setBanner] = useState(loaded);
  const [selectedId, setSelectedId] = useState<number | null>(loaded.Grafiki[0]?.Id ?? null);
  const selected = banner.Grafiki.find((s) => s.Id === selectedId) ?? null;
  const [draft, setDraft] = useState<PanelBannerSlideInput | null>(selected ? slideInput(selected) : null);
  const [height, setHeight] = useState(String(loaded.Wysokosc));
  const [progress, setProgress] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<PanelBannerSlide | null>(null);
  const picker = useRef<HTMLFormElement>(null);

  /** Opens a slide in the editor; `focus`: the keyboard goes to its heading. */
  const select = (slide: PanelBannerSlide | null, focus = false) => {
    setSelectedId(slide?.Id ?? null);
    setDraft(slide ? slideInput(slide) : null);
    action.setFields({});
    if (focus) focusLater(`${id}-slide-title`);
  };

  /** Runs a change; the banner the API answers with is shown; `focus` gets the keyboard back after it. */
  const run = (
    change: () => Promise<PanelBanner>,
    done: string,
    focus?: string,
    after?: (next: PanelBanner) => void,
  ) =>
    action.run(change, done, (next) => {
      setBanner(next);
      if (focus) focusLater(focus);
      after?.(next);
    });

  const upload = async (form: FormData, path: string) => {
    const adding = path === uploadPath();
    if (adding && !form.has(BANNER_IMAGE_FIELD)) {
      action.setNotice('');
      action.setError(t.desktopRequired);
      return false;
    }
    if (!form.has(BANNER_IMAGE_FIELD) && !form.has(BANNER_MOBILE_IMAGE_FIELD)) {
      action.setNotice('');
      action.setError(t.chooseImage);
      return false;
    }
    setProgress(0);
    const ok = await run(
      () => uploadWithProgress<PanelBanner>(path, form, setProgress),
      adding ? t.slideAdded : t.imagesReplaced,
      undefined,
      (next) => {
        if (adding) {
          const created = next.Grafiki.reduce<PanelBannerSlide | null>(
            (a, s) => (a === null || s.Id > a.Id ? s : a),
            null,
          );
          guards.leaveSlide(() => select(created, true));
        } else if (selected) {
          // New images, same texts: keep what the manager typed.
          setSelectedId(selected.Id);
        }
      },
    );
    setProgress(null);
    return ok;
  };

  const saveOrder = (order: number[], done: string, focus?: string) =>
    run(
      () => api.call('panelBannerSlideOrder', { params: { panelId: PANEL_ID }, body: { Kolejnosc: order } }),
      done,
      focus,
    );

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
    return saveOrder(order, t.moved(target + 1), focus);
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
    if (!(await saveOrder(order, t.moved(to + 1)))) setBanner(before);
  };

  const remove = (slide: PanelBannerSlide) => {
    setDeleting(null);
    return run(
      () => api.call('panelBannerSlideDelete', { params: { panelId: PANEL_ID, slideId: slide.Id } }),
      t.slideDeleted,
      `${id}-slides`,
      (next) => {
        if (selectedId !== slide.Id) return;
        guards.dropSlide();
        select(next.Grafiki[0] ?? null);
      },
    );
  };

  const saveHeight = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = { Wysokosc: Number(height.trim()) };
    if (!action.validate(PanelBannerUpdateSchema, body)) return;
    void run(
      () => api.call('panelBannerUpdate', { params: { panelId: PANEL_ID }, body }),
      t.heightSaved,
      undefined,
      guards.height.saved,
    );
  };

  const saveSlide = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!selected || !draft || !action.validate(PanelBannerSlideInputSchema, draft)) return;
    // Images chosen below but not sent with their own button go with the slide.
    const images = picker.current ? chosenImages(picker.current) : new FormData();
    void run(
      () => saveSlideAndImages(selected.Id, draft, images, setProgress, setBanner),
      [...images.keys()].length ? t.slideAndImagesSaved : t.slideSaved,
      undefined,
      () => {
        guards.texts.saved();
        picker.current?.reset();
      },
    );
  };

  const alias = aliasFromImageUrl(banner.Grafiki[0]?.ObrazUrl);

  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>
      <p className="text-muted">{t.intro}</p>
      <NoticeBox>{action.notice}</NoticeBox>
      <ErrorBox>{action.error}</ErrorBox>
      <UploadProgress progress={progress} />

      <section className="card space-y-4" aria-labelledby={`${id}-slides`}>
        <h2 id={`${id}-slides`} tabIndex={-1} className="text-lg font-semibold">
          {t.slides}
        </h2>
        {banner.Grafiki.length === 0 ? (
          <p className="text-muted">{t.noSlides}</p>
        ) : (
          <>
            {banner.Grafiki.length > 1 && <p className="text-sm text-muted">{t.orderHint}</p>}
            <SlideList
              id={id}
              slides={banner.Grafiki}
              selectedId={selectedId}
              busy={busy}
              onSorted={onSorted}
              // The slide already open keeps its edit.
              onEdit={(s) =>
                s.Id === selectedId
                  ? focusLater(`${id}-slide-title`)
                  : guards.leaveSlide(() => select(s, true))
              }
              onMove={move}
              onRemove={setDeleting}
            />
          </>
        )}
        <h3 className="font-semibold">{t.newSlide}</h3>
        <div {...guards.added.watch}>
          <ImageUpload busy={busy} onUpload={upload} />
        </div>
      </section>

      {selected && draft && (
        <EditedSlide
          id={id}
          slide={selected}
          index={banner.Grafiki.indexOf(selected)}
          draft={draft}
          setDraft={setDraft}
          preview={{ bannerId: banner.Id ?? 0, height: Number(height) || banner.Wysokosc, alias }}
          fields={fields}
          busy={busy}
          guards={guards}
          picker={picker}
          onSave={saveSlide}
          onUpload={upload}
          onRemoveMobile={() =>
            run(
              () =>
                api.call('panelBannerSlideMobileDelete', {
                  params: { panelId: PANEL_ID, slideId: selected.Id },
                }),
              t.mobileDeleted,
              `${id}-slide-title`,
            )
          }
        />
      )}

      <section className="card space-y-3" aria-labelledby={`${id}-height`}>
        <h2 id={`${id}-height`} className="text-lg font-semibold">
          {t.heightTitle}
        </h2>
        <HeightForm
          watch={guards.height.watch}
          id={id}
          height={height}
          setHeight={setHeight}
          fields={fields}
          busy={busy}
          onSubmit={saveHeight}
        />
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
