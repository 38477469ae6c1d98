import { createServer } from 'vite';
import { loadConfig } from './config/bridgeConfig';
import { createLogger } from './observability/logger';
import { startAll } from './app/startAll';

/** `npm run dev`: the simulator and the bridge as `npm start` runs them, plus Vite with hot reload. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const running = await startAll(config, logger);
  const vite = await createServer({ configFile: 'vite.config.ts' });
  await vite.listen();
  for (const line of running.banner()) console.log(line);
  console.log(`Hot reload: ${vite.resolvedUrls?.local[0] ?? 'http://localhost:5173'}`);
  const stop = async () => {
    await vite.close();
    await running.close({ exiting: true });
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
