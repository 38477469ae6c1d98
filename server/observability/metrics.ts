import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One Prometheus registry per bridge process, with every metric the bridge reports. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const m = {
    registry,
    httpRequests: new Counter({
      name: 'bridge_http_requests_total',
      help: 'HTTP requests served',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    upstreamLatency: new Histogram({
      name: 'bridge_upstream_latency_seconds',
      help: 'Upstream call latency',
      labelNames: ['path', 'outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    upstreamErrors: new Counter({
      name: 'bridge_upstream_errors_total',
      help: 'Failed upstream calls',
      labelNames: ['path', 'kind'],
      registers: [registry],
    }),
    upstreamBytes: new Counter({
      name: 'bridge_upstream_bytes_total',
      help: 'Bytes read from the upstream',
      labelNames: ['path'],
      registers: [registry],
    }),
    screens: new Gauge({
      name: 'bridge_connected_screens',
      help: 'Connected live sockets on this process',
      registers: [registry],
    }),
    feeds: new Gauge({
      name: 'bridge_feeds',
      help: 'Feeds this process polls',
      labelNames: ['feed'],
      registers: [registry],
    }),
    polls: new Counter({
      name: 'bridge_polls_total',
      help: 'Feed polls',
      labelNames: ['feed', 'agency', 'outcome'],
      registers: [registry],
    }),
    pollLatency: new Histogram({
      name: 'bridge_poll_seconds',
      help: 'Time one feed poll took, upstream included',
      labelNames: ['feed', 'agency'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    deltaRows: new Histogram({
      name: 'bridge_delta_rows',
      help: 'Rows per delta',
      labelNames: ['feed'],
      buckets: [1, 2, 5, 10, 50, 100, 1000, 10000],
      registers: [registry],
    }),
    deltaBytes: new Histogram({
      name: 'bridge_delta_bytes',
      help: 'Encoded bytes per delta',
      labelNames: ['feed'],
      buckets: [256, 1024, 4096, 16384, 65536, 262144, 1048576],
      registers: [registry],
    }),
    broadcastLag: new Histogram({
      name: 'bridge_broadcast_lag_seconds',
      help: 'From the end of a poll to the delta handed to the sockets',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
      registers: [registry],
    }),
    resyncs: new Counter({
      name: 'bridge_resyncs_total',
      help: 'Subscribes answered with a snapshot instead of a resume',
      labelNames: ['reason'],
      registers: [registry],
    }),
    resumes: new Counter({
      name: 'bridge_resumes_total',
      help: 'Subscribes answered with the missed deltas',
      registers: [registry],
    }),
    feedInterval: new Gauge({
      name: 'bridge_feed_interval_seconds',
      help: 'How often each feed this process polls is polled now (the poll scheduler)',
      labelNames: ['feed', 'agency'],
      registers: [registry],
    }),
    upstreamBudget: new Gauge({
      name: 'bridge_upstream_budget_rps',
      help: 'Upstream requests per second allowed now, for every bridge together (lower while backed off)',
      registers: [registry],
    }),
    upstreamBudgetWaiting: new Gauge({
      name: 'bridge_upstream_budget_waiting',
      help: 'Feed requests of this process waiting for a slot of the upstream budget',
      registers: [registry],
    }),
    leaseChanges: new Counter({
      name: 'bridge_lease_changes_total',
      help: 'Poll leases won or lost',
      labelNames: ['change'],
      registers: [registry],
    }),
    leaseLosses: new Counter({
      name: 'bridge_lease_losses_total',
      help: 'Poll leases this process held and found taken or unreachable (paused past the lease, Redis away): leases moving that should not',
      registers: [registry],
    }),
    feedRequests: new Counter({
      name: 'bridge_feed_requests_total',
      help: 'Upstream requests of feed polls (what the upstream budget governs)',
      labelNames: ['feed'],
      registers: [registry],
    }),
    upstreamBudgetConfigured: new Gauge({
      name: 'bridge_upstream_budget_configured_rps',
      help: 'UPSTREAM_BUDGET_RPS: upstream requests per second allowed for every bridge together when nothing is backed off',
      registers: [registry],
    }),
    upstreamTimeout: new Gauge({
      name: 'bridge_upstream_timeout_seconds',
      help: 'UPSTREAM_TIMEOUT_MS: a poll running longer turns its feed stale',
      registers: [registry],
    }),
    pushSendFailures: new Counter({
      name: 'bridge_push_send_failures_total',
      help: 'Web pushes a push service did not accept (errors, timeouts; not subscriptions gone)',
      registers: [registry],
    }),
    mailSends: new Counter({
      name: 'bridge_mail_sends_total',
      help: 'Report e-mails sent through the upstream, by kind (reportEmail, scheduledReportEmail) and outcome (ok, failed: after its retries)',
      labelNames: ['kind', 'outcome'],
      registers: [registry],
    }),
    recordingWriteFailures: new Counter({
      name: 'bridge_recording_write_failures_total',
      help: 'Recordings (RECORD_AGENCIES) that failed to write: folder, file or compression errors, or a batch PostgreSQL refused or could not take',
      registers: [registry],
    }),
    recordingLinesDropped: new Counter({
      name: 'bridge_recording_lines_dropped_total',
      help: 'Recorded lines not written to PostgreSQL: its queue was full or it refused a batch (the feed is then written whole again)',
      registers: [registry],
    }),
    socketErrors: new Counter({
      name: 'bridge_socket_errors_total',
      help: 'Refused socket messages',
      labelNames: ['code'],
      registers: [registry],
    }),
  };
  return m;
}
export type Metrics = ReturnType<typeof createMetrics>;
