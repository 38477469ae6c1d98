/**
 * A wall display on a TV stick (issue 38): the built wall (/wall, paired, pinned to one view) in
 * Chromium with the CPU throttled 6x (CDP `Emulation.setCPUThrottlingRate`), an agency with at
 * least 200 active alarms, one signal a second (each an alarm on an account already in alarm:
 * one delta of the event history and one of the active alarms, the count stays put).
 *
 * - Main thread per delta: Chromium's own count of the page's main-thread task time
 *   (`Performance.getMetrics`, TaskDuration) read once a second, one signal per second between
 *   reads, over the first minute; p50/p99/max. Each second also holds the wall's clock tick and
 *   its re-render: the figure is the whole cost of a second with one delta in it.
 * - Heap: the JS heap after a forced GC every 30 s for `--minutes` (10 by default), and its
 *   slope (least squares) in KB per minute; flat means no growth with the deltas.
 * - Main-thread CPU per second: the same minute traced (Chromium's trace, the renderer's main
 *   thread), each top-level task's thread time summed per second. Thread time does not count the
 *   time the thread waited for a core, so a busy host inflates it less than TaskDuration; the
 *   throttle's share is in it (unthrottled the same wall measured about 1/7 of it). Printed
 *   beside it: where that time went (scripts, style, layout, paint, GC), summed over the minute.
 * Baseline in the same run: the same wall for the first 15 s with no signal (clock ticks only).
 *
 * Run (after `NODE_ENV=production npx vite build`): npm run bench:wallTvStick -- [--minutes 10]
 *   [--view counts|alarms|map] [--alarms 200] [--throttle 6]
 * Targets: p99 <= 16 ms of main thread per delta; heap slope flat (within +-100 KB/min).
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { machine, numFlag, percentile, section, summary, verdict } from '../support/report';
import { ensureBuilt, launchChromium, simPost, startStack } from '../../tests/browser/liveAlarmsStack';
import { pairedWall } from '../../tests/support/walls';
import { signInCookie } from './defaultWorld';

const MINUTES = numFlag('minutes', 10);
const ALARMS = numFlag('alarms', 200);
const THROTTLE = numFlag('throttle', 6);
const v = process.argv.indexOf('--view');
const VIEW = v > 0 ? process.argv[v + 1] : 'counts';
const TARGET = { p99Ms: 16, slopeKBPerMin: 100 };

interface SignalAnswer {
  event: { id: number };
  alarm?: { id: number; cs_No: string };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** Raises alarms on accounts of the agency until it has `want` active; answers accounts in alarm. */
async function raiseAlarms(sim: string, agencyId: string, want: number): Promise<string[]> {
  const truth = (feed: string) =>
    json<{ rows: Array<Record<string, unknown>> }>(`${sim}/_sim/truth?agencyId=${agencyId}&feed=${feed}`);
  const inAlarm = new Set((await truth('alarms')).rows.map((r) => String(r.cs_No)));
  const accounts = [...new Set((await truth('events')).rows.map((r) => String(r.cS_)))];
  for (const csNo of accounts) {
    if (inAlarm.size >= want) break;
    if (inAlarm.has(csNo)) continue;
    const answer = await simPost<SignalAnswer>(sim, '/_sim/signals', { csNo, eventId: 'B' });
    if (answer.alarm) inAlarm.add(csNo);
  }
  if (inAlarm.size < want) throw new Error(`only ${inAlarm.size} accounts could be put in alarm`);
  return [...inAlarm];
}

async function metric(cdp: CDPSession, name: string): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = metrics.find((x) => x.name === name);
  if (!m) throw new Error(`no metric ${name}`);
  return m.value;
}

/** Main-thread milliseconds of the page in each of `seconds` one-second windows; `each` runs at the start of each. */
async function perSecond(cdp: CDPSession, seconds: number, each: (i: number) => Promise<void>) {
  const out: number[] = [];
  let before = await metric(cdp, 'TaskDuration');
  let next = Date.now() + 1000;
  for (let i = 0; i < seconds; i++) {
    await each(i);
    await sleep(Math.max(0, next - Date.now()));
    next += 1000;
    const now = await metric(cdp, 'TaskDuration');
    out.push((now - before) * 1000);
    before = now;
  }
  return out;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Kinds of main-thread work, by trace event name (nested ones: a timer's script is under TimerFire). */
const WORK = [
  'FunctionCall',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'MinorGC',
  'MajorGC',
  'V8.GC_SCAVENGER',
  'ParseHTML',
];

/**
 * Traces `run` and answers the renderer main thread's CPU time (thread time) per second of it,
 * and the thread time of each kind of work over the whole trace.
 */
async function tracedCpu(browser: Browser, page: Page, run: () => Promise<void>) {
  await browser.startTracing(page, {
    categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'],
  });
  const started = Date.now();
  await run();
  const seconds = Math.round((Date.now() - started) / 1000);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const events = trace.traceEvents;
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const onThread = (t: { pid: number; tid: number }) => (e: TraceEvent) => e.pid === t.pid && e.tid === t.tid;
  const tasksOf = (t: { pid: number; tid: number }) =>
    events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && onThread(t)(e));
  // The page's renderer: the main thread with the most tasks.
  const main = mains.sort((a, b) => tasksOf(b).length - tasksOf(a).length)[0];
  if (!main) return { perSecondMs: [], byWorkMs: {} };
  const tasks = tasksOf(main);
  const t0 = Math.min(...tasks.map((e) => e.ts));
  const perSecond = new Array<number>(Math.max(1, seconds)).fill(0);
  for (const e of tasks) {
    const i = Math.floor((e.ts - t0) / 1e6);
    if (i < perSecond.length) perSecond[i] += (e.tdur ?? e.dur ?? 0) / 1000;
  }
  const byWorkMs: Record<string, number> = {};
  for (const e of events)
    if (e.ph === 'X' && WORK.includes(e.name) && onThread(main)(e))
      byWorkMs[e.name] = (byWorkMs[e.name] ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000;
  for (const k of Object.keys(byWorkMs)) byWorkMs[k] = Math.round(byWorkMs[k]);
  byWorkMs.allTasks = Math.round(perSecond.reduce((a, b) => a + b, 0));
  return { perSecondMs: perSecond.map((v) => Number(v.toFixed(2))), byWorkMs };
}

async function heapKB(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await metric(cdp, 'JSHeapUsedSize')) / 1024;
}

/** Least-squares slope of (minute, KB) points. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  const num = points.reduce((s, p) => s + (p[0] - mx) * (p[1] - my), 0);
  const den = points.reduce((s, p) => s + (p[0] - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

async function main() {
  ensureBuilt();
  const atStart = machine();
  // One poll a second, so one signal a second is one delta a second.
  const running = await startStack({ POLL_MS: '1000' });
  const browser = await launchChromium();
  try {
    const url = running.bridge.url;
    const sim = running.simulatorUrl!;
    await simPost(sim, '/_sim/generator', { action: 'pause' });
    const owner = await signInCookie(url);
    const accounts = await raiseAlarms(sim, owner.agencyId, ALARMS);
    const wall = await pairedWall(url, owner.cookie, owner.agencyId, [VIEW]);
    // A TV at 1080p.
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const [name, ...value] = wall.cookie.split('=');
    await context.addCookies([{ name, value: value.join('='), url }]);
    const page = await context.newPage();
    await page.goto(`${url}/wall?view=${VIEW}`);
    await page.waitForSelector('[data-testid=wall] [data-freshness=live]', { timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await sleep(5000);

    const idle = await perSecond(cdp, 15, async () => {});
    let sent = 0;
    const signal = async () => {
      const csNo = accounts[sent++ % accounts.length];
      await simPost<SignalAnswer>(sim, '/_sim/signals', { csNo, eventId: 'B' });
    };
    let firstMinute: number[] = [];
    const cpu = await tracedCpu(browser, page, async () => {
      firstMinute = await perSecond(cdp, 60, signal);
    });
    const cpuPerSecond = summary(cpu.perSecondMs, 2);
    const heap: Array<[number, number]> = [[1, await heapKB(cdp)]];
    const started = Date.now();
    for (let minute = 1; minute < MINUTES; minute += 0.5) {
      await perSecond(cdp, 30, signal);
      heap.push([1 + (Date.now() - started) / 60_000, await heapKB(cdp)]);
    }
    const perDelta = summary(firstMinute);
    const heapSlope = heap.length > 2 ? slope(heap) : NaN;
    const out = {
      bench: 'wallTvStick',
      view: VIEW,
      throttle: THROTTLE,
      activeAlarms: accounts.length,
      signals: sent,
      machine: { atStart, atEnd: machine() },
      idlePerSecondMs: summary(idle),
      perDeltaMs: perDelta,
      cpuPerSecondMs: cpuPerSecond,
      cpuByWorkMs: cpu.byWorkMs,
      heapKB: heap.map(([m, kb]) => [Number(m.toFixed(2)), Math.round(kb)]),
      heapSlopeKBPerMin: Number(heapSlope.toFixed(1)),
      verdicts: {
        perDelta: `${verdict(perDelta.p99 <= TARGET.p99Ms)} (p99 ${perDelta.p99} ms <= ${TARGET.p99Ms})`,
        heap:
          heap.length > 2
            ? `${verdict(Math.abs(heapSlope) <= TARGET.slopeKBPerMin)} (${heapSlope.toFixed(1)} KB/min)`
            : 'not measured (run --minutes 2 or more)',
      },
    };
    section('wall on a TV stick', {
      view: VIEW,
      'active alarms': accounts.length,
      'idle second (clock only), p50/p99 ms': `${percentile(idle, 50).toFixed(1)} / ${percentile(idle, 99).toFixed(1)}`,
      'second with one delta, p50/p99/max ms': `${perDelta.p50} / ${perDelta.p99} / ${perDelta.max}`,
      'its CPU (thread time), p50/p99 ms': `${cpuPerSecond.p50} / ${cpuPerSecond.p99}`,
      'CPU of the minute by work, ms': JSON.stringify(cpu.byWorkMs),
      'heap slope KB/min': out.heapSlopeKBPerMin,
    });
    console.log(JSON.stringify(out));
  } finally {
    await browser.close();
    await running.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
