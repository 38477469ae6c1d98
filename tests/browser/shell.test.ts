import { ensureBuilt } from './liveAlarmsStack';
import { existsSync } from 'node:fs';

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startAll, type Running } from '../../server/app/startAll';
import { loadConfig } from '../../server/config/bridgeConfig';
import { createLogger } from '../../server/observability/logger';

/**
 * The shell in Chromium against the built client, the real bridge and the simulator (issue 4):
 * sign-in and sign-out, the guard with the remembered url, /unauthorized, the menu per user,
 * advanced search, global search with a hand-off, theme, company switch, session expiry.
 */
const CHROMIUM = '/usr/bin/chromium';
// FACTS.md's quiet offline flags; playwright gives every launch a fresh user-data-dir itself.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

describe.skipIf(!existsSync(CHROMIUM))('the shell in Chromium', () => {
  let running: Running;
  let browser: Browser;
  let base: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ensureBuilt();
    const env = { ...process.env, PORT: '0', SIM_PORT: '0', LOG_LEVEL: 'silent' };
    running = await startAll(loadConfig(env), createLogger('silent'), env);
    base = running.bridge.url;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  });

  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
  });

  afterEach(async () => {
    await context.close();
  });

  async function signIn(username: string, password: string) {
    await page.locator('#signin-username').fill(username);
    await page.locator('#signin-password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('QUICK DATA TABS').waitFor();
  }

  const menu = () => page.getByRole('navigation', { name: 'Quick Data Tabs' });
  const pathname = () => new URL(page.url()).pathname;

  it('sends a guarded url to sign in, comes back to it, shows the shell, opens a route and signs out', async () => {
    await page.goto(`${base}/growth`);
    await page.locator('#signin-username').waitFor();
    expect(pathname()).toBe('/');
    expect(await page.getByText('QUICK DATA TABS').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);

    await signIn('owner', 'owner123');
    await page.getByRole('heading', { level: 1, name: 'Growth & Attrition' }).waitFor();
    expect(pathname()).toBe('/growth');
    expect(await menu().getByRole('link', { name: 'Security Settings' }).count()).toBe(1);
    expect(await menu().getByPlaceholder('Search quick data tabs').count()).toBe(1);
    await page.getByRole('button', { name: /Logout/ }).waitFor();
    await page.getByText('Copyright © 2021 The Monitoring Group. All rights reserved.').waitFor();

    await menu().getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(pathname()).toBe('/settings');

    // A spinner shows only once a wait lasts: none flashes on a short one.
    const spinner = await page.evaluate(async () => {
      const el = document.createElement('span');
      el.className = 'spinner';
      document.body.append(el);
      const at = performance.now();
      const first = getComputedStyle(el).visibility;
      while (getComputedStyle(el).visibility !== 'visible' && performance.now() - at < 5000) {
        await new Promise((r) => setTimeout(r, 50));
      }
      el.remove();
      return { first, shownAfterMs: performance.now() - at };
    });
    expect(spinner.first).toBe('hidden');
    expect(spinner.shownAfterMs).toBeGreaterThanOrEqual(550);
    expect(spinner.shownAfterMs).toBeLessThan(5000);

    await page.getByRole('button', { name: /Logout/ }).click();
    await page.locator('#signin-username').waitFor();
    expect(pathname()).toBe('/');
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    await page.goto(`${base}/settings`);
    await page.locator('#signin-username').waitFor();
    expect(pathname()).toBe('/');
  });

  it('gives a sub-account its own menu and /unauthorized outside it', async () => {
    await page.goto(base);
    await signIn('dispatcher', 'dispatch123');
    await page.getByRole('heading', { level: 1, name: 'Live Alarm View' }).waitFor();
    expect(pathname()).toBe('/dashboardDetails');
    for (const hidden of ['Data Management', 'Dealer Resources', 'Security Settings']) {
      expect(await menu().getByText(hidden, { exact: true }).count()).toBe(0);
    }
    expect(await menu().getByRole('button', { name: 'Alarm Activity' }).count()).toBe(1);
    await page.goto(`${base}/zoneSummary`);
    await page.getByText('Unauthorized - You do not have permission to access this page.').waitFor();
    expect(pathname()).toBe('/unauthorized');
  });

  it('filters the menu and switches QDT Type between the grouped tree and the flat list', async () => {
    await page.goto(base);
    await signIn('owner', 'owner123');
    await menu().getByPlaceholder('Search quick data tabs').fill('dispatch');
    expect(await menu().getByRole('link').allTextContents()).toEqual([
      'Agency Dispatch',
      'Agency Refuse to Dispatch',
      'Dispatch Cancellation from AASMS & Text App',
    ]);
    await menu().getByPlaceholder('Search quick data tabs').fill('');
    await menu().getByRole('button', { name: 'Current' }).click();
    expect(await menu().getByRole('button', { name: 'Alarm Activity' }).count()).toBe(0);
    expect(await menu().getByRole('link', { name: 'Actuals' }).count()).toBe(1);
  });

  it('searches three ways with the validation messages of the spec', async () => {
    await page.goto(base);
    await signIn('owner', 'owner123');
    await page.getByRole('button', { name: 'Advanced Search' }).click();
    const drawer = page.getByRole('dialog', { name: 'Advanced Search' });

    await drawer.getByRole('button', { name: 'Search', exact: true }).click();
    await drawer.getByText('Please fill out any of the field to search.').waitFor();
    await drawer.getByLabel('Phone').fill('5551234567');
    expect(await drawer.getByLabel('Phone').inputValue()).toBe('(555) 123-4567');
    await drawer.getByLabel('Phone').fill('');
    await drawer.getByLabel('Name', { exact: true }).fill('a');
    await drawer.getByRole('button', { name: 'Search', exact: true }).click();
    await drawer.getByRole('heading', { name: 'Result(s)' }).waitFor();
    await drawer.getByRole('grid', { name: 'Search results' }).getByRole('gridcell').first().waitFor();
    await drawer.getByRole('button', { name: 'Back to the search form' }).click();

    await drawer.getByLabel('Search By').selectOption('1003');
    await drawer.getByLabel('Email Address').fill('not-an-email');
    await drawer.getByRole('button', { name: 'Search', exact: true }).click();
    await drawer.getByText('Please enter valid email address.').waitFor();

    await drawer.getByLabel('Search By').selectOption('1002');
    expect(await drawer.getByLabel('Start Date').inputValue()).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    await drawer.getByRole('button', { name: 'Search', exact: true }).click();
    const statuses = drawer.getByRole('grid', { name: 'Event statuses' });
    await statuses.waitFor();
    const firstStatus = statuses.getByRole('gridcell').getByRole('button').first();
    await firstStatus.waitFor();
    const label = (await firstStatus.textContent()) ?? '';
    await firstStatus.click();
    await drawer.getByRole('grid', { name: `Sites with ${label}` }).waitFor();
    await drawer.getByRole('button', { name: 'Back to the status list' }).click();
    await statuses.waitFor();
    await drawer.getByRole('button', { name: 'Back to the search form' }).click();
    await drawer.getByLabel('Search By').waitFor();
  });

  it('suggests accounts in global search and hands a pick off to the tool in a new tab', async () => {
    await page.goto(base);
    await signIn('owner', 'owner123');
    await page.getByRole('button', { name: 'Search accounts' }).click();
    const input = page.getByPlaceholder('Enter CS# to search');
    await input.fill('zz-no-such-account');
    await page.getByText('No results..').waitFor();
    await page.keyboard.press('Escape');
    expect(await input.count()).toBe(0);

    await page.getByRole('button', { name: 'Search accounts' }).click();
    await page.getByLabel('Search by').selectOption('siteName');
    await page.getByPlaceholder('Enter Site Name to search').fill('RESIDENCE');
    const option = page.getByRole('listbox', { name: 'Accounts' }).getByRole('option').first();
    await option.waitFor();
    const popup = context.waitForEvent('page');
    await option.click();
    const tab = await popup;
    await tab.waitForLoadState();
    expect(tab.url()).not.toBe('about:blank');
    expect(await tab.evaluate(() => window.opener)).toBeNull();
  });

  it('saves the theme and restores it after a reload', async () => {
    await page.goto(base);
    await signIn('owner', 'owner123');
    const dark = () => page.evaluate(() => document.documentElement.classList.contains('greyDark'));
    const before = await dark();
    await page
      .getByRole('button', { name: before ? 'Switch to light theme' : 'Switch to dark theme' })
      .click();
    await page.waitForFunction(
      (was) =>
        document.documentElement.classList.contains('greyDark') !== was &&
        localStorage.getItem('IsDarkTheme') !== null,
      before,
    );
    await page.reload();
    await page.getByText('QUICK DATA TABS').waitFor();
    expect(await dark()).toBe(!before);
  });

  it('switches the service company and reloads the data shown', async () => {
    await page.goto(base);
    await signIn('multi', 'multi123');
    const selector = page.getByLabel('Service company');
    await selector.waitFor();
    const options = await selector
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options.length).toBeGreaterThan(1);
    const current = await selector.inputValue();
    const next = options.find((o) => o !== current)!;
    // The account list loads when first shown; once it has been, a switch loads the new company's.
    const loaded = page.waitForResponse((r) => r.url().includes('/api/GetAllAccountsBySeqNo'));
    await page.getByRole('button', { name: 'Search accounts' }).click();
    await loaded;
    await page.getByRole('button', { name: 'Close search' }).click();
    const reloaded = page.waitForResponse((r) => r.url().includes('/api/GetAllAccountsBySeqNo'));
    await selector.selectOption(next);
    expect(await selector.isDisabled()).toBe(true);
    await reloaded;
    await page.waitForFunction(
      () => !(document.querySelector('.company-select select') as HTMLSelectElement).disabled,
      undefined,
      { timeout: 10_000 },
    );
    expect(await selector.inputValue()).toBe(next);
    await page.goto(`${base}/settings`);
    expect(await page.getByLabel('Service company').count()).toBe(0);
  });

  it('shows the expiry message once, clears storage and returns to sign in', async () => {
    await page.goto(base);
    await signIn('owner', 'owner123');
    await page.evaluate(() => localStorage.setItem('LiveChart', 'true'));
    const res = await fetch(`${running.simulatorUrl}/_sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/GetRecentlyAccessedSites', expiredSession: true, count: 3 }),
    });
    expect(res.ok).toBe(true);
    await page.getByRole('button', { name: 'Recently Accessed' }).click();
    await page.getByText('Your session has expired. Please login again.').waitFor();
    await page.locator('#signin-username').waitFor({ timeout: 10_000 });
    expect(pathname()).toBe('/');
    expect(await page.getByText('Your session has expired. Please login again.').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('LiveChart'))).toBeNull();
  });
});
