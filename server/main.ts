import { runBridge } from './app/runBridge';

/** `npm start` from sources (tsx): the embedded simulator (unless UPSTREAM_URL is set) and the bridge, until Ctrl-C. */
runBridge().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
