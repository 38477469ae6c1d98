import { describe, expect, it } from 'vitest';
import { sharedScreens } from './support/sharedScreens';

/** The chunk of the signed-in shell and the first screen after sign-in (vite.config.ts, `shell`). */
const SHELL = /\/assets\/shell-[^/]+\.js$/;
/** The app's own scripts (the build's chunks); the sign-in page's loader is /signin.js. */
const APP_SCRIPT = /\/assets\/[^/]+\.js$/;
/** The loader the served sign-in page carries (client/public/signin.js): small, and nothing else. */
const LOADER_BUDGET = 2 * 1024;

/**
 * The sign-in page is HTML first (issue 38): the form is in the page the bridge serves, it signs
 * in without any script, and the app's script comes only once the user acts. Counts, not
 * timings: no app script before the first key, and a form that works with JavaScript off.
 */
describe('the sign-in page', () => {
  it('is a form in the HTML that signs in with JavaScript off, a wrong password read in words', async () => {
    const { url, browser } = await sharedScreens();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${url}/`);
      await page.fill('#signin-username', 'dispatcher');
      await page.fill('#signin-password', 'not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').getByText('Invalid username or password.').waitFor();
      expect((await context.request.get(`${url}/api/session`)).status()).toBe(401);

      await page.fill('#signin-username', 'dispatcher');
      await page.fill('#signin-password', 'dispatch123');
      await page.getByRole('button', { name: 'Sign in' }).click();
      // Signed in: `/` is the app's page now (its boot screen, no form), and the session is real.
      await page.locator('.boot').waitFor();
      expect(await page.locator('#signin-form').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/');
      const session = await context.request.get(`${url}/api/session`);
      expect(session.status()).toBe(200);
      expect(((await session.json()) as { profile: { userName?: string } }).profile).toBeTruthy();
    } finally {
      await context.close();
    }
  });

  it('loads no script of the app until the user types, then the app takes over what was typed and signs in', async () => {
    const { url, browser } = await sharedScreens();
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    const loaderBytes: Promise<number>[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    page.on('requestfinished', (r) => {
      if (r.url().endsWith('/signin.js')) loaderBytes.push(r.sizes().then((s) => s.responseBodySize));
    });
    try {
      await page.goto(`${url}/`);
      await page.waitForSelector('#signin-form #signin-username');
      await page.waitForLoadState('networkidle');
      expect(scripts.filter((s) => APP_SCRIPT.test(s))).toEqual([]);
      expect(scripts.map((s) => new URL(s).pathname)).toEqual(['/signin.js']);
      expect((await Promise.all(loaderBytes))[0]).toBeLessThanOrEqual(LOADER_BUDGET);

      // Typing loads the app, which preloads the shell while the user goes on typing.
      await page.fill('#signin-username', 'owner');
      await expect
        .poll(() => scripts.filter((s) => SHELL.test(s)).length, { timeout: 15_000 })
        .toBeGreaterThan(0);
      await page.fill('#signin-password', 'owner123');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('QUICK DATA TABS').waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).not.toBe('/');
    } finally {
      await context.close();
    }
  });
});
