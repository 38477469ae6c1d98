// `npm run soak`: the fault soak of the live push bridge (docs/reliability.md).
// Size and length from flags or the environment:
//   --screens N   SOAK_SCREENS   (default 500)
//   --agencies N  SOAK_AGENCIES  (default 10; screens spread over those the demo users may see)
//   --seconds N   SOAK_SECONDS   (default 180: the fault schedule's length; holds and settles scale with it)
//   --poll-ms N   SOAK_POLL_MS   (default 1000)
//   --out DIR     SOAK_OUT       (default tmp/soak/<time>: bridge logs and report.json)
// Exits 1 when a target is missed.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { redisServerInstalled } from './redisServer';
import { formatSummary } from './soakReport';
import { FULL_SOAK, runFaultSoak } from './soakRun';

/** The whole soak must end within this, whatever it is waiting for. */
const HARD_LIMIT_MS = 10 * 60_000;

const { values } = parseArgs({
  options: {
    screens: { type: 'string' },
    agencies: { type: 'string' },
    seconds: { type: 'string' },
    'poll-ms': { type: 'string' },
    out: { type: 'string' },
  },
});

function num(flag: string | undefined, env: string | undefined, def: number): number {
  const v = flag ?? env;
  if (v == null || v === '') return def;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`not a positive number: ${v}`);
  return n;
}

async function main() {
  if (!redisServerInstalled()) {
    console.error(
      'fault soak: redis-server is not installed (apt-get install redis-server); the soak starts its own.',
    );
    process.exit(2);
  }
  const options = {
    ...FULL_SOAK,
    screens: num(values.screens, process.env.SOAK_SCREENS, FULL_SOAK.screens),
    agencies: Math.max(3, num(values.agencies, process.env.SOAK_AGENCIES, FULL_SOAK.agencies)),
    seconds: num(values.seconds, process.env.SOAK_SECONDS, FULL_SOAK.seconds),
    pollMs: num(values['poll-ms'], process.env.SOAK_POLL_MS, FULL_SOAK.pollMs),
    outDir:
      values.out ??
      process.env.SOAK_OUT ??
      join('tmp', 'soak', new Date().toISOString().replace(/[:.]/g, '-')),
    log: (line: string) => console.log(line),
  };
  const limit = setTimeout(() => {
    console.error(
      `fault soak: still running after ${HARD_LIMIT_MS / 60_000} minutes; giving up (TARGET MISSED)`,
    );
    process.exit(1);
  }, HARD_LIMIT_MS);
  limit.unref();
  process.once('SIGINT', () => process.exit(130));
  const report = await runFaultSoak(options);
  console.log(formatSummary(report));
  console.log(`report: ${join(options.outDir, 'report.json')}`);
  process.exit(report.targetsMet ? 0 : 1);
}

main().catch((e) => {
  console.error('fault soak failed:', e instanceof Error ? e.stack : e);
  process.exit(1);
});
