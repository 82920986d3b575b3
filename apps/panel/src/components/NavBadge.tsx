import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** Counts change while the panel stays open on one screen (new orders, new messages). */
const REFRESH_MS = 60_000;

/**
 * A count beside a navigation link. The link's accessible name says it in words ("Zamówienia
 * (nowe: 2)"); the bare number is for the eye. Read on every navigation, once a minute, and when
 * `event` is dispatched on the window (a screen that changed what is counted).
 */
export const NavBadge = ({
  load,
  label,
  event,
}: {
  load: () => Promise<number>;
  label: (n: number) => string;
  event?: string;
}) => {
  const { pathname } = useLocation();
  const [count, setCount] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on each navigation
  useEffect(() => {
    let live = true;
    const read = () =>
      load().then(
        (n) => live && setCount(n),
        // A failed count is not worth a message: the badge keeps its last value.
        () => undefined,
      );
    void read();
    if (event) window.addEventListener(event, read);
    const timer = window.setInterval(read, REFRESH_MS);
    return () => {
      live = false;
      if (event) window.removeEventListener(event, read);
      window.clearInterval(timer);
    };
  }, [pathname]);
  if (count === 0) return null;
  return (
    <span className="ml-2 inline-block min-w-6 rounded-full bg-accent px-2 text-center text-sm font-bold text-ink">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{` (${label(count)})`}</span>
    </span>
  );
};
