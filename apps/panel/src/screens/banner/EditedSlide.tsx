import type { PanelBannerSlide, PanelBannerSlideInput } from '@club/contract';
import type { FormEvent, RefObject } from 'react';
import { BannerPreview } from '../../components/BannerPreview.tsx';
import type { FieldMessages } from '../../components/useAction.ts';
import type { UnsavedGuard } from '../../components/useUnsavedGuard.tsx';
import { ui } from '../../texts.ts';
import { SlideImages } from './ImageUpload.tsx';
import { SlideLookFields, SlideTextFields } from './SlideFields.tsx';

const t = ui.banner;

/** The slide being edited: its preview, its texts and look (one form), then its images. */
export const EditedSlide = ({
  id,
  slide,
  index,
  draft,
  setDraft,
  preview,
  fields,
  busy,
  guards,
  picker,
  onSave,
  onUpload,
  onRemoveMobile,
}: {
  id: string;
  slide: PanelBannerSlide;
  index: number;
  draft: PanelBannerSlideInput;
  setDraft: (change: (d: PanelBannerSlideInput | null) => PanelBannerSlideInput | null) => void;
  preview: { bannerId: number; height: number; alias: string };
  fields: FieldMessages;
  busy: boolean;
  /** The texts' form and the images' picker each count their own unsaved changes. */
  guards: { texts: UnsavedGuard; images: UnsavedGuard };
  picker: RefObject<HTMLFormElement | null>;
  onSave: (e: FormEvent<HTMLFormElement>) => void;
  onUpload: (form: FormData, path: string) => Promise<boolean>;
  onRemoveMobile: () => void;
}) => {
  const change = <K extends keyof PanelBannerSlideInput>(key: K, value: PanelBannerSlideInput[K]) =>
    setDraft((d) => (d ? { ...d, [key]: value } : d));
  return (
    <section className="card space-y-5" aria-labelledby={`${id}-slide-title`}>
      <h2 id={`${id}-slide-title`} tabIndex={-1} className="text-lg font-semibold">
        {t.editing(index + 1)}
      </h2>
      <BannerPreview slide={{ ...slide, ...draft }} {...preview} />
      <form {...guards.texts.watch} noValidate onSubmit={onSave} className="space-y-4">
        <SlideTextFields id={id} draft={draft} change={change} fields={fields} />
        <SlideLookFields
          id={id}
          draft={draft}
          change={change}
          onPosition={(x, y) => setDraft((d) => (d ? { ...d, PolozenieTextX: x, PolozenieTextY: y } : d))}
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          {t.saveSlide}
        </button>
      </form>
      <SlideImages
        watch={guards.images.watch}
        slideId={slide.Id}
        hasMobile={Boolean(slide.ObrazMobileUrl)}
        busy={busy}
        onUpload={onUpload}
        formRef={picker}
        onRemoveMobile={onRemoveMobile}
      />
    </section>
  );
};
