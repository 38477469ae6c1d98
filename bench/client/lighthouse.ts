/**
 * Lighthouse on the built app with Debian's Chromium (issue 14): the sign-in page and the Live
 * Alarm View signed in, default (mobile) settings, performance and accessibility. Also the
 * JavaScript transferred before the sign-in form is usable, compressed, as the browser got it.
 * Prints every run (not the best), the worst of them and each figure beside its target, with the
 * commit measured: the worst of three on a quiet machine is the figure to compare (FACTS.md).
 * The main-thread figures (blocking time, script evaluation, long tasks) say what a change
 * removed even when a loaded machine makes the score itself noisy.
 *
 * Lighthouse is not a dependency of the project (it would weigh on every install): this bench
 * runs a pinned version through npx, fetched from the npm registry on first use.
 *
 * Run: npx tsx bench/client/lighthouse.ts [--runs 3]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machine } from '../support/report';
import { CHROMIUM, ensureBuilt, ROOT, startStack } from '../../tests/browser/liveAlarmsStack';

// NOTE: lighthouse 13 needs Node 22; 12.8 runs on this machine's Node 20 (FACTS.md).
const LIGHTHOUSE = 'lighthouse@12.8.2';
const i = process.argv.indexOf('--runs');
const RUNS = i > 0 ? Number(process.argv[i + 1]) : 3;

interface Audit {
  numericValue?: number;
  score?: number | null;
  details?: { items?: Array<Record<string, unknown>> };
  displayValue?: string;
}
interface Report {
  categories: Record<string, { score: number }>;
  audits: Record<string, Audit>;
}

async function runLighthouse(url: string, headers: Record<string, string> | null): Promise<Report> {
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
  // NOTE: asynchronous: the bridge under test runs in this process and must keep answering.
  const child = spawn('npx', args, { env: { ...process.env, CHROME_PATH: CHROMIUM } });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`lighthouse failed (${code}):\n${stderr}`);
  return JSON.parse(readFileSync(out, 'utf8')) as Report;
}

/**
 * One Lighthouse run, tried once more when it fails: on a loaded machine Chromium now and then
 * records no navigation start (NO_NAVSTART), which says nothing about the page.
 */
async function measure(url: string, headers: Record<string, string> | null): Promise<Report> {
  try {
    return await runLighthouse(url, headers);
  } catch (e) {
    console.error(`retrying ${url}: ${(e as Error).message.split('\n').slice(0, 2).join(' ')}`);
    return runLighthouse(url, headers);
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

function figures(report: Report) {
  const a = report.audits;
  return {
    performance: report.categories.performance?.score,
    accessibility: report.categories.accessibility?.score,
    lcpMs: Math.round(a['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: Math.round(a['total-blocking-time']?.numericValue ?? NaN),
    cls: Number((a['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    mainThreadMs: Math.round(a['mainthread-work-breakdown']?.numericValue ?? NaN),
    scriptEvaluationMs: mainThreadMs(report, 'scriptEvaluation'),
    longTasks: a['long-tasks']?.details?.items?.length ?? 0,
    scriptKB: Math.round(scriptBytes(report) / 1024),
    failingA11y: Object.entries(a)
      .filter(([, v]) => v.score === 0 && v.details?.items?.length)
      .map(([k]) => k)
      .slice(0, 12),
  };
}

type Figures = ReturnType<typeof figures>;

/** The worst of the runs, figure by figure: lowest score, highest time and count. */
function worst(runs: Figures[]) {
  const min = (f: (r: Figures) => number | undefined) => Math.min(...runs.map((r) => f(r) ?? NaN));
  const max = (f: (r: Figures) => number) => Math.max(...runs.map(f));
  return {
    performance: min((r) => r.performance),
    accessibility: min((r) => r.accessibility),
    lcpMs: max((r) => r.lcpMs),
    tbtMs: max((r) => r.tbtMs),
    cls: max((r) => r.cls),
    mainThreadMs: max((r) => r.mainThreadMs),
    scriptEvaluationMs: max((r) => r.scriptEvaluationMs),
    longTasks: max((r) => r.longTasks),
    scriptKB: max((r) => r.scriptKB),
  };
}

/** The commit measured, and whether the working tree differed from it. */
function commit(): string {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  const dirty = git('status', '--porcelain', '--', 'client', 'shared', 'machines', 'vite.config.ts');
  return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' (with uncommitted changes)' : ''}`;
}

async function signInCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify({ username: 'owner', password: 'owner123' }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

async function main() {
  ensureBuilt();
  const running = await startStack({ SIM_SIGNAL_RATE: '0.42' });
  const url = running.bridge.url;
  const results: Record<'signIn' | 'liveAlarmView', Figures[]> = { signIn: [], liveAlarmView: [] };
  const machineAtStart = machine();
  try {
    for (let run = 0; run < RUNS; run++) {
      results.signIn.push(figures(await measure(`${url}/`, null)));
      const cookie = await signInCookie(url);
      results.liveAlarmView.push(figures(await measure(`${url}/dashboardDetails`, { Cookie: cookie })));
      // One line per run as it ends: a long run shows its progress.
      console.error(
        `run ${run + 1}/${RUNS}`,
        JSON.stringify({ signIn: results.signIn.at(-1), liveAlarmView: results.liveAlarmView.at(-1) }),
      );
    }
  } finally {
    await running.close();
  }
  const out = {
    bench: 'lighthouse',
    lighthouse: LIGHTHOUSE,
    commit: commit(),
    settings: 'default (mobile emulation, simulated slow 4G and 4x CPU slowdown)',
    // NOTE: the load before and after: a run beside other work is no figure to compare.
    machine: { atStart: machineAtStart, atEnd: machine() },
    runs: RUNS,
    worst: { signIn: worst(results.signIn), liveAlarmView: worst(results.liveAlarmView) },
    results,
    targets: {
      signIn: {
        performance: '>= 0.95 in every run',
        accessibility: '1.0',
        scriptKB: '<= 120 (JS before the sign-in form)',
      },
      liveAlarmView: {
        performance: '>= 0.90 in every run',
        tbtMs: '<= 200 in every run',
        cls: '<= 0.1',
        accessibility: '1.0',
      },
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
