import { useId } from 'react';
import { ui } from '../texts.ts';

/** An upload's progress bar with its percentage as its label; nothing while no upload runs. */
export const UploadProgress = ({ progress }: { progress: number | null }) => {
  const id = useId();
  return progress === null ? null : (
    <div>
      <label htmlFor={`${id}-progress`} className="block text-sm">
        {ui.photos.progress(progress)}
      </label>
      <progress id={`${id}-progress`} max={100} value={progress} className="w-full" />
    </div>
  );
};
