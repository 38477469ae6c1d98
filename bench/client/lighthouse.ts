/**
 * Lighthouse on the built app with Debian's Chromium (issues 14 and 38): the sign-in page, the
 * Live Alarm View signed in and a paired wall (/wall), mobile settings, performance and
 * accessibility. Also the JavaScript transferred, compressed, as the browser got it.
 *
 * One way of measuring, normalised for the machine (issue 38): a first pass learns the host's
 * `benchmarkIndex` (Lighthouse's own CPU benchmark), then every run sets
 * `cpuSlowdownMultiplier = 4 x benchmarkIndex / 2500`, so a page is judged as on the reference
 * machine of Lighthouse's mobile default whatever this one's speed that day. Every run records
 * the index it measured beside its score and the multiplier it ran with. The index moves within
 * a session (a first pass right after a build read 1,231, the runs after it 1,846-2,069): each
 * run's multiplier comes from the index the last run measured, and a run whose own index calls
 * for a multiplier more than 15% away from the one it ran with is measured again with that one
 * (twice at most; a run still off is marked `consistent: false`). A figure then never comes
 * from a slower simulated phone than the index says. The world is the default `npm start`
 * (defaultWorld.ts).
 * Beside the timings, the counts a screen needed before its first row (bytes, rows, script:
 * tests/browser/support/firstRowsCounts.ts), which do not move with the machine.
 *
 * Lighthouse's task list counts every task of the page's main thread: the longest is told apart
 * as the page's own scripts', the browser's work no script is named for ("Unattributable": the
 * navigation's commit, style, layout) and Lighthouse's own script in the page. Beside them, the
 * longest task and the blocking time in thread time x the multiplier (threadTimeTasks.ts): the
 * page's own work without this host's waits for a core; the navigation's commit (Chromium's new
 * document and script context) beside them, not in them.
 *
 * Prints every run (not the best), the worst of them and each figure beside its target, with the
 * commit measured: the worst of three is the figure to compare (FACTS.md).
 *
 * Lighthouse is not a dependency of the project (it would weigh on every install): this bench
 * runs a pinned version through npx, fetched from the npm registry on first use.
 *
 * Run (after `NODE_ENV=production npx vite build`): npx tsx bench/client/lighthouse.ts [--runs 3]
 *   [--pages signIn,liveAlarmView,wall] [--cpu-slowdown 4] [--save-traces] (each run's trace kept
 *   beside its report in bench/results/lighthouse) [--world-nice 19] (the bridge and simulator's
 *   priority: lowest unless told; defaultWorld.ts)
 * `--cpu-slowdown` pins the multiplier instead of deriving it from this moment's benchmarkIndex:
 * for comparing two builds on a busy machine, where the index of the first pass moves the
 * multiplier by half from one batch to the next.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machine } from '../support/report';
import { CHROMIUM, ensureBuilt, launchChromium, ROOT } from '../../tests/browser/liveAlarmsStack';
import {
  countFirstRows,
  firstRowsCounts,
  type FirstRowsCounts,
} from '../../tests/browser/support/firstRowsCounts';
import { pairedWall } from '../../tests/support/walls';
import { signInCookie, startDefaultWorld, WORLD_NICE } from './defaultWorld';
import { threadTimeTasks, type ThreadTimeTasks } from './threadTimeTasks';

// NOTE: lighthouse 13 needs Node 22; 12.8 runs on this machine's Node 20 (FACTS.md).
const LIGHTHOUSE = 'lighthouse@12.8.2';
const i = process.argv.indexOf('--runs');
const RUNS = i > 0 ? Number(process.argv[i + 1]) : 3;
const p = process.argv.indexOf('--pages');
const PAGES = (p > 0 ? process.argv[p + 1] : 'signIn,liveAlarmView,wall').split(',') as PageName[];
type PageName = 'signIn' | 'liveAlarmView' | 'wall';
const c = process.argv.indexOf('--cpu-slowdown');
const PINNED_SLOWDOWN = c > 0 ? Number(process.argv[c + 1]) : null;
/** Keep each run's trace beside its report (Lighthouse's --save-assets), to open a task's insides. */
const SAVE_TRACES = process.argv.includes('--save-traces');

/** Lighthouse's mobile default slows the CPU 4x on its reference machine, benchmarkIndex 2,500. */
const REFERENCE_INDEX = 2500;
const REFERENCE_MULTIPLIER = 4;

interface Audit {
  numericValue?: number;
  score?: number | null;
  details?: { items?: Array<Record<string, unknown>> };
  displayValue?: string;
}
interface Report {
  /** Not Lighthouse's: the page's tasks in thread time, from the run's trace (threadTimeTasks.ts). */
  threadTime?: ThreadTimeTasks | null;
  environment?: { benchmarkIndex?: number };
  configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } };
  categories: Record<string, { score: number }>;
  audits: Record<string, Audit>;
}

async function runLighthouse(
  url: string,
  headers: Record<string, string> | null,
  cpuSlowdown: number | null,
): Promise<Report> {
  const dir = mkdtempSync(join(tmpdir(), 'lh-'));
  const out = join(dir, 'report.json');
  const args = [
    '-y',
    LIGHTHOUSE,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility',
    // Plain --headless fails with NO_NAVSTART here (FACTS.md).
    '--chrome-flags=--headless=new --no-sandbox --disable-background-networking --disable-component-update --disable-sync --no-first-run',
  ];
  if (headers) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  if (cpuSlowdown !== null) args.push(`--throttling.cpuSlowdownMultiplier=${cpuSlowdown.toFixed(3)}`);
  // The trace is always kept in the run's folder: the page's tasks are read from it in thread time.
  args.push('--save-assets');
  // NOTE: asynchronous: the bridge under test runs in this process and must keep answering.
  const child = spawn('npx', args, { env: { ...process.env, CHROME_PATH: CHROMIUM } });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`lighthouse failed (${code}):\n${stderr}`);
  const text = readFileSync(out, 'utf8');
  // Every report is kept (bench/results is not committed): a figure can be traced to its audits.
  mkdirSync(join(ROOT, 'bench/results/lighthouse'), { recursive: true });
  const kept = join(
    ROOT,
    `bench/results/lighthouse/${new URL(url).pathname.slice(1) || 'signIn'}-${Date.now()}`,
  );
  writeFileSync(`${kept}.json`, text);
  if (SAVE_TRACES) copyFileSync(join(dir, 'report-0.trace.json'), `${kept}.trace.json`);
  const report = JSON.parse(text) as Report;
  const trace = JSON.parse(readFileSync(join(dir, 'report-0.trace.json'), 'utf8')) as Parameters<
    typeof threadTimeTasks
  >[0];
  report.threadTime = threadTimeTasks(trace, url, usedMultiplier(report));
  rmSync(dir, { recursive: true, force: true });
  return report;
}

/**
 * One Lighthouse run, tried once more when it fails: on a loaded machine Chromium now and then
 * records no navigation start (NO_NAVSTART), which says nothing about the page.
 */
async function measure(
  url: string,
  headers: Record<string, string> | null,
  cpuSlowdown: number | null,
): Promise<Report> {
  try {
    return await runLighthouse(url, headers, cpuSlowdown);
  } catch (e) {
    console.error(`retrying ${url}: ${(e as Error).message.split('\n').slice(0, 2).join(' ')}`);
    return runLighthouse(url, headers, cpuSlowdown);
  }
}

/** Script bytes on the wire (transferSize) of a Lighthouse run's network requests. */
function scriptBytes(report: Report): number {
  const items = report.audits['network-requests']?.details?.items ?? [];
  return items
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
}

/** Milliseconds of one group of Lighthouse's main-thread breakdown (e.g. scriptEvaluation). */
function mainThreadMs(report: Report, group: string): number {
  const items = report.audits['mainthread-work-breakdown']?.details?.items ?? [];
  return Math.round(
    items.filter((r) => r.group === group).reduce((sum, r) => sum + Number(r.duration ?? 0), 0),
  );
}

/** The multiplier a benchmarkIndex calls for (Lighthouse's mobile default on its reference machine). */
const multiplierFor = (index: number) => (REFERENCE_MULTIPLIER * index) / REFERENCE_INDEX;
/** How far a run's own index may call for another multiplier than the one it ran with. */
const CONSISTENT_WITHIN = 0.15;
const usedMultiplier = (report: Report) =>
  Number(report.configSettings?.throttling?.cpuSlowdownMultiplier ?? NaN);
const consistent = (report: Report) =>
  Math.abs(multiplierFor(report.environment?.benchmarkIndex ?? NaN) / usedMultiplier(report) - 1) <=
  CONSISTENT_WITHIN;

/**
 * One run normalised to the index of its moment: measured again (twice at most) with the
 * multiplier its own index calls for while the two differ by more than 15%. `multiplier.value`
 * follows the last index measured; a pinned multiplier is never changed.
 */
async function measureNormalised(
  url: string,
  headers: Record<string, string> | null,
  multiplier: { value: number; pinned: boolean },
): Promise<Report> {
  let report = await measure(url, headers, multiplier.value);
  for (let again = 0; !multiplier.pinned; again++) {
    const index = report.environment?.benchmarkIndex;
    if (index && Number.isFinite(index)) multiplier.value = multiplierFor(index);
    if (consistent(report) || again === 2) break;
    console.error(
      `again: index ${Math.round(index ?? NaN)} calls for ${multiplier.value.toFixed(2)}, ran with ${usedMultiplier(report).toFixed(2)}`,
    );
    report = await measure(url, headers, multiplier.value);
  }
  return report;
}

function figures(report: Report) {
  const a = report.audits;
  return {
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? NaN),
    cpuSlowdownMultiplier: Number(usedMultiplier(report).toFixed(2)),
    consistent: consistent(report),
    performance: report.categories.performance?.score,
    accessibility: report.categories.accessibility?.score,
    lcpMs: Math.round(a['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: Math.round(a['total-blocking-time']?.numericValue ?? NaN),
    cls: Number((a['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    mainThreadMs: Math.round(a['mainthread-work-breakdown']?.numericValue ?? NaN),
    scriptEvaluationMs: mainThreadMs(report, 'scriptEvaluation'),
    longTasks: a['long-tasks']?.details?.items?.length ?? 0,
    longestTaskMs: longest(report, () => true),
    // NOTE: what the longest tasks are: the page's own scripts (its document and chunks), the
    // browser's work Lighthouse cannot attribute (the navigation's commit, style, layout), or
    // Lighthouse's own script in the page (`_lighthouse-eval.js`), which its task list counts too.
    longestPageScriptTaskMs: longest(report, (url) => /^https?:/.test(url)),
    longestUnattributableTaskMs: longest(report, (url) => url === 'Unattributable'),
    longestLighthouseTaskMs: longest(report, (url) => url.includes('_lighthouse-eval')),
    // NOTE: beside Lighthouse's, never instead: the same load's tasks in thread time x the
    // multiplier, without the waits for a core on this host (threadTimeTasks.ts).
    longestTaskFromThreadTimeMs: report.threadTime?.longestMs ?? NaN,
    commitTaskFromThreadTimeMs: report.threadTime?.commitMs ?? NaN,
    blockingFromThreadTimeMs: report.threadTime?.blockingMs ?? NaN,
    scriptKB: Math.round(scriptBytes(report) / 1024),
    failingA11y: Object.entries(a)
      .filter(([, v]) => v.score === 0 && v.details?.items?.length)
      .map(([k]) => k)
      .slice(0, 12),
  };
}

/** The longest of Lighthouse's long tasks whose attribution (a URL or a label) passes `of`; 0 for none. */
function longest(report: Report, of: (url: string) => boolean): number {
  const tasks = report.audits['long-tasks']?.details?.items ?? [];
  return Math.round(
    Math.max(0, ...tasks.filter((t) => of(String(t.url ?? ''))).map((t) => Number(t.duration ?? 0))),
  );
}

type Figures = ReturnType<typeof figures>;

/** The worst of the runs, figure by figure: lowest score, highest time and count. */
function worst(runs: Figures[]) {
  const min = (f: (r: Figures) => number | undefined) => Math.min(...runs.map((r) => f(r) ?? NaN));
  const max = (f: (r: Figures) => number) => Math.max(...runs.map(f));
  return {
    benchmarkIndex: min((r) => r.benchmarkIndex),
    cpuSlowdownMultiplier: min((r) => r.cpuSlowdownMultiplier),
    inconsistentRuns: runs.filter((r) => !r.consistent).length,
    performance: min((r) => r.performance),
    accessibility: min((r) => r.accessibility),
    lcpMs: max((r) => r.lcpMs),
    tbtMs: max((r) => r.tbtMs),
    cls: max((r) => r.cls),
    mainThreadMs: max((r) => r.mainThreadMs),
    scriptEvaluationMs: max((r) => r.scriptEvaluationMs),
    longTasks: max((r) => r.longTasks),
    longestTaskMs: max((r) => r.longestTaskMs),
    longestPageScriptTaskMs: max((r) => r.longestPageScriptTaskMs),
    longestUnattributableTaskMs: max((r) => r.longestUnattributableTaskMs),
    longestLighthouseTaskMs: max((r) => r.longestLighthouseTaskMs),
    longestTaskFromThreadTimeMs: max((r) => r.longestTaskFromThreadTimeMs),
    commitTaskFromThreadTimeMs: max((r) => r.commitTaskFromThreadTimeMs),
    blockingFromThreadTimeMs: max((r) => r.blockingFromThreadTimeMs),
    scriptKB: max((r) => r.scriptKB),
  };
}

/** The commit measured, and whether the working tree differed from it. */
function commit(): string {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  const dirty = git('status', '--porcelain', '--', 'client', 'shared', 'machines', 'vite.config.ts');
  return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' (with uncommitted changes)' : ''}`;
}

/** Pass one: the host's benchmarkIndex, from a run of the sign-in page at Lighthouse's default. */
async function learnBenchmarkIndex(url: string): Promise<number> {
  const index = (await measure(`${url}/`, null, null)).environment?.benchmarkIndex;
  if (!index || !Number.isFinite(index)) throw new Error('Lighthouse reported no benchmarkIndex');
  return index;
}

/**
 * The first-rows counts of the Live Alarm View, and the app's scripts the sign-in page fetched
 * before any input (its chunks under /assets/; the page's small loader, /signin.js, apart: it
 * fetches the app only once the user types, tests/browser/signInFirst.test.ts).
 */
async function deterministicCounts(url: string, cookie: string) {
  const browser = await launchChromium();
  try {
    const signIn = await browser.newContext();
    const page = await signIn.newPage();
    const scripts: string[] = [];
    page.on(
      'request',
      (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)),
    );
    await page.goto(`${url}/`);
    await page.waitForLoadState('networkidle');
    await signIn.close();
    const counts: FirstRowsCounts[] = [];
    for (let run = 0; run < 3; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const [name, ...value] = cookie.split('=');
      await context.addCookies([{ name, value: value.join('='), url }]);
      const view = await context.newPage();
      await countFirstRows(view);
      await view.goto(`${url}/dashboardDetails`);
      counts.push(await firstRowsCounts(view));
      await context.close();
    }
    return {
      signInScriptsBeforeInput: scripts.filter((s) => s.startsWith('/assets/')).length,
      signInLoaderScripts: scripts.filter((s) => !s.startsWith('/assets/')),
      liveAlarmViewFirstRows: counts,
    };
  } finally {
    await browser.close();
  }
}

async function main() {
  ensureBuilt();
  const machineAtStart = machine();
  const running = await startDefaultWorld();
  const url = running.bridge.url;
  const results: Record<PageName, Figures[]> = { signIn: [], liveAlarmView: [], wall: [] };
  let benchmarkIndex = NaN;
  let cpuSlowdown = NaN;
  let counts: Awaited<ReturnType<typeof deterministicCounts>> | null = null;
  try {
    const owner = await signInCookie(url);
    const wall = PAGES.includes('wall') ? await pairedWall(url, owner.cookie, owner.agencyId) : null;
    counts = await deterministicCounts(url, owner.cookie);
    console.error('counts', JSON.stringify(counts));
    benchmarkIndex = await learnBenchmarkIndex(url);
    cpuSlowdown = PINNED_SLOWDOWN ?? multiplierFor(benchmarkIndex);
    const multiplier = { value: cpuSlowdown, pinned: PINNED_SLOWDOWN !== null };
    console.error(
      `benchmarkIndex ${Math.round(benchmarkIndex)}: cpuSlowdownMultiplier ${cpuSlowdown.toFixed(2)}`,
    );
    for (let run = 0; run < RUNS; run++) {
      if (PAGES.includes('signIn'))
        results.signIn.push(figures(await measureNormalised(`${url}/`, null, multiplier)));
      if (PAGES.includes('liveAlarmView')) {
        // A fresh session each run: the page is measured as after a sign-in.
        const { cookie } = await signInCookie(url);
        results.liveAlarmView.push(
          figures(await measureNormalised(`${url}/dashboardDetails`, { Cookie: cookie }, multiplier)),
        );
      }
      if (wall)
        results.wall.push(
          figures(await measureNormalised(`${url}/wall`, { Cookie: wall.cookie }, multiplier)),
        );
      // One line per run as it ends: a long run shows its progress.
      console.error(
        `run ${run + 1}/${RUNS}`,
        JSON.stringify(Object.fromEntries(PAGES.map((name) => [name, results[name].at(-1)]))),
      );
    }
  } finally {
    await running.close();
  }
  const out = {
    bench: 'lighthouse',
    lighthouse: LIGHTHOUSE,
    commit: commit(),
    world: `default npm start (6 agencies x 400 sites, 24 h of history, feeds always on), in a process at nice ${WORLD_NICE}`,
    settings: `mobile emulation, simulated slow 4G, CPU slowdown ${PINNED_SLOWDOWN === null ? 'normalised to the machine' : 'pinned'}`,
    benchmarkIndex: Math.round(benchmarkIndex),
    cpuSlowdownMultiplier: Number(cpuSlowdown.toFixed(3)),
    // NOTE: the load before and after: a run beside other work is no figure to compare.
    machine: { atStart: machineAtStart, atEnd: machine() },
    runs: RUNS,
    counts,
    worst: Object.fromEntries(PAGES.map((name) => [name, worst(results[name])])),
    results,
    targets: {
      signIn: {
        performance: '>= 0.95 in every run',
        accessibility: '1.0',
        signInScriptsBeforeInput: "0 of the app's (the form is in the HTML)",
      },
      liveAlarmView: {
        performance: '>= 0.90 in every run',
        tbtMs: '<= 200 in every run',
        longestTaskMs: '<= 100',
        cls: '<= 0.1',
        accessibility: '1.0',
      },
      wall: { performance: '>= 0.90 in every run' },
    },
  };
  console.log(JSON.stringify(out, null, 2));
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/lighthouse.json'), JSON.stringify(out, null, 2));
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
