import type { PanelBanner, PanelBannerSlideInput } from '@club/contract';
import { api } from '../../api.ts';
import { type UploadError, uploadWithProgress } from '../../lib/upload.ts';
import { ui } from '../../texts.ts';
import { PANEL_ID, uploadPath } from './ImageUpload.tsx';

/**
 * "Zapisz slajd": the texts, then the images chosen for the slide but not sent yet, so "saved"
 * means all of it. A failed upload rejects with a message saying the texts were saved
 * (`onTextsSaved` shows them) and the images were not.
 */
export const saveSlideAndImages = async (
  slideId: number,
  draft: PanelBannerSlideInput,
  images: FormData,
  onProgress: (percent: number | null) => void,
  onTextsSaved: (banner: PanelBanner) => void,
): Promise<PanelBanner> => {
  const saved = await api.call('panelBannerSlideUpdate', {
    params: { panelId: PANEL_ID, slideId },
    body: draft,
  });
  if (![...images.keys()].length) return saved;
  onProgress(0);
  try {
    return await uploadWithProgress<PanelBanner>(uploadPath(slideId), images, onProgress);
  } catch (e) {
    const failed = e as UploadError;
    onTextsSaved(saved);
    throw {
      ...failed,
      message: ui.banner.imagesNotSaved(failed.message ?? ui.genericError),
    } satisfies UploadError;
  } finally {
    onProgress(null);
  }
};
