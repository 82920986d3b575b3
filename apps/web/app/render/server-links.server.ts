import { options } from 'preact';
import { Link } from '../components/Link.tsx';

/**
 * On the server a `Link` is only the anchor it renders: its vnode becomes that `<a>` before it is
 * rendered, so no component, hook state or context subscription is made for each of a page's
 * 60-170 links (about a twentieth of what a page render allocated). The browser still hydrates
 * the `Link` component, which attaches the click handler to the same markup.
 */
const previousVnode = options.vnode;
options.vnode = (vnode) => {
  if (vnode.type === Link) {
    const props = vnode.props as Record<string, unknown>;
    vnode.type = 'a';
    props.href = props.to;
    props.to = undefined;
    props.onClick = undefined;
  }
  previousVnode?.(vnode);
};
