import { z } from 'zod';
import { DEFAULTS, startSimulator } from './createSimulator';
import { demoUsers } from './world/demoUsers';

/** A duration: a number of seconds, or a number with ms, s, m or h ('8h', '30m'). */
const duration = z
  .string()
  .regex(/^\d+(\.\d+)?(ms|s|m|h)?$/, 'a duration such as 8h, 30m, 45s or 500ms')
  .transform((v) => {
    const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
    return Number.parseFloat(v) * (units[v.replace(/^[\d.]+/, '')] ?? 1000);
  });

const envSchema = z.object({
  SIM_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  SIM_HOST: z.string().default('127.0.0.1'),
  SIM_SEED: z.coerce.number().int().default(DEFAULTS.seed),
  SIM_AGENCIES: z.coerce.number().int().min(3).max(500).default(DEFAULTS.agencies),
  SIM_SITES_PER_AGENCY: z.coerce.number().int().min(1).max(100_000).default(DEFAULTS.sitesPerAgency),
  SIM_SIGNAL_RATE: z.coerce.number().min(0).max(100_000).default(DEFAULTS.signalRatePerMin),
  SIM_SESSION_TTL: duration.optional(),
  SIM_SESSION_MAX_AGE: duration.optional(),
  /** Refused sign-ins in a row that lock a username for 10 minutes (0: never). */
  SIM_LOCK_AFTER: z.coerce.number().int().min(0).default(0),
  SIM_GENERATOR: z.enum(['on', 'off']).default('on'),
});

/** `npm run simulator`: the monitoring-center simulator on its own, until Ctrl-C. */
async function main() {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    console.error(
      `Invalid simulator configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
    process.exit(1);
  }
  const env = parsed.data;
  const started = Date.now();
  const sim = await startSimulator({
    port: env.SIM_PORT,
    host: env.SIM_HOST,
    seed: env.SIM_SEED,
    agencies: env.SIM_AGENCIES,
    sitesPerAgency: env.SIM_SITES_PER_AGENCY,
    signalRatePerMin: env.SIM_SIGNAL_RATE,
    sessionTtlMs: env.SIM_SESSION_TTL,
    sessionMaxAgeMs: env.SIM_SESSION_MAX_AGE,
    lockAfterRefusals: env.SIM_LOCK_AFTER,
    generator: env.SIM_GENERATOR === 'on',
  });
  const lines = [
    `Monitoring-center simulator: ${sim.url} (seed ${env.SIM_SEED}, ${sim.world.agencies.length} agencies, ${sim.world.sites.length} sites, ${sim.world.events.size} events, ready in ${Date.now() - started} ms)`,
    `Control API: ${sim.url}/_sim (see docs/simulator.md)`,
    'Agencies:',
    ...sim.world.agencies.map((a) => `  ${a.agencyId}  ${a.type}  ${a.name}`),
    'Demo sign-ins:',
    ...demoUsers().map((u) => `  ${u.username.padEnd(12)} ${u.password.padEnd(14)} ${u.shows}`),
  ];
  console.log(lines.join('\n'));
  const stop = () => {
    void sim.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
