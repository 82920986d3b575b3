/**
 * Clicks the buttons tapped before the page hydrated, in order, now that they have handlers
 * (kept by the page's boot script, `deferred-scripts.server.ts`). Once per page load.
 */
export const replayEarlyClicks = () => {
  const w = window as unknown as { __replayEarlyClicks?: () => void };
  const replay = w.__replayEarlyClicks;
  w.__replayEarlyClicks = undefined;
  replay?.();
};
