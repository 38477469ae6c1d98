import type { AttemptBegun, AttemptLock } from './attemptLock';

export interface AttemptTurnOptions {
  /** How long an attempt waits for the attempts in flight to settle before it gives up. */
  waitMs: number;
  /** How often it looks again (the lock may live in Redis, shared by processes: no event to await). */
  pollMs: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Takes an attempt on a lock whose attempts in flight count, waiting its turn while it is only
 * busy: a wall of screens signing in as one user at once goes through a few at a time (each
 * success frees the way), while wrong entries sent at once still get no more checks than the
 * lock allows. Answers the last refusal when the key is locked or the wait ran out.
 */
export async function beginInTurn(
  lock: Pick<AttemptLock, 'begin'>,
  key: string,
  { waitMs, pollMs, sleep = defaultSleep, now = Date.now, random = Math.random }: AttemptTurnOptions,
): Promise<AttemptBegun> {
  const until = now() + waitMs;
  for (;;) {
    const begun = await lock.begin(key);
    if (begun.ok || !begun.busy || now() >= until) return begun;
    // Jitter, so the waiting attempts do not all look again at the same moment.
    await sleep(pollMs / 2 + random() * pollMs);
  }
}
