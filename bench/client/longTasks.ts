/**
 * What the Live Alarm View's long tasks are made of (issue 38): the page opened signed in, in
 * Chromium with its CPU throttled, a performance trace recorded, and each main-thread task over
 * 50 ms printed with what ran inside it (script evaluated, function called, layout). Lighthouse
 * says how long the tasks are; this says which code to change.
 *
 * Run (after `npm run build`): npx tsx bench/client/longTasks.ts [--cpu 4] [--runs 2]
 */
import { launchChromium, ensureBuilt } from '../../tests/browser/liveAlarmsStack';
import { machine } from '../support/report';
import { signInCookie, startDefaultWorld } from './defaultWorld';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CPU = arg('--cpu', 4);
const RUNS = arg('--runs', 2);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; functionName?: string; name?: string } };
}

const short = (url = '') => url.replace(/^.*\//, '').replace(/\?.*$/, '') || '(document)';

/** A child event's label: what a reader recognises in the code. */
function label(e: TraceEvent): string | null {
  const d = e.args?.data;
  switch (e.name) {
    case 'EvaluateScript':
      return `evaluate ${short(d?.url)}`;
    case 'v8.evaluateModule':
      return 'evaluate module graph';
    case 'v8.compile':
    case 'v8.compileModule':
      return `compile ${short(d?.url)}`;
    case 'FunctionCall':
      return `call ${d?.functionName || '(anonymous)'} ${short(d?.url)}`;
    case 'TimerFire':
      return 'timer';
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'RunMicrotasks':
      return 'microtasks';
    case 'UpdateLayoutTree':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'ParseHTML':
      return 'parse HTML';
    case 'MajorGC':
    case 'MinorGC':
      return 'GC';
    default:
      return null;
  }
}

async function main() {
  ensureBuilt();
  const atStart = machine();
  const running = await startDefaultWorld();
  const browser = await launchChromium();
  try {
    for (let run = 0; run < RUNS; run++) {
      const { cookie } = await signInCookie(running.bridge.url);
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      const [name, ...value] = cookie.split('=');
      await context.addCookies([{ name, value: value.join('='), url: running.bridge.url }]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'v8',
          'toplevel',
        ],
      });
      await page.goto(`${running.bridge.url}/dashboardDetails`);
      await page
        .locator('[role="row"][data-row-id], .card-list [data-row-id], [data-row-id]')
        .first()
        .waitFor();
      await page.waitForTimeout(4000);
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      await context.close();
      const events = trace.traceEvents;
      // The page's main thread: the renderer main thread with the most tasks.
      const mains = events.filter(
        (e) =>
          e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain',
      );
      const runTasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask');
      const countOn = (m: TraceEvent) => runTasks.filter((e) => e.pid === m.pid && e.tid === m.tid).length;
      const main = mains.sort((a, b) => countOn(b) - countOn(a))[0];
      const tasks = runTasks.filter(
        (e) => e.pid === main?.pid && e.tid === main?.tid && (e.dur ?? 0) > 50_000,
      );
      const t0 = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
      console.log(`run ${run + 1}: ${tasks.length} tasks over 50 ms (CPU ${CPU}x)`);
      for (const t of tasks) {
        const inside = events.filter(
          (e) =>
            e.tid === t.tid &&
            e.pid === t.pid &&
            e.ts >= t.ts &&
            e.ts < t.ts + t.dur! &&
            e !== t &&
            e.ph === 'X',
        );
        const sums = new Map<string, number>();
        for (const e of inside) {
          const l = label(e);
          if (l) sums.set(l, (sums.get(l) ?? 0) + (e.dur ?? 0));
        }
        const parts = [...sums]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([l, d]) => `${l} ${Math.round(d / 1000)}`)
          .join('; ');
        console.log(`  at ${Math.round((t.ts - t0) / 1000)} ms, ${Math.round(t.dur! / 1000)} ms: ${parts}`);
      }
    }
  } finally {
    await browser.close();
    await running.close();
  }
  console.log(JSON.stringify({ machine: { atStart, atEnd: machine() } }));
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
