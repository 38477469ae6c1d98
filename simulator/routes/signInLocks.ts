/** How long a locked username stays locked, and how long refusals are remembered after the last one. */
export const SIGN_IN_LOCK_MS = 10 * 60_000;
export const LOCKED_MESSAGE = 'Your account is locked. Please try again in 10 minutes.';

/**
 * The monitoring center's account lock: `after` refused sign-ins in a row lock the username for
 * ten minutes, whatever the password; a success resets the count, and the count is forgotten ten
 * minutes after the last refusal. `after` 0 never locks (the simulator's default, so tests that
 * try wrong passwords against the bridge's own lock are not locked out here too).
 */
export function createSignInLocks(after: number, clock: () => number) {
  const byName = new Map<string, { refusals: number; lastAt: number; lockedUntil: number }>();
  return {
    locked(username: string): boolean {
      const e = byName.get(username.trim().toLowerCase());
      return !!e && e.lockedUntil > clock();
    },
    refused(username: string) {
      if (after <= 0) return;
      const name = username.trim().toLowerCase();
      const now = clock();
      const e = byName.get(name);
      const refusals = e && now - e.lastAt < SIGN_IN_LOCK_MS ? e.refusals + 1 : 1;
      byName.set(name, { refusals, lastAt: now, lockedUntil: refusals >= after ? now + SIGN_IN_LOCK_MS : 0 });
    },
    succeeded(username: string) {
      byName.delete(username.trim().toLowerCase());
    },
  };
}
