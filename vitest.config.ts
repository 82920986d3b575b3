import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/api',
      'apps/web',
      'apps/web/vitest.ssr.config.ts',
      'apps/panel',
      // Checks over the whole repository (the module graph).
      { test: { name: 'repo', include: ['tests/*.test.ts'] } },
    ],
  },
});
