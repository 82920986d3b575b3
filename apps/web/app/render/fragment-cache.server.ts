import { LRUCache } from 'lru-cache';
import { type ComponentType, Fragment, h, options, type VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { useLocation } from 'react-router';
import { isActivePath, NavLink } from '../components/Link.tsx';
import { ProductTile } from '../components/ProductTile.tsx';
import { SiteFooter } from '../components/SiteFooter.tsx';
import { SiteHeader } from '../components/SiteHeader.tsx';

/**
 * Parts of a page that are the same on many pages are rendered once and reused as HTML (decisions
 * 88 and 90): the header and footer (a third of a page's rendering; the same on most pages of a
 * club) and product tiles (24 on a list page, the same product on many lists). On the server each
 * is a pure function of its props (plain data) and of which of its `NavLink`s are current: cart,
 * login and session live in the browser, and nothing in them may read the location otherwise or
 * call `useId` (which counts in render order). The browser hydrates the same components against
 * that HTML.
 */
type NavTarget = { to: string; end: boolean };

/**
 * The `NavLink`s a render of a part made: which of them are current is the rest of the key. Sized
 * by its keys (the parts' props), so that thousands of tiles do not push the header out.
 */
const targets = new LRUCache<string, NavTarget[]>({
  maxSize: 8_000_000,
  sizeCalculation: (links, key) => key.length + links.length * 32,
});
/** HTML by content and current links; the size counts characters of keys and pages. */
const pages = new LRUCache<string, string>({
  maxSize: 16_000_000,
  sizeCalculation: (html, key) => html.length + key.length,
});

let renders = 0;
/** How many times a part has been rendered for the cache (tests). */
export const fragmentRenders = () => renders;

/** Set while a part renders for the cache: its `NavLink`s are collected, nothing is swapped. */
let recording: NavTarget[] | null = null;

const currentLinks = (links: NavTarget[], pathname: string) => {
  let key = '';
  for (const link of links) key += isActivePath(link.to, pathname, link.end) ? '1' : '0';
  return key;
};

const cached = <P extends object>(name: string, Component: ComponentType<P>) =>
  // The second argument is the render's context (every provider above), which the inner render gets.
  function CachedFragment(props: P, context: Record<string, unknown>) {
    const { pathname } = useLocation();
    const content = `${name}\n${JSON.stringify(props)}`;
    const links = targets.get(content);
    const key = links && `${content}\n${currentLinks(links, pathname)}`;
    let html = key === undefined ? undefined : pages.get(key);
    if (html === undefined) {
      const found: NavTarget[] = [];
      renders++;
      recording = found;
      try {
        html = renderToString(h(Component, props) as VNode, context);
      } finally {
        recording = null;
      }
      targets.set(content, found);
      pages.set(`${content}\n${currentLinks(found, pathname)}`, html);
    }
    // A fragment of precompiled markup: written as it is, with no element around it.
    return h(Fragment, { tpl: [html] } as never);
  };

const replacements = new Map<unknown, unknown>([
  [SiteHeader, cached('header', SiteHeader)],
  [SiteFooter, cached('footer', SiteFooter)],
  [ProductTile, cached('tile', ProductTile)],
]);

const previousVnode = options.vnode;
options.vnode = (vnode) => {
  if (recording) {
    if (vnode.type === NavLink) {
      const props = vnode.props as unknown as { to: string; end?: boolean };
      recording.push({ to: props.to, end: props.end ?? false });
    }
  } else {
    const replacement = replacements.get(vnode.type);
    if (replacement) vnode.type = replacement as typeof vnode.type;
  }
  previousVnode?.(vnode);
};
