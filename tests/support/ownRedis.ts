import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes';
import { waitFor } from './screen';

/** A Redis that keeps nothing: a restart loses every key. */
export const NO_PERSISTENCE = ['--save', '', '--appendonly', 'no'];

/**
 * The settings docker/compose.yml starts its Redis with (its `command`, after `redis-server`):
 * a test run with them proves what the shipped deployment keeps across a Redis restart.
 */
export function composeRedisArgs(): string[] {
  const compose = readFileSync(join(import.meta.dirname, '../../docker/compose.yml'), 'utf8');
  const service = /^ {2}redis:\n((?: {4}.*\n)+)/m.exec(compose)?.[1] ?? '';
  const command = /^ {4}command:\s*\[([^\]]*)\]/m.exec(service)?.[1];
  if (!command) throw new Error('docker/compose.yml: no command for the redis service');
  const args = [...command.matchAll(/'([^']*)'/g)].map((m) => m[1]);
  if (args[0] !== 'redis-server') throw new Error(`docker/compose.yml: redis runs ${args[0]}`);
  return args.slice(1);
}

/**
 * A `redis-server` of the test's own, on a free port and in a temporary folder (never the shared
 * one on 6379), started with `settings` (NO_PERSISTENCE, composeRedisArgs()). `kill` then `start`
 * is a Redis restart on the same port and folder.
 */
export async function startOwnRedis(settings: string[]) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'own-redis-'));
  let child: ChildProcess | null = null;

  async function start() {
    let out = '';
    const c = spawn(
      'redis-server',
      [...settings, '--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
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

  /** SIGKILL, as a crash or an OOM kill does: nothing is flushed on the way out. */
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
    /** The pid of the running server, for a report. */
    pid: () => child?.pid ?? null,
    start,
    kill,
    /** Killed, then started again on the same port and folder. */
    async restart() {
      await kill();
      await start();
    },
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type OwnRedis = Awaited<ReturnType<typeof startOwnRedis>>;
