import { z } from 'zod';
import { DEFAULTS, type SimulatorOptions } from './createSimulator';

/** A duration: a number of seconds, or a number with ms, s, m or h ('8h', '30m'). */
const duration = z
  .string()
  .regex(/^\d+(\.\d+)?(ms|s|m|h)?$/, 'a duration such as 8h, 30m, 45s or 500ms')
  .transform((v) => {
    const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
    return Number.parseFloat(v) * (units[v.replace(/^[\d.]+/, '')] ?? 1000);
  });

/**
 * Every environment variable the simulator reads, whether it runs on its own (`npm run simulator`)
 * or as the bridge's embedded default (server/app/startAll.ts); docs/simulator.md lists them.
 */
export const simulatorEnvSchema = z.object({
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
export type SimulatorConfig = z.infer<typeof simulatorEnvSchema>;

/** Reads the simulator's settings from an environment; a bad value throws with every problem listed. */
export function loadSimulatorConfig(env: Record<string, string | undefined> = process.env): SimulatorConfig {
  const parsed = simulatorEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid simulator configuration:\n${lines}`);
  }
  return parsed.data;
}

/** What `startSimulator` takes from the settings. */
export function simulatorOptions(config: SimulatorConfig): SimulatorOptions & { port: number; host: string } {
  return {
    port: config.SIM_PORT,
    host: config.SIM_HOST,
    seed: config.SIM_SEED,
    agencies: config.SIM_AGENCIES,
    sitesPerAgency: config.SIM_SITES_PER_AGENCY,
    signalRatePerMin: config.SIM_SIGNAL_RATE,
    sessionTtlMs: config.SIM_SESSION_TTL,
    sessionMaxAgeMs: config.SIM_SESSION_MAX_AGE,
    lockAfterRefusals: config.SIM_LOCK_AFTER,
    generator: config.SIM_GENERATOR === 'on',
  };
}
