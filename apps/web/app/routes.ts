import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  // Spec: the default layout (header, content, footer) wraps every page but the payment thank-you.
  layout('routes/shop-layout.tsx', [index('routes/home.tsx'), route('*', 'routes/not-found.tsx')]),
] satisfies RouteConfig;
