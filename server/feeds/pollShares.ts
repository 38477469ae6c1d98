import type { FeedName } from '../../shared/live/protocol';

/** How much a feed matters to the dealers right now, in the order the budget serves them. */
export type FeedPriority = 'watchedAlarms' | 'watchedEvents' | 'testList' | 'unwatched';

/**
 * A feed's share of the budget, relative to the others, when the budget cannot cover every feed
 * at its own pace: a watched active-alarm list polls twice as often as a watched event history,
 * four times as often as a test list, eight times as often as an always-on feed no screen watches
 * (docs/decisions.md, "Poll scheduler" and "Upstream cost follows what screens watch").
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

/** The operator's paces (ms): POLL_FLOOR_MS, POLL_MS and ALWAYS_ON_POLL_MS. */
export interface Paces {
  floorMs: number;
  ceilingMs: number;
  alwaysOnMs: number;
}

/**
 * The shortest interval a feed of this priority gets by its own share, however much budget is left.
 * NOTE: only watched active alarms go down to the floor. A watched event history goes down to
 * twice the floor: alarm news pulls it forward at once (feedManager's nudge), so only events that
 * raise no alarm wait for its own poll, half of it on average, the floor. A watched test list keeps
 * POLL_MS (a test placed through the bridge polls it at once). An always-on feed no screen watches
 * keeps ALWAYS_ON_POLL_MS. A watched feed never polls slower than it would unwatched.
 */
export function fastestMs(priority: FeedPriority, p: Paces): number {
  const floor = Math.min(p.floorMs, p.ceilingMs);
  if (priority === 'watchedAlarms') return floor;
  if (priority === 'unwatched') return Math.max(floor, p.alwaysOnMs);
  const pace = Math.max(floor, Math.min(p.ceilingMs, p.alwaysOnMs));
  return priority === 'watchedEvents' ? Math.min(pace, 2 * floor) : pace;
}

/**
 * The longest interval a feed of this priority gets while the budget covers every feed at it
 * (its pace, stretched by `health` while the upstream is backed off).
 */
export function slowestMs(priority: FeedPriority, p: Paces, health = 1): number {
  const pace = priority === 'unwatched' ? Math.max(p.ceilingMs, p.alwaysOnMs) : p.ceilingMs;
  return Math.max(fastestMs(priority, p), pace) / health;
}

/** One claimant of the budget: its weight, what one of its polls costs, its bounds (per second). */
export interface Claim {
  weight: number;
  /** Requests one poll makes. */
  cost: number;
  minRate: number;
  maxRate: number;
}

/** A feed as the share-out sees it. */
export interface FeedDemand {
  priority: FeedPriority;
  /** Requests one poll makes, averaged (an event history's reconcile reads many pages). */
  cost: number;
}

/**
 * Each feed's interval (ms) for `requestsPerSecond`: when the budget covers every feed at its
 * slowest interval, each gets at least that and at most its fastest, and only watched active
 * alarms can use what is left (the others' fastest is their slowest); when it does not, the
 * budget is shared by weight alone and feeds below watched alarms stretch past POLL_MS. Pure.
 */
export function intervalsFor(
  feeds: readonly FeedDemand[],
  requestsPerSecond: number,
  paces: Paces,
  health = 1,
): number[] {
  const slowest = feeds.map((f) => slowestMs(f.priority, paces, health));
  const atSlowest = feeds.reduce((sum, f, i) => sum + (f.cost * 1000) / slowest[i], 0);
  // A floor at POLL_MS pins every feed at its pace, as the poller before the scheduler did.
  const covered = paces.floorMs >= paces.ceilingMs || atSlowest <= requestsPerSecond;
  const rates = shareOut(
    feeds.map((f, i) => ({
      weight: PRIORITY_WEIGHTS[f.priority],
      cost: f.cost,
      minRate: covered ? 1000 / slowest[i] : 0,
      maxRate: 1000 / fastestMs(f.priority, paces),
    })),
    requestsPerSecond,
  );
  return feeds.map((f, i) => {
    const ms = rates[i] > 0 ? 1000 / rates[i] : slowest[i];
    const fastest = fastestMs(f.priority, paces);
    return Math.round(Math.max(fastest, covered ? Math.min(slowest[i], ms) : ms));
  });
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
