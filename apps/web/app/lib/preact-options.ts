import { options } from 'preact';

// React Router marks its inline scripts `suppressHydrationWarning`, a hint for React DOM only;
// Preact would write it out as an HTML attribute.
const previousVnode = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown> | null;
  if (props && typeof vnode.type === 'string' && 'suppressHydrationWarning' in props) {
    delete props.suppressHydrationWarning;
  }
  previousVnode?.(vnode);
};
