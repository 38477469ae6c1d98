import { randomUUID } from 'node:crypto';
import { startBridge, type BridgeOptions } from '../../server/app/bridge';
import { loadConfig } from '../../server/config/bridgeConfig';
import { startSimulator } from '../../simulator/createSimulator';
import { cleanPrefix, TEST_REDIS_URL } from './redis';

/**
 * A small quiet simulator and two bridges sharing Redis under a prefix of their own: what a
 * request made on one bridge and checked on the other runs on. `env` adds bridge settings, `opts`
 * what a test hands both bridges (a schedule clock).
 */
export async function startTwoBridges(
  name: string,
  env: Record<string, string> = {},
  opts: Pick<BridgeOptions, 'scheduleClock'> = {},
) {
  const prefix = `dlp-test-${name}-${randomUUID().slice(0, 8)}:`;
  const sim = await startSimulator({
    port: 0,
    seed: 7,
    agencies: 3,
    sitesPerAgency: 20,
    historyPerAgencyPerDay: 50,
    generator: false,
  });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    UPSTREAM_URL: sim.url,
    LOG_LEVEL: 'silent',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    ...env,
  });
  const a = await startBridge(config, { clientDir: null, ...opts });
  const b = await startBridge(config, { clientDir: null, ...opts });
  return {
    sim,
    a,
    b,
    prefix,
    async close() {
      await a.close();
      await b.close();
      await sim.close();
      await cleanPrefix(prefix);
    },
  };
}

export type TwoBridges = Awaited<ReturnType<typeof startTwoBridges>>;
