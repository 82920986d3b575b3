import { options } from 'preact';

// React Router marks its inline scripts `suppressHydrationWarning`, a hint for React DOM only;
// Preact would write it out as an HTML attribute.
const previousVnode = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown> | null;
  if (props && typeof vnode.type === 'string' && 'suppressHydrationWarning' in props) {
    delete props.suppressHydrationWarning;
  }
  if (!import.meta.env.SSR && props && vnode.type === 'script') makeInert(props);
  previousVnode?.(vnode);
};

const RUNNABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * React DOM never runs an inline script it renders in the browser; Preact creates a real
 * `<script>`, which the browser runs, or refuses under the page's CSP with an error. React
 * Router's ScrollRestoration renders one again when the root layout mounts anew (its error page
 * after a failed navigation). A data type keeps it inert; hydration never re-runs a script.
 */
const makeInert = (props: Record<string, unknown>) => {
  const type = typeof props.type === 'string' ? props.type.toLowerCase() : '';
  if (props.dangerouslySetInnerHTML && !props.src && RUNNABLE_TYPES.has(type)) props.type = 'text/plain';
};
