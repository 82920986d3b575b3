import { MAX_PHOTO_MB, MAX_PHOTOS_PER_UPLOAD } from '@club/contract';
import { type DragEvent, useId, useState } from 'react';
import { ui } from '../texts.ts';

const t = ui.photos;

/** Where photos are dropped or picked, with the upload's progress while it runs (`progress` 0–100). */
export const PhotoDropZone = ({
  progress,
  onFiles,
}: {
  progress: number | null;
  onFiles: (files: FileList | null) => void;
}) => {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    onFiles(e.dataTransfer.files);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the labelled file picker inside is the keyboard's way in
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`rounded-lg border-2 border-dashed p-4 text-center ${
        dragging ? 'border-primary bg-primary-light' : 'border-gray-400'
      }`}
    >
      <p className="mb-2 text-muted">{t.dropHint}</p>
      <label htmlFor={`${id}-files`} className="btn-secondary cursor-pointer">
        {t.choose}
      </label>
      <input
        id={`${id}-files`}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        aria-describedby={`${id}-limits`}
        onChange={(e) => {
          onFiles(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      <p id={`${id}-limits`} className="mt-2 text-sm text-muted">
        {t.limits(MAX_PHOTOS_PER_UPLOAD, MAX_PHOTO_MB)}
      </p>
      {progress !== null && (
        <div className="mt-3">
          <label htmlFor={`${id}-progress`} className="block text-sm">
            {t.progress(progress)}
          </label>
          <progress id={`${id}-progress`} max={100} value={progress} className="w-full" />
        </div>
      )}
    </div>
  );
};
