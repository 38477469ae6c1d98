/**
 * What the Live Alarm View's long tasks are made of (issue 38): the page opened signed in, in
 * Chromium with its CPU throttled, a performance trace recorded, and each main-thread task over
 * 50 ms printed with what ran inside it (script evaluated, function called, layout). Lighthouse
 * says how long the tasks are; this says which code to change. A layout that waits for the
 * browser's font service (a family's match, each size's render style: Chromium on Linux asks for
 * them synchronously) shows as "waiting for a font", and each run sums those waits.
 *
 * Each task is given in wall time and in thread time (the time the thread ran; a busy 2-core host
 * stretches wall time, not thread time), and each run ends with a blocking-time estimate from
 * thread time: the part of each task's thread time over 50 ms, summed over the load. Compare two
 * builds by running this in each, alternated, at the same --cpu.
 *
 * With --profile, V8's sampler runs beside the trace and each task lists the functions its samples
 * were in (inclusive: a function counts once per sample, wherever on the stack), for names
 * build with `npx vite build --minify false`.
 *
 * The page is left alone while traced (no polling from the bench: Playwright's own script in the
 * page was a long task of its own); the first row is checked for after the trace.
 *
 * Run (after `npm run build`): npx tsx bench/client/longTasks.ts [--cpu 4] [--runs 2] [--over 50]
 *   [--wait 10000] [--profile] [--world-nice 19] (the bridge and simulator's priority: defaultWorld.ts)
 */
import { launchChromium, ensureBuilt } from '../../tests/browser/liveAlarmsStack';
import { machine } from '../support/report';
import { signInCookie, startDefaultWorld } from './defaultWorld';
import type { TraceEvent } from './traceEvent';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CPU = arg('--cpu', 4);
const RUNS = arg('--runs', 2);
/** Tasks listed: over this many ms of wall time or of thread time. */
const OVER = arg('--over', 50);
const WAIT_MS = arg('--wait', 10_000);
const PROFILE = process.argv.includes('--profile');

interface CpuProfile {
  nodes: Array<{
    id: number;
    parent?: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Each sample's time (µs, the trace's clock) and the functions on its stack, leaf first. */
function samplesOf(profile: CpuProfile): Array<{ ts: number; stack: string[] }> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes as Array<{ id: number; children?: number[] }>)
    for (const c of n.children ?? []) parent.set(c, n.id);
  const stacks = new Map<number, string[]>();
  const stackOf = (id: number): string[] => {
    const known = stacks.get(id);
    if (known) return known;
    const f = byId.get(id)!.callFrame;
    const name = `${f.functionName || '(anonymous)'} ${short(f.url)}:${f.lineNumber + 1}`;
    const up = parent.get(id);
    const stack = [name, ...(up === undefined ? [] : stackOf(up))];
    stacks.set(id, stack);
    return stack;
  };
  let ts = profile.startTime;
  return profile.samples.map((id, i) => {
    ts += profile.timeDeltas[i];
    return { ts, stack: stackOf(id) };
  });
}

/**
 * The functions most often on the stack of the samples in [from, to), with their share in ms:
 * the page's own (React DOM's inner loop left out: it is on every render's stack), then the
 * functions the samples were in (self), which names the library or built-in the time went to.
 */
function functionsIn(samples: Array<{ ts: number; stack: string[] }>, from: number, to: number): string {
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  let n = 0;
  const skipped = (f: string) => /^\((program|root|idle)\)/.test(f) || / react-dom-[^ ]*:\d+$/.test(f);
  for (const s of samples) {
    if (s.ts < from || s.ts >= to) continue;
    n++;
    self.set(s.stack[0], (self.get(s.stack[0]) ?? 0) + 1);
    for (const f of new Set(s.stack)) if (!skipped(f)) inclusive.set(f, (inclusive.get(f) ?? 0) + 1);
  }
  if (n === 0) return '(no samples)';
  const per = (to - from) / 1000 / n;
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([f, c]) => `${f} ${Math.round(c * per)}`);
  return [...top(inclusive, 12), `self: ${top(self, 5).join('; ')}`].join('\n      ');
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
    // The renderer asks the browser for a font (a family's match, a size's render style) and waits:
    // wall time with next to no thread time, which Lighthouse's simulation scales as CPU.
    case 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike':
    case 'FontDataService::MatchFamilyName':
      return 'waiting for a font';
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
          'blink.user_timing',
          'fonts',
          'mojom',
        ],
      });
      if (PROFILE) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await page.goto(`${running.bridge.url}/dashboardDetails`, { waitUntil: 'commit' });
      await new Promise((r) => setTimeout(r, WAIT_MS));
      const profile = PROFILE ? ((await cdp.send('Profiler.stop')).profile as unknown as CpuProfile) : null;
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      const rows = await page.locator('[data-row-id]').count();
      if (rows === 0) throw new Error(`no row in the grid ${WAIT_MS} ms after the page opened`);
      const samples = profile ? samplesOf(profile) : [];
      await context.close();
      const events = trace.traceEvents;
      // The page's main thread: the main thread of the renderer that navigated to the page (the
      // busiest renderer thread was at times another page's, in another renderer).
      const navigation = events.find(
        (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.includes('/dashboardDetails'),
      );
      const main = events.find(
        (e) =>
          e.name === 'thread_name' &&
          e.pid === navigation?.pid &&
          (e.args as { name?: string } | undefined)?.name === 'CrRendererMain',
      );
      if (!main) throw new Error('no renderer main thread navigated to /dashboardDetails in the trace');
      const onMain = events.filter(
        (e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === main.pid && e.tid === main.tid,
      );
      const tasks = onMain.filter((e) => Math.max(e.dur ?? 0, e.tdur ?? 0) > OVER * 1000);
      const blockingMs = onMain.reduce((sum, e) => sum + Math.max(0, (e.tdur ?? 0) / 1000 - 50), 0);
      const longestThreadMs = Math.max(0, ...onMain.map((e) => (e.tdur ?? 0) / 1000));
      const fontWaits = events.filter(
        (e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && label(e) === 'waiting for a font',
      );
      const fontWaitMs = fontWaits.reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0);
      const t0 = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
      console.log(
        `run ${run + 1} (CPU ${CPU}x): ${tasks.length} tasks over ${OVER} ms; longest ${Math.round(longestThreadMs)} ms of thread time; blocking time from thread time ${Math.round(blockingMs)} ms; waiting for fonts ${Math.round(fontWaitMs)} ms (${fontWaits.length} asks)`,
      );
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
        console.log(
          `  at ${Math.round((t.ts - t0) / 1000)} ms, ${Math.round(t.dur! / 1000)} ms (thread ${Math.round((t.tdur ?? 0) / 1000)}): ${parts}`,
        );
        if (PROFILE) console.log(`      ${functionsIn(samples, t.ts, t.ts + t.dur!)}`);
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
