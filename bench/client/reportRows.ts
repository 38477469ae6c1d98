/**
 * Large agencies (issue 12 "Beyond the original"): an Alarm Activity report of 50,000 rows in
 * Chromium, with the built client and the real bridge. The report call is answered in the browser
 * (page.route) with 50,000 rows shaped as the upstream sends them, so the figure is the client's
 * own: parse and validate, group, chart, first rows, sort, last page, page size 100, city filter,
 * a detail row, and the Excel export built from the rows already loaded. Long tasks (> 50 ms) are
 * counted over the whole run.
 *
 * Reports measured: Actuals (/actualEvents: 50,000 events in 5,000 systems, grouped, nested) and
 * Excessive Alarm Accounts (/activity: 50,000 flat rows, 12,500 accounts x 4 signal types).
 *
 * Run: npx tsx bench/client/reportRows.ts [--rows 50000]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { machine } from '../support/report';
import {
  ensureBuilt,
  launchChromium,
  signedInContext,
  simPost,
  startStack,
} from '../../tests/browser/liveAlarmsStack';
import { PAGE_TAPS } from './browserTaps';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const ROWS = arg('rows', 50_000);
const EXPORT_LIMIT_MS = arg('exportLimitMs', 120_000);
const CITIES = [
  'Irvine',
  'Torrance',
  'Anaheim',
  'Orange',
  'Fontana',
  'Compton',
  'Downey',
  'Tustin',
  'Rialto',
  'Pasadena',
];
const TYPES = [
  ['BA', 'BURGLARY ALARM'],
  ['MA', 'MEDICAL ALARM'],
  ['FA', 'FIRE ALARM'],
  ['VA', 'VIDEO ACTIVATION'],
] as const;

function site(i: number) {
  return {
    site_no: 500_000 + i,
    site_name: `Bench Site ${i}`,
    site_addr1: `${100 + (i % 900)} Main St`,
    site_addr2: i % 5 === 0 ? `Suite ${i % 400}` : null,
    city_name: CITIES[i % CITIES.length],
    state_id: 'CA',
    zip_code: String(90001 + (i % 800)),
  };
}

/** Actual events: ROWS alarms over ROWS / 10 systems. */
function actualRows(n: number) {
  const systems = Math.max(1, Math.round(n / 10));
  const rows = [];
  for (let k = 0; k < n; k++) {
    const s = k % systems;
    const [id, descr] = TYPES[k % 3];
    const day = 1 + (k % 28);
    rows.push({
      ...site(s),
      system_no: 700_000 + s,
      cs_no: `B${100_000 + s}`,
      event_count: Math.ceil(n / systems),
      event_descr: descr,
      event_id: id,
      event_date: `2026-10-${String(day).padStart(2, '0')}T${String(k % 24).padStart(2, '0')}:15:00-07:00`,
      alarminc_no: 9_000_000 + k,
      dispatched: 'Y',
    });
  }
  return rows;
}

/** Excessive activity: ROWS rows, one per account and signal type. */
function excessiveRows(n: number) {
  const rows = [];
  for (let k = 0; k < n; k++) {
    const a = Math.floor(k / TYPES.length);
    const [id, descr] = TYPES[k % TYPES.length];
    rows.push({
      ...site(a),
      system_no: 700_000 + a,
      cs_no: `B${100_000 + a}`,
      event_count: 11 + ((k * 7) % 40),
      event_id: id,
      eventrpt_id: id[0],
      event_descr: descr,
      event_desc: descr,
    });
  }
  return rows;
}

const envelope = (result: unknown) =>
  JSON.stringify({ isSessionValid: true, apiStatus: true, result, errors: [] });

/** Runs `action` in the page and answers the ms until `done` holds, on the next frame. */
async function timed(page: Page, action: string, done: string): Promise<number> {
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const t0 = performance.now();
    ${action};
    const check = () => {
      if (${done}) requestAnimationFrame(() => resolve(Math.round(performance.now() - t0)));
      else if (performance.now() - t0 > 120000) reject(new Error('timed out'));
      else setTimeout(check, 0);
    };
    check();
  })`)) as number;
}

const pagerText = (grid: string) => `(document.querySelector('${grid} .pager__info')?.textContent ?? '')`;

async function measure(
  page: Page,
  url: string,
  report: {
    path: string;
    api: string;
    grid: string;
    rows: unknown[];
    total: number;
    sortColumn: string;
    detail?: string;
  },
) {
  const body = envelope(report.rows);
  const pattern = new RegExp(`/api/${report.api}(\\?|$)`);
  await page.route(pattern, (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
  const grid = `[role=grid][aria-label="${report.grid}"]`;
  const t0 = Date.now();
  await page.goto(`${url}${report.path}`);
  await page.waitForFunction(
    ([sel, total]) =>
      (document.querySelector(`${sel} .pager__info`)?.textContent ?? '').includes(`of ${total} items`),
    [grid, report.total] as const,
    { timeout: 300_000, polling: 50 },
  );
  const firstRowsMs = Date.now() - t0;

  // The sorted rows and the header's mark come in the same render.
  const header = `${grid} [role=columnheader][data-column-id="${report.sortColumn}"]`;
  const sortMs = await timed(
    page,
    `document.querySelector('${header} button').click()`,
    `document.querySelector('${header}').getAttribute('aria-sort') !== 'none'`,
  );
  const lastPageMs = await timed(
    page,
    `document.querySelector('${grid} [aria-label="Last page"]').click()`,
    `!${pagerText(grid)}.startsWith('1 - ')`,
  );
  const pageSizeMs = await timed(
    page,
    `(() => { const s = document.querySelector('${grid} select[aria-label="Items per page"]'); s.value = '100'; s.dispatchEvent(new Event('change', { bubbles: true })); })()`,
    `${pagerText(grid)}.startsWith('1 - 100 ')`,
  );
  const cityMs = await timed(
    page,
    `document.querySelectorAll('nav[aria-label="Filter by City"] button')[1].click()`,
    `!${pagerText(grid)}.includes('of ${report.total} items')`,
  );
  const detailMs = report.detail
    ? await timed(
        page,
        `document.querySelector('${grid} [role=row][data-row-id] button[aria-label="Expand details"]').click()`,
        `!!document.querySelector('[role=grid][aria-label="${report.detail}"] [role=row][data-row-id]')`,
      )
    : null;
  // Back to every city, then export every row.
  await page.evaluate(`document.querySelectorAll('nav[aria-label="Filter by City"] button')[0].click()`);
  await page.waitForFunction(
    ([sel, total]) =>
      (document.querySelector(`${sel} .pager__info`)?.textContent ?? '').includes(`of ${total} items`),
    [grid, report.total] as const,
  );
  // NOTE: an export that takes longer than EXPORT_LIMIT_MS is reported as such, not awaited.
  const e0 = Date.now();
  let excelMs: number | null = null;
  let excelFile: string | null = null;
  try {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: EXPORT_LIMIT_MS }),
      page.getByRole('button', { name: 'Export Excel' }).first().click(),
    ]);
    await download.path();
    excelMs = Date.now() - e0;
    excelFile = download.suggestedFilename();
  } catch {
    excelMs = null;
  }
  const bench = (await page.evaluate(
    () => (window as unknown as { __bench: { longTasks: Array<{ duration: number }> } }).__bench,
  )) as { longTasks: Array<{ duration: number }> };
  const heap = await page.evaluate(
    () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null,
  );
  await page.unroute(pattern);
  return {
    report: report.path,
    rows: report.rows.length,
    gridRows: report.total,
    firstRowsMs,
    sortMs,
    lastPageMs,
    pageSize100Ms: pageSizeMs,
    cityFilterMs: cityMs,
    expandDetailMs: detailMs,
    excelExportMs: excelMs ?? `over ${EXPORT_LIMIT_MS}`,
    excelFile,
    longTasksOver50: bench.longTasks.length,
    longestTaskMs: Math.round(Math.max(0, ...bench.longTasks.map((t) => t.duration))),
    longTasksTotalMs: Math.round(bench.longTasks.reduce((n, t) => n + t.duration, 0)),
    heapMB: heap == null ? null : Math.round(heap / 1e6),
  };
}

async function main() {
  ensureBuilt();
  const running = await startStack({ POLL_MS: '500' });
  await simPost(running.simulatorUrl!, '/_sim/generator', { action: 'pause' });
  const browser = await launchChromium();
  const { context } = await signedInContext(browser, running.bridge.url, 'owner', 'owner123');
  await context.addInitScript(PAGE_TAPS);
  const page = await context.newPage();
  const actuals = actualRows(ROWS);
  const results = [];
  results.push(
    await measure(page, running.bridge.url, {
      path: '/actualEvents?range=last30',
      api: 'Dashboard/GetActualEventDetails',
      grid: 'Actuals',
      rows: actuals,
      total: new Set(actuals.map((r) => r.system_no)).size,
      sortColumn: 'site_name',
      detail: 'Events',
    }),
  );
  console.log(JSON.stringify(results.at(-1)));
  results.push(
    await measure(page, running.bridge.url, {
      path: '/activity?range=last30',
      api: 'Home/GetExcessiveActivity',
      grid: 'Excessive Alarm Accounts',
      rows: excessiveRows(ROWS),
      total: ROWS,
      sortColumn: 'site_name',
    }),
  );
  const out = { bench: 'reportRows', machine: machine(), results };
  console.log(JSON.stringify(results.at(-1)));
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `reportRows-${ROWS}.json`), JSON.stringify(out, null, 2));
  await browser.close();
  await running.close();
  console.log(JSON.stringify(out));
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
