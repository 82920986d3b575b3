import { useAskBeforeDiscard, useUnsavedGuard } from '../../components/useUnsavedGuard.tsx';

/**
 * The banner editor's forms, each with its own guard: saving the height or adding a slide does not
 * count the edited slide's texts as saved. `leaveSlide` opens another slide, asking first when the
 * edited one has unsaved texts or chosen images; `dropSlide` forgets them (the slide was deleted).
 */
export const useBannerGuards = () => {
  const texts = useUnsavedGuard();
  const images = useUnsavedGuard();
  const added = useUnsavedGuard();
  const height = useUnsavedGuard();
  const ask = useAskBeforeDiscard();
  return {
    texts,
    images,
    added,
    height,
    leaveSlide: (next: () => void) => ask([texts, images], next),
    dropSlide: () => {
      texts.saved();
      images.saved();
    },
  };
};
