import type { MetaDescriptor } from 'react-router';
import { pageMeta } from './seo.ts';

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** '{page} | {shop}', the shop name from the layout's loader (as the 404 and error pages do). */
export const titleWithShop = (matches: readonly MatchLike[], title: string): string => {
  const layout = matches.find((m) => m?.id === 'routes/shop-layout')?.loaderData as
    | { shop?: string }
    | undefined;
  return layout?.shop ? `${title} | ${layout.shop}` : title;
};

/** Login, registration and account pages: a title and robots noindex (nothing there to index). */
export const privatePageMeta = (matches: readonly MatchLike[], title: string): MetaDescriptor[] =>
  pageMeta({ title: titleWithShop(matches, title), noindex: true });
