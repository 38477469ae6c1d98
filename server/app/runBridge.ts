import { loadConfig } from '../config/bridgeConfig';
import { createLogger } from '../observability/logger';
import { mapBundleStackTraces } from '../observability/mappedStacks';
import { installCrashPolicy } from './crashPolicy';
import { startAll } from './startAll';

/**
 * The bridge process: the embedded simulator (unless UPSTREAM_URL is set) and the bridge, until
 * SIGINT or SIGTERM. Run by server/main.ts from sources, and by the prebuilt bundle's loader
 * (server/bundleLoader.ts) as `npm start` runs it.
 */
export async function runBridge(): Promise<void> {
  mapBundleStackTraces();
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  let running: Awaited<ReturnType<typeof startAll>> | null = null;
  installCrashPolicy(logger, () => running?.close({ exiting: true }));
  running = await startAll(config, logger);
  for (const line of running.banner()) console.log(line);
  const stop = async (signal: string) => {
    logger.info({ signal }, 'stopping');
    await running?.close({ exiting: true });
    logger.flush();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
