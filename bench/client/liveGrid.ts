/**
 * The Live Alarm View under load, in Chromium (issue 5 "Performance"): a 100,000-row event window
 * with about 200 upserts per second. Measures, with the real bridge and simulator and the built
 * client:
 * - the time from a delta's arrival on the socket to its newest row in the DOM and on the next
 *   frame (p50, p99), with the grid at the top;
 * - long tasks (> 50 ms) and frame intervals while the continuous-scroll grid is scrolled.
 *
 * Run: npx tsx bench/client/liveGrid.ts [--rows 100000] [--rate 200] [--seconds 20]
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startBridge } from '../../server/app/bridge';
import { loadConfig } from '../../server/config/bridgeConfig';
import { startSimulator } from '../../simulator/createSimulator';
import { machine, summary } from '../support/report';
import type { Page } from 'playwright-core';
import { ensureBuilt, launchChromium, signedInContext } from '../../tests/browser/liveAlarmsStack';
import { PAGE_TAPS } from './browserTaps';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const ROWS = arg('rows', 100_000);
const RATE = arg('rate', 200);
const SECONDS = arg('seconds', 20);

interface Bench {
  deltas: number;
  upserts: number;
  latencies: Array<{ dom: number; frame: number }>;
  longTasks: Array<{ start: number; duration: number }>;
  frames: number[];
  recordFrames: boolean;
}

/** Scrolls the grid body by 100 px a frame for `ms`, wrapping at the end. */
async function scrollFor(
  page: Page,
  grid: string,
  ms: number,
): Promise<{ distance: number; rowsRendered: number }> {
  // NOTE: page code as text: tsx would wrap named functions in a helper the page does not have.
  return (await page.evaluate(`new Promise((resolve) => {
    const body = document.querySelector('${grid} .grid__body');
    const start = performance.now();
    let distance = 0;
    let maxRows = 0;
    const step = () => {
      body.scrollTop = body.scrollTop + 100 >= body.scrollHeight - body.clientHeight ? 0 : body.scrollTop + 100;
      distance += 100;
      maxRows = Math.max(maxRows, body.querySelectorAll('[data-row-id]').length);
      if (performance.now() - start < ${ms}) requestAnimationFrame(step);
      else resolve({ distance, rowsRendered: maxRows });
    };
    requestAnimationFrame(step);
  })`)) as { distance: number; rowsRendered: number };
}

async function main() {
  ensureBuilt();
  const t0 = Date.now();
  // One day of history at ROWS a day: the whole live window of the first agency holds ~ROWS rows.
  const sim = await startSimulator({
    port: 0,
    host: '127.0.0.1',
    seed: 11,
    agencies: 3,
    sitesPerAgency: 3000,
    historyDays: 1,
    historyPerAgencyPerDay: ROWS,
    signalRatePerMin: 0,
  });
  const bridge = await startBridge(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      UPSTREAM_URL: sim.url,
      LOG_LEVEL: 'silent',
      POLL_MS: '500',
      UPSTREAM_BUDGET_RPS: '400',
      FEED_RECONCILE_MS: '600000',
    }),
  );
  console.log(`stack up in ${Date.now() - t0} ms`);
  const browser = await launchChromium();
  const { context } = await signedInContext(browser, bridge.url, 'owner', 'owner123', {
    viewport: { width: 1600, height: 1000 },
  });
  await context.addInitScript(PAGE_TAPS);
  await context.addInitScript(() => window.localStorage.setItem('liveAlarms.gridMode', 'scroll'));
  const page = await context.newPage();
  const t1 = Date.now();
  await page.goto(`${bridge.url}/dashboardDetails`);
  const grid = '[role=grid][aria-label="All Event History"]';
  await page.waitForFunction(
    (sel) => Number(document.querySelector(sel)?.getAttribute('aria-rowcount') ?? 0) > 1,
    grid,
    // Checked on every frame: a coarser poll would add up to its interval to the figure.
    { timeout: 300_000, polling: 'raf' },
  );
  const firstRowsMs = Date.now() - t1;
  // The same moment on the page's clock, from its navigation start: without the browser's own
  // set-up of the tab before it starts loading (a renderer process for the site).
  const firstRowsFromNavigationMs = Math.round(
    await page.evaluate(() => (window as unknown as { __bench: { firstRowAt: number } }).__bench.firstRowAt),
  );
  const windowRows = Number(await page.getAttribute(grid, 'aria-rowcount')) - 1;
  console.log(
    `first rows after ${firstRowsMs} ms from page.goto, ${firstRowsFromNavigationMs} ms from navigation start; window ${windowRows} rows`,
  );

  // Baseline: the same scrolling with no deltas, to see what the machine itself costs.
  await page.evaluate(() => {
    const b = (window as unknown as { __bench: Bench }).__bench;
    b.longTasks.length = 0;
    b.frames.length = 0;
    b.recordFrames = true;
  });
  await scrollFor(page, grid, (SECONDS * 1000) / 2);
  const idle = await page.evaluate(() => structuredClone((window as unknown as { __bench: Bench }).__bench));
  await page.evaluate(() => {
    (window as unknown as { __bench: Bench }).__bench.recordFrames = false;
  });
  await page.evaluate(() =>
    document.querySelector('[role=grid][aria-label="All Event History"] .grid__body')!.scrollTo({ top: 0 }),
  );

  // The field sends RATE signals a second to this agency (the others stay quiet).
  await fetch(`${sim.url}/_sim/generator`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'rate', ratePerMin: RATE * 60 }),
  });
  await fetch(`${sim.url}/_sim/generator`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'resume' }),
  });
  await page.waitForTimeout(3000);
  await page.evaluate(() => {
    const b = (window as unknown as { __bench: Bench }).__bench;
    b.latencies.length = 0;
    b.longTasks.length = 0;
    b.deltas = 0;
    b.upserts = 0;
  });

  // Main-thread time by kind (CDP Performance metrics), to tell our work from a busy machine.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () =>
    Object.fromEntries(
      (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
    ) as Record<string, number>;
  const busy = (a: Record<string, number>, b: Record<string, number>, secs: number) => ({
    taskMsPerSec: Number((((b.TaskDuration - a.TaskDuration) * 1000) / secs).toFixed(1)),
    scriptMsPerSec: Number((((b.ScriptDuration - a.ScriptDuration) * 1000) / secs).toFixed(1)),
    layoutAndStyleMsPerSec: Number(
      (
        ((b.LayoutDuration - a.LayoutDuration + b.RecalcStyleDuration - a.RecalcStyleDuration) * 1000) /
        secs
      ).toFixed(1),
    ),
  });

  // Phase 1: at the top of the grid, newest first: when does each delta's newest row show?
  const m0 = await metrics();
  const p1 = Date.now();
  await page.waitForTimeout(SECONDS * 1000);
  const atTop = await page.evaluate(() => structuredClone((window as unknown as { __bench: Bench }).__bench));
  const phase1Sec = (Date.now() - p1) / 1000;
  const m1 = await metrics();

  // Phase 2: scroll through the 100,000 rows while deltas keep arriving.
  await page.evaluate(() => {
    const b = (window as unknown as { __bench: Bench }).__bench;
    b.longTasks.length = 0;
    b.frames.length = 0;
    b.recordFrames = true;
  });
  const scrolled = await scrollFor(page, grid, SECONDS * 1000);
  const m2 = await metrics();
  const whileScrolling = await page.evaluate(() =>
    structuredClone((window as unknown as { __bench: Bench }).__bench),
  );
  const heap = await page.evaluate(
    () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null,
  );

  const result = {
    machine: machine(),
    windowRows,
    firstRowsMs,
    firstRowsFromNavigationMs,
    targetUpsertsPerSec: RATE,
    scrollingWithoutDeltas: {
      seconds: SECONDS / 2,
      longTasksOver50: idle.longTasks.length,
      longestTaskMs: Math.round(Math.max(0, ...idle.longTasks.map((t) => t.duration))),
      frameMs: summary(idle.frames),
    },
    atTop: {
      seconds: phase1Sec,
      deltas: atTop.deltas,
      upsertsPerSec: Number((atTop.upserts / phase1Sec).toFixed(1)),
      deltaToDomMs: summary(atTop.latencies.map((l) => l.dom)),
      deltaToFrameMs: summary(atTop.latencies.map((l) => l.frame)),
      longTasksOver50: atTop.longTasks.length,
      longestTaskMs: Math.round(Math.max(0, ...atTop.longTasks.map((t) => t.duration))),
      mainThread: busy(m0, m1, phase1Sec),
    },
    scrolling: {
      seconds: SECONDS,
      pixels: scrolled.distance,
      maxRowElements: scrolled.rowsRendered,
      longTasksOver50: whileScrolling.longTasks.length,
      longestTaskMs: Math.round(Math.max(0, ...whileScrolling.longTasks.map((t) => t.duration))),
      frameMs: summary(whileScrolling.frames),
      framesOver50ms: whileScrolling.frames.filter((f) => f > 50).length,
      mainThread: busy(m1, m2, SECONDS),
    },
    jsHeapMB: heap == null ? null : Number((heap / 2 ** 20).toFixed(1)),
  };
  console.log(JSON.stringify(result, null, 2));
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `liveGrid-${ROWS}.json`), JSON.stringify(result, null, 2));
  await browser.close();
  await bridge.close();
  sim.close();
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
