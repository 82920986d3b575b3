import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations } from '../fixtures.ts';

/**
 * A story's screenshots, on a phone and a desktop window, each checked by axe first; the page is
 * left at the phone's width. `dir` is made once.
 */
export const phoneAndDesktopShots = (dir: string) => {
  mkdirSync(dir, { recursive: true });
  return async (page: Page, name: string) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 390, height: 844 });
  };
};
