import { defineConfig } from 'vitest/config';
import { preactForReact } from './preact-aliases.ts';

// Tests of what the server renders, in the runtime it renders with: React's API from Preact, and
// React Router inlined so that its own imports of React get the same aliases.
export default defineConfig({
  resolve: { alias: preactForReact, dedupe: ['preact'] },
  // The ES module build of React Router: the aliases reach `import`, not `require`.
  ssr: { resolve: { conditions: ['module', 'node', 'development'] } },
  test: {
    name: 'web-ssr',
    include: ['app/**/*.ssr.test.{ts,tsx}'],
    server: { deps: { inline: [/react-router/] } },
  },
});
