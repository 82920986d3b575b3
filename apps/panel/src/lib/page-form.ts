import { PAGE_PARAMS, type PanelPageListItem } from '@club/contract';

/** Polish letters the slug spells without their marks ('ł' has no decomposition in Unicode). */
const PLAIN: Record<string, string> = { ł: 'l', Ł: 'l' };

/**
 * A slug suggested from a title: 'Historia klubu – 100 lat!' → 'historia-klubu-100-lat'. Only a
 * suggestion: the manager may change it, and the API checks it (form, clashes with the shop).
 */
export const slugFromTitle = (title: string) =>
  title
    .replace(/[łŁ]/g, (c) => PLAIN[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');

export type TreePage = PanelPageListItem & { depth: number };

/**
 * The pages in tree order (each parent before its sub-pages, siblings by title), with their depth.
 * A page whose parent is missing from the list (or a cycle) starts at the top level.
 */
export const pageTree = (pages: PanelPageListItem[]): TreePage[] => {
  const ids = new Set(pages.map((p) => p.Id));
  const byTitle = (a: PanelPageListItem, b: PanelPageListItem) => a.Tytul.localeCompare(b.Tytul, 'pl');
  const out: TreePage[] = [];
  const seen = new Set<number>();
  const visit = (p: PanelPageListItem, depth: number) => {
    if (seen.has(p.Id)) return;
    seen.add(p.Id);
    out.push({ ...p, depth });
    for (const c of pages.filter((x) => x.IdRodzica === p.Id).sort(byTitle)) visit(c, depth + 1);
  };
  for (const p of pages.filter((x) => x.IdRodzica === null || !ids.has(x.IdRodzica)).sort(byTitle))
    visit(p, 0);
  // Pages caught in a cycle of parents (never saved by the API, but possible in old data).
  for (const p of [...pages].sort(byTitle)) visit(p, 0);
  return out;
};

/**
 * Pages that may be the parent of page `selfId` (null: a new page): not the page itself nor one of
 * its sub-pages (the API refuses the cycle), and not a special text (shown inside other pages).
 */
export const parentChoices = (pages: PanelPageListItem[], selfId: number | null): TreePage[] => {
  const tree = pageTree(pages);
  const excluded = new Set<number>();
  if (selfId !== null) {
    excluded.add(selfId);
    for (const p of tree) if (p.IdRodzica !== null && excluded.has(p.IdRodzica)) excluded.add(p.Id);
  }
  return tree.filter((p) => !excluded.has(p.Id) && !p.Specjalna);
};

export type PageParam = { Klucz: string; Wartosc: string };
/** The parameters the storefront understands (check boxes in the form). */
export const KNOWN_PARAMS = Object.keys(PAGE_PARAMS);
/** What a parameter switched on in the form carries when the page had no value for it. */
export const KNOWN_PARAM_VALUE = '1';

/** The form's parameters: the known ones as switches (with the values they had), the others as rows. */
export const splitParams = (params: PageParam[]) => ({
  known: Object.fromEntries(
    params.filter((p) => KNOWN_PARAMS.includes(p.Klucz)).map((p) => [p.Klucz, p.Wartosc]),
  ) as Record<string, string>,
  other: params.filter((p) => !KNOWN_PARAMS.includes(p.Klucz)),
});

/**
 * The parameters to send: the switched-on known ones first (keeping a stored value), then the
 * other rows as typed (trimmed; a row with neither key nor value is left out).
 */
export const joinParams = (on: string[], stored: Record<string, string>, other: PageParam[]): PageParam[] => [
  ...KNOWN_PARAMS.filter((k) => on.includes(k)).map((k) => ({
    Klucz: k,
    Wartosc: stored[k] || KNOWN_PARAM_VALUE,
  })),
  ...other
    .map((p) => ({ Klucz: p.Klucz.trim(), Wartosc: p.Wartosc.trim() }))
    .filter((p) => p.Klucz !== '' || p.Wartosc !== ''),
];
