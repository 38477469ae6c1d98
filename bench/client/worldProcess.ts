/**
 * The default world (defaultWorld.ts) in a process of its own, for a bench that runs it apart
 * from the browser it measures (startDefaultWorld): prints `{"url": ...}` on one line once the
 * bridge listens, closes on SIGTERM or when its parent goes (its stdin ends).
 */
import { startDefaultWorldHere } from './defaultWorld';

const running = await startDefaultWorldHere();
process.stdout.write(`${JSON.stringify({ url: running.bridge.url })}\n`);
let closing = false;
const close = () => {
  if (closing) return;
  closing = true;
  void running.close().finally(() => process.exit(0));
};
process.on('SIGTERM', close);
process.stdin.on('end', close);
process.stdin.resume();
