import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default (cores - 1) is one file at a time on a two-core machine, while most API
    // files spend their time waiting on PostgreSQL, a spawned server or a timer.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
