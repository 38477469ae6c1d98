import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinctColours } from './liveAlarmsStack';
import { serveDemoPage, type DemoPage } from './support/demoPage';
import { sharedScreens } from './support/sharedScreens';

/**
 * The shared report chart and grouped map in Chromium (they need canvas and WebGL), on a demo page
 * of the parts (tests/browser/support/reportPartsPage): kinds drawn, a click naming its point, a
 * tooltip, the empty text, the map with its pager, selector and placement note.
 */
let demo: DemoPage;
let page: Page;
let closeContext: () => Promise<void>;

beforeAll(async () => {
  demo = await serveDemoPage(join(import.meta.dirname, 'support/reportPartsPage'));
  const { browser } = await sharedScreens();
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  closeContext = () => context.close();
  page = await context.newPage();
  await page.goto(demo.url);
});

afterAll(async () => {
  await closeContext?.();
  await demo?.close();
});

/** The plot area of a chart, in page pixels. */
async function plotBox(testId: string) {
  await page.locator(`[data-testid=${testId}]`).scrollIntoViewIfNeeded();
  const box = await page.locator(`[data-testid=${testId}] .u-over`).boundingBox();
  if (!box) throw new Error(`${testId} has no plot area`);
  return box;
}

describe('the report chart and map in a browser', () => {
  it('draws line, area, bar and stacked bar charts, and says when there is nothing to draw', async () => {
    for (const id of ['line-chart', 'area-chart', 'bar-chart', 'stacked-chart']) {
      await page.waitForSelector(`[data-testid=${id}] canvas`);
      expect(await distinctColours(page, `[data-testid=${id}] canvas`), id).toBeGreaterThan(8);
    }
    expect(await page.locator('[data-testid=empty-chart]').textContent()).toBe('No records found for chart.');
  });

  it('names the clicked point: its x and the nearest series', async () => {
    const box = await plotBox('line-chart');
    // x runs 1..5 across the plot; y from 0 to the top (40 * 1.15, rounded up = 46).
    const at = (x: number, y: number) => ({
      x: box.x + ((x - 1) / 4) * box.width,
      y: box.y + box.height * (1 - y / 46),
    });
    const systemsAt3 = at(3, 30);
    await page.mouse.move(systemsAt3.x, systemsAt3.y);
    await page.mouse.click(systemsAt3.x, systemsAt3.y);
    await expect.poll(() => page.getByTestId('clicked').textContent()).toBe('3|3|Systems|30');
    const sitesAt1 = at(1, 40);
    await page.mouse.move(sitesAt1.x + 2, sitesAt1.y);
    await page.mouse.click(sitesAt1.x + 2, sitesAt1.y);
    await expect.poll(() => page.getByTestId('clicked').textContent()).toBe('1|1|Sites|40');
  });

  it('shows the tooltip of the month under the pointer', async () => {
    const box = await plotBox('area-chart');
    // Six months, one unit each: Apr 2026 is the fourth.
    await page.mouse.move(box.x + (3 / 5) * box.width, box.y + box.height / 2);
    await page.getByTestId('tooltip-month').waitFor();
    expect(await page.getByTestId('tooltip-month').textContent()).toBe('Accounts of Apr 2026');
  });

  it('groups sites on the WebGL map with its pager, selector and placement note', async () => {
    const map = page.getByRole('region', { name: 'Map View (Grouped By Site)' });
    const select = map.getByRole('combobox', { name: 'Select Event Id' });
    expect(await select.locator('option').allTextContents()).toEqual(['All', 'BURGLARY', 'FIRE']);
    const sites = map.getByRole('list', { name: 'Sites' }).getByRole('button');
    expect(await sites.count()).toBe(3);
    expect(await sites.first().textContent()).toContain('Harbor Storage');
    await map.getByText('Sites are placed at their recorded coordinates.').waitFor();
    await select.selectOption('FIRE');
    expect(await sites.count()).toBe(2);
    expect(await map.getByRole('navigation', { name: 'Pagination' }).textContent()).toContain('1 - 2 of 2');
    await page.waitForSelector('[data-testid=site-map] canvas', { timeout: 30_000 });
    await page.waitForTimeout(1500);
    expect(await distinctColours(page, '[data-testid=site-map] canvas')).toBeGreaterThan(8);
  });
});
