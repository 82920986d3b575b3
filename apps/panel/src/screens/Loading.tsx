import { ui } from '../texts.ts';

/** Shown while the first screen's data loads (the session check, then the screen's own calls). */
export const Loading = () => (
  <p role="status" className="p-6 text-muted">
    {ui.loading}
  </p>
);
