import { spawnBridge, type BridgeProcess } from '../../tests/support/processes';

/**
 * Starts a bridge process against a benchmark's simulator, quiet, with a generous login rate and
 * live limits lifted: benchmarks put hundreds of screens on one sign-in, which the bridge refuses
 * by default (20 screens per session, server/live/screenLimits.ts).
 */
export function startBridgeProcess(
  upstreamUrl: string,
  env: Record<string, string> = {},
  port?: number,
  entry: 'source' | 'bundle' = 'source',
): Promise<BridgeProcess> {
  return spawnBridge(
    {
      UPSTREAM_URL: upstreamUrl,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_PER_MIN: '1000',
      RECORD_AGENCIES: '',
      LIVE_SCREENS_PER_SESSION: '100000',
      LIVE_RATE_SCALE: '1000',
      ...env,
    },
    port,
    entry,
  );
}

/** The `at` (server time of the poll) or `t0` a delta or baseline message carries. */
export function atOf(text: string): number {
  const m = /"at":(\d+(?:\.\d+)?)/.exec(text);
  return m ? Number(m[1]) : Number.NaN;
}
