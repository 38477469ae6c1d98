import { loadConfig } from './config';
import { createLogger } from './observability/logger';
import { startAll } from './app/startAll';
import { installCrashPolicy } from './app/crashPolicy';

/** `npm start`: the embedded simulator (unless UPSTREAM_URL is set) and the bridge, until Ctrl-C. */
async function main() {
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

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
