import type { BridgeConfig } from '../config/bridgeConfig';
import { SecretText } from '../support/secretText';
import type { Logger } from '../observability/logger';
import type { RunningSimulator } from '../../simulator/createSimulator';
import { startBridge, type Bridge } from './bridge';

export interface Running {
  bridge: Bridge;
  simulatorUrl: string | null;
  banner(): string[];
  /** `exiting`: the process ends next (Bridge.close). */
  close(opts?: { exiting?: boolean }): Promise<void>;
}

/**
 * Starts the embedded simulator when no UPSTREAM_URL is configured, then the bridge. The simulator
 * reads its own SIM_* settings from `env` (simulator/config.ts).
 */
export async function startAll(
  config: BridgeConfig,
  logger: Logger,
  env: Record<string, string | undefined> = process.env,
): Promise<Running> {
  let sim: RunningSimulator | null = null;
  let demo: Array<{ username: string; password: string; shows: string }> = [];
  if (!config.UPSTREAM_URL) {
    // NOTE: loaded only when embedded: with a real upstream the bridge starts without the
    // simulator's world (its ZIP-code table alone took about 150 ms; docs/performance.md).
    const [
      { startSimulator },
      { loadSimulatorConfig, simulatorOptions },
      { demoUsers, BRIDGE_SERVICE_USER },
    ] = await Promise.all([
      import('../../simulator/createSimulator'),
      import('../../simulator/config'),
      import('../../simulator/world/demoUsers'),
    ]);
    demo = demoUsers();
    // NOTE: embedded, it listens on loopback whatever SIM_HOST says: the bridge is its only client.
    sim = await startSimulator({ ...simulatorOptions(loadSimulatorConfig(env)), host: '127.0.0.1' });
    // The simulator's service user is the bridge's own identity unless the operator gave one, and
    // every agency is always on: a tester's first run has every minute to replay, and a screen
    // opens warm.
    const own = config.BRIDGE_IDENTITIES;
    const identities =
      own.fallback || own.byAgency.size > 0
        ? own
        : {
            fallback: {
              label: 'default',
              username: BRIDGE_SERVICE_USER.username,
              password: new SecretText(BRIDGE_SERVICE_USER.password),
            },
            byAgency: new Map(),
          };
    config = {
      ...config,
      UPSTREAM_URL: sim.url,
      RECORD_AGENCIES: config.RECORD_AGENCIES ?? ['all'],
      BRIDGE_IDENTITIES: identities,
      ALWAYS_ON_AGENCIES: config.ALWAYS_ON_AGENCIES ?? ['all'],
      // Scheduled report e-mails survive a restart of the embedded default (server/schedules).
      SCHEDULES_FILE: config.SCHEDULES_FILE ?? 'data/schedules.json',
    };
  }
  const bridge = await startBridge(config, { logger });
  const shownPort = config.PORT === 0 ? new URL(bridge.url).port : String(config.PORT);
  return {
    bridge,
    simulatorUrl: sim?.url ?? null,
    banner() {
      const lines = [
        `Dealer portal: http://localhost:${shownPort}`,
        `Upstream: ${sim ? `embedded simulator at ${sim.url}` : config.UPSTREAM_URL}`,
      ];
      if (config.ALWAYS_ON_AGENCIES?.length)
        lines.push(
          `Always on (polled with no screen open): ${config.ALWAYS_ON_AGENCIES.join(', ')}, as ` +
            `${config.BRIDGE_IDENTITIES.fallback?.username ?? 'the per-agency identities'}`,
        );
      if (config.RECORD_AGENCIES?.length)
        lines.push(
          `Recording for Replay: ${config.RECORD_AGENCIES.join(', ')} to ` +
            `${config.DATABASE_URL ? 'PostgreSQL' : `${config.RECORDINGS_DIR}/`} ` +
            `(the last ${keptFor(config.RECORDINGS_KEEP)}, at most ` +
            `${Math.round(config.RECORDINGS_MAX_BYTES / 1024 / 1024)} MiB)`,
        );
      if (sim) {
        lines.push('Demo sign-ins:');
        for (const u of demo) lines.push(`  ${u.username.padEnd(12)} ${u.password.padEnd(14)} ${u.shows}`);
      }
      return lines;
    },
    async close(opts = {}) {
      await bridge.close(opts);
      await sim?.close();
    },
  };
}

/** A retention window in words: "60 min", "7 days". */
function keptFor(ms: number): string {
  return ms >= 86_400_000 ? `${+(ms / 86_400_000).toFixed(1)} days` : `${Math.round(ms / 60_000)} min`;
}
