/**
 * When the bridge identity may try to sign in again. The upstream locks an account after five
 * refused sign-ins in a row and forgets the count ten minutes after the last refusal (as the
 * bridge's own lock does, docs/api.md "Refusals and locks"). So: a few quick tries for a typo
 * fixed in the upstream's admin meanwhile, then waits longer than that forgetting window, each
 * doubling up to an hour. At most QUICK_TRIES refusals ever fall inside one window: the account
 * never locks, whatever the password.
 */
export const QUICK_TRIES = 3;
/** The upstream forgets refusals this long after the last one. */
export const UPSTREAM_FORGETS_MS = 10 * 60_000;
const QUICK_WAITS_MS = [5_000, 30_000];
const SLOW_FIRST_MS = UPSTREAM_FORGETS_MS + 60_000;
const SLOW_MAX_MS = 60 * 60_000;

/** Milliseconds to wait after `refusals` refused sign-ins in a row (1 = the first refusal). */
export function waitAfterRefusals(refusals: number): number {
  if (refusals < 1) return 0;
  if (refusals < QUICK_TRIES) return QUICK_WAITS_MS[Math.min(refusals - 1, QUICK_WAITS_MS.length - 1)];
  return Math.min(SLOW_MAX_MS, SLOW_FIRST_MS * 2 ** (refusals - QUICK_TRIES));
}

/** Milliseconds to wait after `failures` sign-ins in a row the upstream did not answer (no lock risk). */
export function waitAfterUnavailable(failures: number): number {
  if (failures < 1) return 0;
  return Math.min(60_000, 2000 * 2 ** (failures - 1));
}
