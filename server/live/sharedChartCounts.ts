import type { ChartCounts } from '../../shared/live/protocol';

/**
 * The live chart's counts of one snapshot, made once for the screens that join at the same feed
 * position within `ttlMs` (a restart's reconnecting screens, a wall of screens opened together):
 * counting is one pass over the window, about 40-70 ms at 100,000 rows. Kept briefly, as the
 * buckets move with the clock; an older position is dropped as a newer one is counted.
 */
export function sharedChartCounts(ttlMs = 2000) {
  const made = new Map<string, { at: number; counts: ChartCounts[] }>();
  return (position: string, now: number, count: () => ChartCounts[]): ChartCounts[] => {
    for (const [key, entry] of made) if (now - entry.at > ttlMs) made.delete(key);
    const hit = made.get(position);
    if (hit) return hit.counts;
    const counts = count();
    made.set(position, { at: now, counts });
    return counts;
  };
}
