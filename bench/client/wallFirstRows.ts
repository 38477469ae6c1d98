/**
 * A paired wall's cold load as a TV stick on a slow network sees it (issue 38): the built client,
 * the default world of `npm start` (6 agencies x 400 sites, feeds always on, at the lowest CPU
 * priority), Chromium with Lighthouse's mobile network (slow 4G: 150 ms round trip, 1.6 Mbit/s
 * down, 750 kbit/s up) and its CPU throttled 4x, a cold cache each run. Lighthouse's own
 * simulation does not model a request's priority; this load does, with Chromium's network stack.
 *
 * Per run, from the navigation's start (the page's own clock): when the wall's page chunk had
 * arrived (its resource timing), when the live connection opened (the page's WebSocket), when the
 * wall was drawn (`[data-testid=wall]`) and when its first active alarm row was (`.wall__alarm`).
 * Median and worst of `--runs` (default 5).
 *
 * Run (after `NODE_ENV=production npx vite build`): npm run bench:wallFirstRows -- [--runs 5]
 */
import type { Browser } from 'playwright-core';
import { machine, numFlag, percentile, section } from '../support/report';
import { ensureBuilt, launchChromium } from '../../tests/browser/liveAlarmsStack';
import { pairedWall } from '../../tests/support/walls';
import { signInCookie, startDefaultWorld } from './defaultWorld';

const RUNS = numFlag('runs', 5);
/** Lighthouse's mobile defaults (slow 4G), as Chromium's DevTools applies them. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_RATE = 4;

interface Marks {
  wallChunk: number | null;
  socketOpen: number | null;
  wallDrawn: number | null;
  firstRow: number | null;
}

/** Installed before the page's scripts: times the socket's open and the first wall and row. */
function watchLoad() {
  const w = window as unknown as { __marks: Record<string, number> };
  w.__marks = {};
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.addEventListener('open', () => (w.__marks.socketOpen ??= performance.now()), { once: true });
    }
  };
  new MutationObserver(() => {
    if (w.__marks.wallDrawn == null && document.querySelector('[data-testid=wall]'))
      w.__marks.wallDrawn = performance.now();
    if (w.__marks.firstRow == null && document.querySelector('.wall__alarm'))
      w.__marks.firstRow = performance.now();
  }).observe(document, { childList: true, subtree: true });
}

async function oneLoad(browser: Browser, url: string, wallCookie: string): Promise<Marks> {
  const [name, value] = wallCookie.split('=');
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addCookies([{ name, value, url }]);
  await context.addInitScript(watchLoad);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  await page.goto(`${url}/wall?view=alarms`, { waitUntil: 'commit' });
  await page.waitForSelector('.wall__alarm', { timeout: 60_000 });
  const marks = await page.evaluate(() => {
    const m = (window as unknown as { __marks: Record<string, number> }).__marks;
    const chunk = performance
      .getEntriesByType('resource')
      .find((e) => /\/assets\/WallDisplayPage[^/]*\.js$/.test(e.name)) as
      PerformanceResourceTiming | undefined;
    return {
      wallChunk: chunk ? chunk.responseEnd : null,
      socketOpen: m.socketOpen ?? null,
      wallDrawn: m.wallDrawn ?? null,
      firstRow: m.firstRow ?? null,
    };
  });
  await context.close();
  return marks;
}

async function main() {
  ensureBuilt();
  const atStart = machine();
  const world = await startDefaultWorld();
  const browser = await launchChromium();
  const runs: Marks[] = [];
  try {
    const url = world.bridge.url;
    const owner = await signInCookie(url);
    const wall = await pairedWall(url, owner.cookie, owner.agencyId);
    await oneLoad(browser, url, wall.cookie); // warm the bridge's first answers; not counted
    for (let i = 0; i < RUNS; i++) runs.push(await oneLoad(browser, url, wall.cookie));
  } finally {
    await browser.close();
    await world.close();
  }
  const figure = (key: keyof Marks) => {
    const values = runs.map((r) => r[key]).filter((v): v is number => v != null);
    return values.length
      ? `median ${Math.round(percentile(values, 50))} ms, worst ${Math.round(Math.max(...values))} ms (${values.map(Math.round).join(', ')})`
      : 'not seen';
  };
  section('A paired wall, cold, slow 4G and CPU 4x', {
    runs: RUNS,
    'wall page chunk arrived': figure('wallChunk'),
    'live connection open': figure('socketOpen'),
    'wall drawn': figure('wallDrawn'),
    'first alarm row': figure('firstRow'),
    machine: JSON.stringify({ atStart, atEnd: machine() }),
  });
}

await main();
