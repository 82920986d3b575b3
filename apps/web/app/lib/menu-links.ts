import type { SocialLink } from '@club/contract';

/**
 * How a CMS link is rendered (spec 2 'Header'): internal paths go through the router, external
 * addresses are plain anchors, and some open in a new window. Pure, so it is unit-tested.
 */
export type LinkTarget =
  | { kind: 'internal'; to: string; newWindow: boolean }
  | { kind: 'external'; href: string; newWindow: boolean }
  /** Empty or unsafe (javascript:, data:...) address: rendered as text, never as a link. */
  | { kind: 'none' };

/** Spec: items with this title always open as external links. */
export const PROMOTER_TITLE = 'Zostań promotorem';

const SAFE_SCHEME = /^(https?:|mailto:|tel:)/i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Classifies a URL from the content backend. Relative addresses without a slash are site paths. */
export const linkTarget = (rawUrl: string | null | undefined, newWindow = false): LinkTarget => {
  const url = (rawUrl ?? '').trim();
  if (!url) return { kind: 'none' };
  if (url.startsWith('//')) return { kind: 'external', href: `https:${url}`, newWindow };
  if (url.startsWith('/') || url.startsWith('#') || url.startsWith('?')) {
    return { kind: 'internal', to: url, newWindow };
  }
  if (SAFE_SCHEME.test(url)) return { kind: 'external', href: url, newWindow };
  if (ANY_SCHEME.test(url)) return { kind: 'none' };
  return { kind: 'internal', to: `/${url}`, newWindow };
};

/**
 * A menu item's link: 'Zostań promotorem' is always an external link in a new window; items
 * with OtworzWNowymOknie open in a new window.
 */
export const menuLinkTarget = (item: {
  Tytul: string;
  Url: string;
  OtworzWNowymOknie: boolean;
}): LinkTarget => {
  const target = linkTarget(item.Url, item.OtworzWNowymOknie);
  if (item.Tytul.trim().toLowerCase() !== PROMOTER_TITLE.toLowerCase() || target.kind === 'none')
    return target;
  return { kind: 'external', href: target.kind === 'internal' ? target.to : target.href, newWindow: true };
};

/** Social networks by kind (spec 9: 1 facebook, 2 tiktok, 3 instagram, 4 youtube, 5 x). */
export const SOCIAL_NETWORKS = {
  1: { key: 'facebook', name: 'Facebook' },
  2: { key: 'tiktok', name: 'TikTok' },
  3: { key: 'instagram', name: 'Instagram' },
  4: { key: 'youtube', name: 'YouTube' },
  5: { key: 'x', name: 'X' },
} as const;
export type SocialKey = (typeof SOCIAL_NETWORKS)[keyof typeof SOCIAL_NETWORKS]['key'];

/** Social links that can be shown: a known kind and an http(s) address. */
export const visibleSocialLinks = (links: SocialLink[]): { url: string; key: SocialKey; name: string }[] =>
  links.flatMap((l) => {
    const network = SOCIAL_NETWORKS[l.Rodzaj as keyof typeof SOCIAL_NETWORKS];
    const url = l.Url.trim();
    return network && /^https?:\/\//i.test(url) ? [{ url, key: network.key, name: network.name }] : [];
  });
