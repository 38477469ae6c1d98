import { describe, expect, it } from 'vitest';
import { sharedScreens } from './support/sharedScreens';

/** The chunks of the signed-in shell and of the first screen after sign-in. */
const SHELL = /\/assets\/(RequireSession|ShellLayout|LiveAlarmViewRoute)-[^/]+\.js$/;

describe('the sign-in page', () => {
  it('downloads no chunk of the shell until the user types, then preloads it', async () => {
    const { url, browser } = await sharedScreens();
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    try {
      await page.goto(`${url}/`);
      await page.waitForSelector('#signin-username');
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((s) => SHELL.test(s))).toEqual([]);

      await page.fill('#signin-username', 'o');
      await expect
        .poll(() => scripts.filter((s) => /RequireSession-/.test(s)).length, { timeout: 15_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(() => scripts.filter((s) => /LiveAlarmViewRoute-/.test(s)).length, { timeout: 15_000 })
        .toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
