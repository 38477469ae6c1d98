import { describe, expect, it } from 'vitest';
import { createMemoryAttemptLock } from './attemptLock';
import { beginInTurn } from './attemptTurn';

/** A clock that moves only when the attempt sleeps; `onSleep` runs what happens meanwhile. */
function fakeTime(onSleep: () => Promise<void> = async () => {}) {
  let t = 0;
  return {
    now: () => t,
    random: () => 0.5,
    sleep: async (ms: number) => {
      t += ms;
      await onSleep();
    },
  };
}

describe('taking an attempt in turn', () => {
  it('waits while the attempts in flight fill the lock, and goes once one settles well', async () => {
    const lock = createMemoryAttemptLock({ maxFailures: 2, lockMs: 60_000 });
    await lock.begin('u');
    await lock.begin('u');
    let sleeps = 0;
    const time = fakeTime(async () => {
      if (++sleeps === 3) await lock.settle('u', 'succeeded');
    });
    expect(await beginInTurn(lock, 'u', { waitMs: 1000, pollMs: 50, ...time })).toEqual({ ok: true });
    expect(sleeps).toBe(3);
  });

  it('answers the lock at once when the attempts in flight lock the key', async () => {
    const lock = createMemoryAttemptLock({ maxFailures: 2, lockMs: 60_000 });
    await lock.begin('u');
    await lock.begin('u');
    const time = fakeTime(async () => {
      await lock.settle('u', 'failed');
      await lock.settle('u', 'failed');
    });
    expect(await beginInTurn(lock, 'u', { waitMs: 1000, pollMs: 50, ...time })).toMatchObject({
      ok: false,
      busy: false,
    });
  });

  it('gives up, still busy, when nothing settles within the wait', async () => {
    const lock = createMemoryAttemptLock({ maxFailures: 1, lockMs: 60_000 });
    await lock.begin('u');
    const time = fakeTime();
    expect(await beginInTurn(lock, 'u', { waitMs: 500, pollMs: 50, ...time })).toMatchObject({
      ok: false,
      busy: true,
    });
    expect(time.now()).toBeGreaterThanOrEqual(500);
    expect(time.now()).toBeLessThan(600);
  });
});
