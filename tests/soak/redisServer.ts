import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/processes';
import { waitFor } from '../support/screen';

/** True when `redis-server` can be started from this machine's PATH. */
export function redisServerInstalled(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A Redis of the soak's own, as a child process on a free port (never the shared one on 6379).
 * Nothing is persisted, so `kill` then `start` is a Redis restart that loses every key.
 */
export async function startRedisServer() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'soak-redis-'));
  let child: ChildProcess | null = null;

  async function start() {
    let out = '';
    const c = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = c;
    c.stdout!.on('data', (d) => (out += d));
    c.stderr!.on('data', (d) => (out += d));
    await waitFor(
      `redis-server on ${port}`,
      () => {
        if (c.exitCode !== null) throw new Error(`redis-server exited: ${out}`);
        return out.includes('Ready to accept connections');
      },
      10_000,
    );
  }

  async function kill() {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  }

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    /** The pid of the running server, for the report. */
    pid: () => child?.pid ?? null,
    start,
    kill,
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type RedisServer = Awaited<ReturnType<typeof startRedisServer>>;
