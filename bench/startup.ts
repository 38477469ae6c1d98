/**
 * Bridge start-up (issue 14): the time from exec to the first answer of /healthz, for the prebuilt
 * bundle as `npm start` runs it (`node --enable-source-maps build/server/main.mjs`), plain node,
 * and with Redis; baseline in the same run: the sources through tsx, as the bridge started before.
 * The simulator runs in its own process, so its seeding is not counted. Builds the bundle first.
 *
 * Run: npm run bench:startup -- [--runs 5] [--no-redis]
 */
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { boolFlag, jsonLine, machine, numFlag, section, sleep, summary, verdict } from './support/report';
import { startBenchSim } from './support/benchSim';
import { cleanPrefix } from '../tests/support/redis';

const RUNS = numFlag('runs', 5);
const WITH_REDIS = !boolFlag('no-redis');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TARGET_MS = 500;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Exec to the first /healthz answer, in ms. */
async function startOnce(cmd: string, args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(cmd, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - t0 > 30_000) throw new Error(`${args.join(' ')} did not serve within 30 s`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status < 500,
        () => false,
      );
      if (ok) return performance.now() - t0;
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
  const modes: Array<{ name: string; cmd: string; args: string[]; env: Record<string, string> }> = [
    {
      name: 'npm start (bundle, source maps)',
      cmd: 'node',
      args: ['--enable-source-maps', 'build/server/main.mjs'],
      env: upstream,
    },
    { name: 'bundle, plain node', cmd: 'node', args: ['build/server/main.mjs'], env: upstream },
    ...(WITH_REDIS
      ? [
          {
            name: 'npm start with Redis',
            cmd: 'node',
            args: ['--enable-source-maps', 'build/server/main.mjs'],
            env: { ...upstream, ...redis },
          },
        ]
      : []),
    // NOTE: tsx as a loader in one process (its CLI forks a child a kill would leave behind).
    {
      name: 'baseline: sources through tsx',
      cmd: 'node',
      args: ['--import', 'tsx', 'server/main.ts'],
      env: upstream,
    },
  ];
  console.log(`bridge start-up, exec to /healthz, ${RUNS} runs per mode`);
  const results: Record<string, ReturnType<typeof summary>> = {};
  for (const m of modes) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await startOnce(m.cmd, m.args, m.env));
    results[m.name] = summary(times, 0);
  }
  await sim.close();
  if (WITH_REDIS) await cleanPrefix(redis.REDIS_PREFIX, REDIS_URL);
  const built = results[modes[0].name];
  const baseline = results[modes[modes.length - 1].name];
  section('exec to serving (ms)', {
    ...Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v])),
    'npm start vs the tsx baseline (median)': `${(baseline.p50 / built.p50).toFixed(1)}x sooner`,
    [`npm start serves within ${TARGET_MS} ms (median)`]: verdict(built.p50 <= TARGET_MS),
  });
  jsonLine('startup', { machine: machine(), runs: RUNS, results, targetMs: TARGET_MS });
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
