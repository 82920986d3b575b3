import { defineConfig } from 'vitest/config';

// No React Router plugin here: unit tests import plain modules.
export default defineConfig({
  test: {
    name: 'web',
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    // Rendered with Preact, as the server renders: vitest.ssr.config.ts.
    exclude: ['**/node_modules/**', 'app/**/*.ssr.test.{ts,tsx}'],
  },
});
