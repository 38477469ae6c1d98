/**
 * Bridge start-up (issue 14): the time from exec to the first answer of /healthz, for the prebuilt
 * bundle as `npm start` runs it (its `start:built` command, read from package.json), the same with
 * Redis, and, as the baseline in the same run, the sources through tsx. The simulator runs in the
 * bench's own process, so its seeding is not counted. Builds the bundle first.
 *
 * Every start is printed, with the CPU the bridge had used by its answer: a start that took long
 * while using little CPU waited for a core (other work on the machine), not for its own work. The
 * modes take turns (run 1 of each, then run 2 of each, ...), each round in another order, so no
 * mode always runs first after the build or in one quiet or busy stretch. The verdict is on the
 * worst start, not the median.
 *
 * Run: npm run bench:startup -- [--runs 5] [--no-redis]
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpuMsOf } from './support/procStats';
import {
  boolFlag,
  jsonLine,
  machine,
  machineAtStart,
  numFlag,
  section,
  sleep,
  summary,
  verdict,
} from './support/report';
import { startBenchSim } from './support/benchSim';
import { cleanPrefix } from '../tests/support/redis';

const RUNS = numFlag('runs', 5);
const WITH_REDIS = !boolFlag('no-redis');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TARGET_MS = 500;

/** `npm start`'s own command once built (`start:built`): `node [flags] build/server/main.mjs`. */
function npmStartCommand(): { cmd: string; args: string[]; text: string } {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const text = pkg.scripts['start:built'];
  const [cmd, ...args] = text.split(/\s+/);
  if (cmd !== 'node') throw new Error(`start:built is not a node command: ${text}`);
  return { cmd: process.execPath, args, text };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

interface Start {
  ms: number;
  cpuMs: number;
}

/** Exec to the first /healthz answer, and the CPU the process had used by then. */
async function startOnce(cmd: string, args: string[], env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(cmd, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: process.env.BENCH_DEBUG ? 'inherit' : 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - t0 > 30_000) throw new Error(`${args.join(' ')} did not serve within 30 s`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status < 500,
        () => false,
      );
      if (ok) return { ms: performance.now() - t0, cpuMs: cpuMsOf(child.pid!) };
      await sleep(5);
    }
  } finally {
    child.kill('SIGKILL');
    await sleep(200);
  }
}

async function main() {
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  const sim = await startBenchSim();
  const upstream = { UPSTREAM_URL: sim.url };
  const redis = { REDIS_URL, REDIS_PREFIX: `bench-startup-${process.pid}:` };
  const start = npmStartCommand();
  const modes: Array<{ name: string; cmd: string; args: string[]; env: Record<string, string> }> = [
    { name: 'npm start', cmd: start.cmd, args: start.args, env: upstream },
    ...(WITH_REDIS
      ? [{ name: 'npm start with Redis', cmd: start.cmd, args: start.args, env: { ...upstream, ...redis } }]
      : []),
    // NOTE: tsx as a loader in one process (its CLI forks a child a kill would leave behind).
    {
      name: 'baseline: sources through tsx',
      cmd: process.execPath,
      args: ['--import', 'tsx', 'server/main.ts'],
      env: upstream,
    },
  ];
  console.log(`bridge start-up, exec to /healthz, ${RUNS} starts per mode; npm start runs \`${start.text}\``);
  console.log(JSON.stringify(await machineAtStart()));
  const starts = new Map<string, Start[]>(modes.map((m) => [m.name, []]));
  for (let i = 0; i < RUNS; i++) {
    // Each round in another order: the first mode of a round starts right after the previous one.
    const round = modes.map((_, j) => modes[(i + j) % modes.length]);
    for (const m of round) starts.get(m.name)!.push(await startOnce(m.cmd, m.args, m.env));
  }
  await sim.close();
  if (WITH_REDIS) await cleanPrefix(redis.REDIS_PREFIX, REDIS_URL);

  const results: Record<string, ReturnType<typeof summary>> = {};
  const rows: Record<string, string> = {};
  for (const [name, list] of starts) {
    results[name] = summary(
      list.map((s) => s.ms),
      0,
    );
    rows[name] = list.map((s) => `${Math.round(s.ms)} (cpu ${Math.round(s.cpuMs)})`).join(', ');
  }
  section('every start, exec to serving in ms (CPU used by then)', rows);
  const built = results[modes[0].name];
  const baseline = results[modes[modes.length - 1].name];
  section('exec to serving (ms)', {
    ...results,
    'npm start vs the tsx baseline (median)': `${(baseline.p50 / built.p50).toFixed(1)}x sooner`,
    [`npm start serves within ${TARGET_MS} ms (worst of ${RUNS})`]: `${verdict(built.max <= TARGET_MS)}: ${built.max} ms`,
  });
  jsonLine('startup', {
    machine: machine(),
    runs: RUNS,
    command: start.text,
    starts: Object.fromEntries(starts),
    results,
    targetMs: TARGET_MS,
    met: built.max <= TARGET_MS,
  });
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
