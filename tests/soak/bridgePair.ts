import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, spawnBridge, type BridgeProcess } from '../support/processes';

export interface UnexpectedExit {
  bridge: number;
  code: number | null;
  signal: string | null;
  /** Since the soak started. */
  at: number;
  /** The last lines the bridge wrote. */
  log: string;
}

/**
 * Two bridge processes, A and B, on fixed ports, so that one can be killed and started again on
 * the same port. Each process's log is saved when it exits (bridge-A-1.log, bridge-A-2.log, ...);
 * an exit the soak did not cause is recorded as a crash.
 */
export async function createBridgePair(o: {
  env: Record<string, string>;
  outDir: string;
  t0: number;
  log: (line: string) => void;
}) {
  const ports = [await freePort(), await freePort()];
  const bridges: (BridgeProcess | null)[] = [null, null];
  const incarnations = [0, 0];
  const expected = new Set<BridgeProcess>();
  const unexpectedExits: UnexpectedExit[] = [];

  async function start(b: number) {
    const n = ++incarnations[b];
    const p = await spawnBridge(o.env, ports[b]);
    bridges[b] = p;
    p.child.once('exit', (code, signal) => {
      writeFileSync(join(o.outDir, `bridge-${'AB'[b]}-${n}.log`), p.output());
      if (expected.has(p)) return;
      unexpectedExits.push({
        bridge: b,
        code,
        signal,
        at: Date.now() - o.t0,
        log: p.output().split('\n').slice(-30).join('\n'),
      });
      o.log(`bridge ${'AB'[b]} exited by itself (code ${code}, signal ${signal})`);
    });
    return p;
  }

  async function stop(b: number, signal: NodeJS.Signals) {
    const p = bridges[b];
    if (!p) return;
    expected.add(p);
    bridges[b] = null;
    await p.kill(signal);
  }

  return {
    urls: ports.map((p) => `http://127.0.0.1:${p}`),
    start,
    stop,
    unexpectedExits,
    /** Synchronous, for process exit: no bridge outlives the soak. */
    killNow() {
      for (const p of bridges) p?.child.kill('SIGKILL');
    },
    async stopAll() {
      await Promise.all([stop(0, 'SIGTERM'), stop(1, 'SIGTERM')]);
    },
  };
}
export type BridgePair = Awaited<ReturnType<typeof createBridgePair>>;
