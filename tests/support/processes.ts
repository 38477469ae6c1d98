import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { waitFor } from './screen';

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface BridgeProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts a bridge as its own process, the way `npm start` runs it (UPSTREAM_URL set: no simulator). */
export async function spawnBridge(
  env: Record<string, string>,
  port?: number,
  /** `bundle`: the prebuilt build/server/main.mjs (`npm run build:server`), as `npm start` runs it. */
  entry: 'source' | 'bundle' = 'source',
): Promise<BridgeProcess> {
  const p = port ?? (await freePort());
  const args = entry === 'bundle' ? ['build/server/main.mjs'] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(p) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${p}`;
  await waitFor(
    `bridge on ${p}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`bridge exited: ${out}`);
      try {
        return (await fetch(`${url}/healthz`)).ok;
      } catch {
        return false;
      }
    },
    30_000,
  );
  return {
    url,
    port: p,
    child,
    output: () => out,
    kill(signal: NodeJS.Signals = 'SIGKILL') {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      });
    },
  };
}

/** The value of a Prometheus metric line (first match) from a bridge's /metrics. */
export async function metricValue(url: string, line: RegExp): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  for (const l of text.split('\n')) if (line.test(l)) return Number(l.split(' ').pop());
  return 0;
}
