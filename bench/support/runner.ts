import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./screenRunner.ts', import.meta.url));

/** A screen-runner child process and a typed way to call it (see screenRunner.ts). */
export function startRunner(name = 'screens', maxOldSpaceMb = 4096) {
  const child: ChildProcess = fork(SCRIPT, [], {
    execArgv: ['--import', 'tsx', `--max-old-space-size=${maxOldSpaceMb}`],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  child.on('message', (m: { id: number; ok: boolean; result?: unknown; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.result);
    else p.reject(new Error(`${name}: ${m.error}`));
  });
  child.on('exit', (code) => {
    for (const p of pending.values()) p.reject(new Error(`${name} exited (${code})`));
    pending.clear();
  });
  return {
    pid: child.pid!,
    call<T = unknown>(cmd: string, args: unknown = {}): Promise<T> {
      const id = next++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        child.send({ id, cmd, args });
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      await this.call('close').catch(() => undefined);
      const exited = new Promise((r) => child.once('exit', r));
      child.disconnect();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
export type Runner = ReturnType<typeof startRunner>;

const BASELINE = fileURLToPath(new URL('./baselineServer.ts', import.meta.url));
/** Node options that let a benchmark force a full GC in a process with SIGUSR2 (gcOnSignal.cjs). */
export const GC_ON_SIGNAL = `--expose-gc --require ${fileURLToPath(new URL('./gcOnSignal.cjs', import.meta.url))}`;

/** A baseline server process (`raw` ws with a pre-framed buffer, or bare `sio`); see baselineServer.ts. */
export async function startBaselineServer(kind: 'raw' | 'sio') {
  const child = fork(BASELINE, [kind], {
    execArgv: ['--import', 'tsx', ...GC_ON_SIGNAL.split(' ')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 1;
  const pending = new Map<number, (v: unknown) => void>();
  child.on('message', (m: { id: number; result: unknown }) => {
    pending.get(m.id)?.(m.result);
    pending.delete(m.id);
  });
  const call = <T>(cmd: string, args: unknown = {}) =>
    new Promise<T>((resolve) => {
      const id = next++;
      pending.set(id, resolve as (v: unknown) => void);
      child.send({ id, cmd, args });
    });
  const port = await call<number>('listen');
  return {
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    /** Sends `count` messages (sequence numbers seq..seq+count-1) of `size` bytes to every socket. */
    broadcast: (seq: number, size: number, count = 1) =>
      call<{ t0: number; t0Precise: number; sendMs: number }>('broadcast', { seq, size, count }),
    count: () => call<number>('count'),
    /** process.memoryUsage() after a full GC. */
    heap: () => call<NodeJS.MemoryUsage>('heap'),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    },
  };
}
export type BaselineServer = Awaited<ReturnType<typeof startBaselineServer>>;
