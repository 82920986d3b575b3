import { options } from 'preact';

/**
 * The scripts React Router preloads (`<link rel="modulepreload">`, 11-13 per page) are fetched at
 * low priority: they hydrate the page, which is readable without them, and at High they shared a
 * phone's bandwidth with the document's images, so Lighthouse's simulated first paint waited for
 * ~100 kB of JavaScript (FCP 1.9 s; 0.85-0.96 s at low priority, decision 87). Server only: the
 * browser fetches them once, from the server's markup.
 */
const previousVnode = options.vnode;
options.vnode = (vnode) => {
  if (vnode.type === 'link') {
    const props = vnode.props as Record<string, unknown>;
    if (props.rel === 'modulepreload') props.fetchpriority = 'low';
  }
  previousVnode?.(vnode);
};
