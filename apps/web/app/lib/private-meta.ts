import type { MetaDescriptor } from 'react-router';
import { pageMeta, pageTitle } from './seo.ts';

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The shop name from the layout's loader (pages that load nothing of their own). */
export const shopFromMatches = (matches: readonly MatchLike[]): string | undefined =>
  (matches.find((m) => m?.id === 'routes/shop-layout')?.loaderData as { shop?: string } | undefined)?.shop;

/** '{page} | {shop}' for pages without a loader of their own. */
export const titleWithShop = (matches: readonly MatchLike[], title: string): string =>
  pageTitle(title, shopFromMatches(matches));

/** Cart, checkout, login, registration and account pages: a title and robots noindex (nothing there to index). */
export const privatePageMeta = (matches: readonly MatchLike[], title: string): MetaDescriptor[] =>
  pageMeta({ title, siteName: shopFromMatches(matches), noindex: true });
