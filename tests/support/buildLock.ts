import { mkdirSync, rmSync, statSync } from 'node:fs';

/** A lock older than this was left by a build that died: it is taken over. */
const STALE_MS = 10 * 60_000;

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function ageOf(dir: string): number | null {
  try {
    return Date.now() - statSync(dir).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Runs `fn` holding `dir` as a lock between processes (mkdir either makes it or finds it), after
 * waiting up to `waitMs` for the process that holds it. Synchronous, as the build it guards is.
 */
export function withLock<T>(dir: string, fn: () => T, waitMs = 330_000): T {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(dir);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if ((ageOf(dir) ?? 0) > STALE_MS) rmSync(dir, { recursive: true, force: true });
      else if (Date.now() > until) throw new Error(`waited ${waitMs} ms for the lock ${dir}`);
      else sleepSync(200);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
