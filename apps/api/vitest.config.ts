import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time on CI's two cores: a test that times a request or a shutdown may miss
    // its bound once under that load; a second failure is real.
    retry: process.env.CI ? 1 : 0,
  },
});
