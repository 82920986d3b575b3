import { defineConfig } from 'vitest/config';

// Unit tests of the panel's plain modules (the screens are tested with Playwright).
export default defineConfig({ test: { name: 'panel', include: ['src/**/*.test.ts'] } });
