import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { api } from '../api.ts';
import { INBOX_CHANGED, unreadCount } from '../lib/inbox.ts';
import { ui } from '../texts.ts';

/** New messages may come in while the panel stays open on one screen. */
const REFRESH_MS = 60_000;

/**
 * The navigation's count of unread inbox items. The link's accessible name says it in words
 * ("Skrzynka (nieprzeczytane: 2)"); the bare number is for the eye. Fetched on every navigation,
 * when the inbox screen changes a state, and once a minute.
 */
export const InboxBadge = () => {
  const { pathname } = useLocation();
  const [count, setCount] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched again on each navigation
  useEffect(() => {
    let live = true;
    const load = () =>
      api.call('panelInboxSummary').then(
        (s) => live && setCount(unreadCount(s)),
        // A failed count is not worth a message: the badge keeps its last value.
        () => undefined,
      );
    void load();
    window.addEventListener(INBOX_CHANGED, load);
    const timer = window.setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      window.removeEventListener(INBOX_CHANGED, load);
      window.clearInterval(timer);
    };
  }, [pathname]);
  if (count === 0) return null;
  return (
    <span className="ml-2 inline-block min-w-6 rounded-full bg-accent px-2 text-center text-sm font-bold text-ink">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{` (${ui.nav.inboxUnread(count)})`}</span>
    </span>
  );
};
