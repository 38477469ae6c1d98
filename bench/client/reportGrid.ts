/**
 * The report grid with 50,000 rows (issue 12 "Large agencies"), in Chromium: the shared report
 * grid (client/src/reporting/ReportGrid.tsx) on a bench page with generated rows, built by Vite.
 * Measures, from a click to the next painted frame: sorting a column (asc, desc, back), changing
 * the page size, paging, expanding a row; frame intervals while a page of 100 rows is scrolled;
 * long tasks (> 50 ms) throughout.
 *
 * Run: npx tsx bench/client/reportGrid.ts [--rows 50000] [--repeat 6]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../tests/browser/liveAlarmsStack';
import { serveDemoPage } from '../../tests/browser/support/demoPage';
import { machine, summary } from '../support/report';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const ROWS = arg('rows', 50_000);
const REPEAT = arg('repeat', 6);
const ROOT = join(import.meta.dirname, '../..');

/** Time from running `action` in the page to the next painted frame, in ms. */
async function toFrame(page: Page, action: string): Promise<number> {
  // NOTE: page code as text: tsx would wrap functions in a helper the page does not have.
  return (await page.evaluate(`new Promise((resolve) => {
    const t0 = performance.now();
    ${action};
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
  })`)) as number;
}

const click = (selector: string) => `document.querySelector(${JSON.stringify(selector)}).click()`;

async function main() {
  const demo = await serveDemoPage(join(ROOT, 'bench/client/reportGridPage'));
  const url = `${demo.url}?rows=${ROWS}`;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript(`
      window.__long = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); })
        .observe({ type: 'longtask', buffered: true });
    `);
    const t0 = Date.now();
    await page.goto(url);
    await page.waitForSelector('[data-row-id]');
    const firstRowsMs = Date.now() - t0;
    // Mark the two header buttons the bench clicks (a number column and a text column).
    await page.evaluate(`(() => {
      const mark = (label, name) => [...document.querySelectorAll('[role=columnheader]')]
        .find((e) => e.textContent.includes(label)).querySelector('button').setAttribute('data-bench', name);
      mark('Signal Count', 'sort');
      mark('Site Name', 'sort-text');
    })()`);
    const sortNumber: number[] = [];
    const sortText: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      sortNumber.push(await toFrame(page, click('[data-bench=sort]')));
      sortText.push(await toFrame(page, click('[data-bench=sort-text]')));
    }
    const pageSize: number[] = [];
    for (const size of ['100', '10', '50', '100']) {
      pageSize.push(
        await toFrame(
          page,
          `(() => { const s = document.querySelector('select[aria-label="Items per page"]');
             const set = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set;
             set.call(s, '${size}'); s.dispatchEvent(new Event('change', { bubbles: true })); })()`,
        ),
      );
    }
    const paging: number[] = [];
    for (let i = 0; i < REPEAT * 3; i++)
      paging.push(await toFrame(page, click('button[aria-label="Next page"]')));
    const expand: number[] = [];
    for (let i = 0; i < REPEAT; i++)
      expand.push(await toFrame(page, click('[data-row-id] button[aria-label="Expand details"]')));
    const frames = (await page.evaluate(`new Promise((resolve) => {
      const body = document.querySelector('.grid__body');
      const times = [];
      let last = performance.now();
      const start = last;
      const step = () => {
        const now = performance.now();
        times.push(now - last);
        last = now;
        body.scrollTop = body.scrollTop + 60 >= body.scrollHeight - body.clientHeight ? 0 : body.scrollTop + 60;
        if (now - start < 5000) requestAnimationFrame(step);
        else resolve(times.slice(1));
      };
      requestAnimationFrame(step);
    })`)) as number[];
    const longTasks = (await page.evaluate('window.__long')) as number[];
    const result = {
      machine: machine(),
      rows: ROWS,
      firstRowsMs,
      clickToFrameMs: {
        sortNumbers: summary(sortNumber),
        sortText: summary(sortText),
        pageSize: summary(pageSize),
        nextPage: summary(paging),
        expandRow: summary(expand),
      },
      scrollPageOf100FrameMs: summary(frames),
      longTasksOver50: longTasks.length,
      longestTaskMs: Math.round(Math.max(0, ...longTasks)),
    };
    console.log(JSON.stringify(result, null, 2));
    mkdirSync(join(ROOT, 'bench/client/results'), { recursive: true });
    writeFileSync(
      join(ROOT, `bench/client/results/reportGrid-${ROWS}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  } finally {
    await browser.close();
    await demo.close();
  }
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
