import type { PollReport } from '../feeds/agencyFeed';
import type { Metrics } from '../observability/metrics';

/** Turns each feed poll into metrics: polls, their latency, delta sizes. */
export function observePoll(metrics: Metrics, r: PollReport): void {
  const labels = { feed: r.ref.feed, agency: r.ref.agencyId };
  metrics.polls.inc({ ...labels, outcome: r.ok ? 'ok' : 'failed' });
  if (r.requests > 0) metrics.feedRequests.inc({ feed: r.ref.feed }, r.requests);
  if (!r.ok) return;
  metrics.pollLatency.observe(labels, r.ms / 1000);
  if (r.delta) {
    metrics.deltaRows.observe({ feed: r.ref.feed }, r.delta.upserts.length + r.delta.removes.length);
    // NOTE: a second encode, once per delta (not per screen), to report wire size.
    metrics.deltaBytes.observe({ feed: r.ref.feed }, Buffer.byteLength(JSON.stringify(r.delta)));
  }
}
