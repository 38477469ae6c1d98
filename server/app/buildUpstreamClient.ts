import type { BridgeConfig } from '../config/bridgeConfig';
import type { Metrics } from '../observability/metrics';
import { createUpstreamClient } from '../upstream/upstreamClient';

/** The monitoring-center client, its latency, bytes and errors counted in the bridge's metrics. */
export function buildUpstreamClient(config: BridgeConfig, metrics: Metrics) {
  const upstreamUrl = config.UPSTREAM_URL;
  // NOTE: the bridge knows no simulator port; startAll gives it the embedded simulator's address.
  if (!upstreamUrl)
    throw new Error("The bridge needs UPSTREAM_URL (startAll sets the embedded simulator's).");
  return createUpstreamClient({
    baseUrl: upstreamUrl,
    alarmBaseUrl: config.UPSTREAM_ALARM_URL ?? upstreamUrl,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    observe: (e) => {
      const path = e.path.replace(/^\//, '');
      metrics.upstreamLatency.observe({ path, outcome: e.ok ? 'ok' : (e.failure ?? 'error') }, e.ms / 1000);
      metrics.upstreamBytes.inc({ path }, e.bytes);
      if (!e.ok) metrics.upstreamErrors.inc({ path, kind: e.failure ?? 'error' });
    },
  });
}
