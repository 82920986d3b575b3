import {
  BANNER_IMAGE_FIELD,
  BANNER_KIND_HOME,
  BANNER_MOBILE_IMAGE_FIELD,
  buildPath,
  endpointRoutes,
} from '@club/contract';
import { type FormEvent, type RefObject, useId, useRef } from 'react';
import type { UnsavedGuard } from '../../components/useUnsavedGuard.tsx';
import { ui } from '../../texts.ts';

const t = ui.banner;
export const PANEL_ID = BANNER_KIND_HOME;

export const uploadPath = (slideId?: number) =>
  slideId === undefined
    ? buildPath(endpointRoutes.panelBannerSlideCreate.path, { panelId: PANEL_ID })
    : buildPath(endpointRoutes.panelBannerSlideImages.path, { panelId: PANEL_ID, slideId });

/** The images chosen in a picker form, ready to upload (empty: none chosen). */
export const chosenImages = (picker: HTMLFormElement) => {
  const data = new FormData();
  const fields = new FormData(picker);
  for (const name of [BANNER_IMAGE_FIELD, BANNER_MOBILE_IMAGE_FIELD]) {
    const file = fields.get(name);
    if (file instanceof File && file.size > 0) data.append(name, file, file.name);
  }
  return data;
};

/** The desktop and phone image pickers with the upload's progress. */
export const ImageUpload = ({
  slideId,
  busy,
  onUpload,
  formRef,
}: {
  /** The slide whose images are replaced; absent: a new slide. */
  slideId?: number;
  busy: boolean;
  /** Resolves true when sent: only then is the picker emptied (a refused choice stays to be fixed). */
  onUpload: (form: FormData, path: string) => Promise<boolean>;
  /** The picker form, for "Zapisz slajd" to send images chosen but not sent yet. */
  formRef?: RefObject<HTMLFormElement | null>;
}) => {
  const id = useId();
  const own = useRef<HTMLFormElement>(null);
  const form = formRef ?? own;
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (await onUpload(chosenImages(e.currentTarget), uploadPath(slideId))) form.current?.reset();
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

/** The edited slide's images: new ones, and the phone image taken away (the desktop one serves). */
export const SlideImages = ({
  slideId,
  hasMobile,
  busy,
  onUpload,
  onRemoveMobile,
  formRef,
  watch,
}: {
  slideId: number;
  hasMobile: boolean;
  busy: boolean;
  onUpload: (form: FormData, path: string) => Promise<boolean>;
  onRemoveMobile: () => void;
  formRef: RefObject<HTMLFormElement | null>;
  watch: UnsavedGuard['watch'];
}) => (
  <div {...watch} className="space-y-3 border-t border-gray-200 pt-4">
    <h3 className="font-semibold">{t.images}</h3>
    <ImageUpload slideId={slideId} busy={busy} onUpload={onUpload} formRef={formRef} />
    {hasMobile && (
      <button
        type="button"
        className="btn border border-danger bg-white text-danger"
        onClick={onRemoveMobile}
      >
        {t.removeMobile}
      </button>
    )}
  </div>
);
