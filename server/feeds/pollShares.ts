import type { FeedName } from '../../shared/live/protocol';

/** How much a feed matters to the dealers right now, in the order the budget serves them. */
export type FeedPriority = 'watchedAlarms' | 'watchedEvents' | 'testList' | 'unwatched';

/**
 * A feed's share of the budget, relative to the others: a watched active-alarm list polls twice
 * as often as a watched event history, four times as often as a test list, eight times as often as
 * an always-on feed no screen watches (docs/decisions.md, "Poll scheduler").
 */
export const PRIORITY_WEIGHTS: { readonly [P in FeedPriority]: number } = {
  watchedAlarms: 8,
  watchedEvents: 4,
  testList: 2,
  unwatched: 1,
};

export function priorityOf(kind: FeedName, watched: boolean): FeedPriority {
  if (!watched) return 'unwatched';
  if (kind === 'alarms') return 'watchedAlarms';
  if (kind === 'events') return 'watchedEvents';
  return 'testList';
}

/** One claimant of the budget: its weight, what one of its polls costs, its bounds (per second). */
export interface Claim {
  weight: number;
  /** Requests one poll makes. */
  cost: number;
  minRate: number;
  maxRate: number;
}

/**
 * Shares `requestsPerSecond` out as poll rates proportional to weight (water-filling): a claim
 * held at its `maxRate` gives what it cannot use to the others; a claim below its `minRate` is
 * raised to it even past the total (the slowest interval is a promise too). Pure.
 */
export function shareOut(claims: readonly Claim[], requestsPerSecond: number): number[] {
  const rates: (number | null)[] = claims.map(() => null);
  for (let round = 0; round <= claims.length; round++) {
    let left = requestsPerSecond;
    let weights = 0;
    for (let i = 0; i < claims.length; i++) {
      const fixed = rates[i];
      if (fixed != null) left -= fixed * claims[i].cost;
      else weights += claims[i].weight * claims[i].cost;
    }
    if (weights === 0) break;
    const perWeight = Math.max(0, left) / weights;
    // Clamp the worst offender of each side first, then share again.
    let changed = false;
    for (let i = 0; i < claims.length; i++) {
      if (rates[i] != null) continue;
      const r = perWeight * claims[i].weight;
      if (r > claims[i].maxRate) {
        rates[i] = claims[i].maxRate;
        changed = true;
      }
    }
    if (!changed)
      for (let i = 0; i < claims.length; i++) {
        if (rates[i] != null) continue;
        const r = perWeight * claims[i].weight;
        if (r < claims[i].minRate) {
          rates[i] = claims[i].minRate;
          changed = true;
        }
      }
    if (!changed) {
      for (let i = 0; i < claims.length; i++) rates[i] ??= perWeight * claims[i].weight;
      break;
    }
  }
  return rates.map((r, i) => r ?? claims[i].minRate);
}
