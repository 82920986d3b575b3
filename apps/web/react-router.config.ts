import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // The whole route manifest ships with the page: no lazy manifest fetches that a quick
  // navigation can cut short (they showed as console errors), and the shop has few routes.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
