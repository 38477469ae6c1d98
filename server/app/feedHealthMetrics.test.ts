import { describe, expect, it } from 'vitest';
import { createMetrics } from '../observability/metrics';
import { countedLease, feedFreshness } from './feedHealthMetrics';

const ref = { agencyId: '21001', feed: 'alarms' } as const;

describe('feed health metrics', () => {
  it('counts a lease lost only when this process held it, not a hand-over', async () => {
    let answer = true;
    let losses = 0;
    const lease = countedLease({ acquire: async () => answer, release: async () => {} }, () => losses++);
    await lease.acquire('a');
    answer = false;
    await lease.acquire('a'); // taken by another bridge while held
    await lease.acquire('a'); // still not ours: no second loss
    await lease.acquire('b'); // never held
    expect(losses).toBe(1);
    answer = true;
    await lease.acquire('a');
    await lease.release('a'); // a graceful hand-over
    answer = false;
    await lease.acquire('a');
    expect(losses).toBe(1);
  });

  it("reports each polled feed's seconds since its last good poll, and forgets a feed given up", async () => {
    const metrics = createMetrics();
    let now = 1_000_000;
    const freshness = feedFreshness(metrics, () => now);
    const age = async () =>
      (await metrics.registry.getSingleMetric('bridge_feed_poll_age_seconds')!.get()).values.map(
        (v) => v.value,
      );
    freshness.held(ref, true);
    now += 4000;
    expect(await age()).toEqual([4]);
    freshness.polled({ ref, ms: 5, ok: true, requests: 1, bytes: 1, at: now - 1000 });
    freshness.polled({ ref, ms: 0, ok: false, requests: 0, bytes: 0, at: now });
    expect(await age()).toEqual([1]);
    freshness.held(ref, false);
    expect(await age()).toEqual([]);
  });
});
