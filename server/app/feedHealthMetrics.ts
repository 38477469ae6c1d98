import { Gauge } from 'prom-client';
import { feedKey, type FeedRef } from '../../shared/live/protocol';
import type { PollReport } from '../feeds/agencyFeed';
import type { PollLease } from '../feeds/pollLease';
import type { Metrics } from '../observability/metrics';

/**
 * How long each feed this process polls has gone without a good poll, read at each scrape as
 * `bridge_feed_poll_age_seconds{feed, agency}`. A feed counts from when this process took it
 * over; it leaves the metric when the process stops polling it, so the freshest bridge speaks
 * for a feed that moved. The alert compares it with the feed's interval and the upstream timeout
 * (ops/prometheus/alerts.yml).
 */
export function feedFreshness(metrics: Pick<Metrics, 'registry'>, clock: () => number = Date.now) {
  const lastGood = new Map<string, { ref: FeedRef; at: number }>();
  new Gauge({
    name: 'bridge_feed_poll_age_seconds',
    help: 'Seconds since the last good poll of each feed this process polls (since it took the feed over, before its first)',
    labelNames: ['feed', 'agency'],
    registers: [metrics.registry],
    collect() {
      this.reset();
      const now = clock();
      for (const { ref, at } of lastGood.values())
        this.set({ feed: ref.feed, agency: ref.agencyId }, Math.max(0, now - at) / 1000);
    },
  });
  return {
    held(ref: FeedRef, held: boolean) {
      if (held) lastGood.set(feedKey(ref), { ref, at: clock() });
      else lastGood.delete(feedKey(ref));
    },
    polled(r: PollReport) {
      const entry = lastGood.get(feedKey(r.ref));
      if (r.ok && entry) entry.at = r.at;
    },
  };
}

/**
 * The poll lease, counting the leases this process held and then failed to keep (another bridge
 * took it after a pause past the lease, or Redis did not answer). A graceful hand-over (release)
 * and a lease never held count nothing.
 */
export function countedLease(lease: PollLease, onLost: () => void): PollLease {
  const held = new Set<string>();
  return {
    async acquire(key) {
      const ok = await lease.acquire(key);
      if (ok) held.add(key);
      else if (held.delete(key)) onLost();
      return ok;
    },
    release(key) {
      held.delete(key);
      return lease.release(key);
    },
  };
}
