import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedScreens } from './support/sharedScreens';

/** Issue 14's budget: JavaScript on the wire before the sign-in form, compressed. */
const SIGN_IN_SCRIPT_BUDGET = 120 * 1024;

/** The chunk of the signed-in shell and the first screen after sign-in (vite.config.ts, `shell`). */
const SHELL = /\/assets\/shell-[^/]+\.js$/;

describe('the sign-in page', () => {
  it('downloads at most 120 KB of script and no chunk of the shell until the user types, then preloads it', async () => {
    const { url, browser } = await sharedScreens();
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    const encodedBytes: Promise<number>[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    const measure = (r: Request) => {
      if (r.resourceType() === 'script') encodedBytes.push(r.sizes().then((s) => s.responseBodySize));
    };
    page.on('requestfinished', measure);
    try {
      await page.goto(`${url}/`);
      await page.waitForSelector('#signin-username');
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((s) => SHELL.test(s))).toEqual([]);
      // Brotli-encoded bodies as the browser received them (the build precompresses every script).
      page.off('requestfinished', measure);
      const before = (await Promise.all(encodedBytes)).reduce((a, b) => a + b, 0);
      expect(before).toBeGreaterThan(50 * 1024);
      expect(before, `${scripts.length} scripts`).toBeLessThanOrEqual(SIGN_IN_SCRIPT_BUDGET);

      await page.fill('#signin-username', 'o');
      await expect
        .poll(() => scripts.filter((s) => SHELL.test(s)).length, { timeout: 15_000 })
        .toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
