/** The panel's address prefix (the router's basename). */
export const PANEL_BASE = '/panel';

/**
 * Where the login screen sends a manager back to: a path inside the panel only (`/produkty/5?x=1`),
 * never another site (`//evil.example`, `/\evil.example`, `https://…`) nor the login screen itself.
 * Anything else: the dashboard.
 */
export const safeNext = (raw: string | null | undefined): string => {
  if (!raw || raw.length > 2000) return '/';
  // Control characters and backslashes: browsers read "/\x" and "/\tx" as another host.
  const odd = [...raw].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (!raw.startsWith('/') || raw.startsWith('//') || odd) return '/';
  const url = new URL(raw, 'http://panel.invalid');
  if (url.origin !== 'http://panel.invalid' || url.pathname.startsWith('/logowanie')) return '/';
  return `${url.pathname}${url.search}`;
};

/** The screen the browser shows, as a router path (without the basename): where to come back to. */
export const currentPanelPath = (location: Pick<Location, 'pathname' | 'search'> = window.location) => {
  const path = location.pathname.startsWith(PANEL_BASE)
    ? location.pathname.slice(PANEL_BASE.length) || '/'
    : location.pathname;
  return `${path}${location.search}`;
};

/** The login screen's address that comes back to `next` (none for the dashboard). */
export const loginPath = (reason?: 'wygasla' | 'wylogowano', next?: string) => {
  const q = new URLSearchParams();
  if (reason) q.set('powod', reason);
  const back = safeNext(next);
  if (back !== '/') q.set('next', back);
  const query = q.toString();
  return query ? `/logowanie?${query}` : '/logowanie';
};
