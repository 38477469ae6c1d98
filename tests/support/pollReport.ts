import type { PollReport } from '../../server/feeds/agencyFeed';

/**
 * A successful poll's report as a feed hands it to its listeners (the recorder, live anomalies):
 * one request of 100 bytes in 5 ms, unless `p` says otherwise.
 */
export function pollReport(ref: PollReport['ref'], at: number, p: Partial<PollReport> = {}): PollReport {
  return { ref, ms: 5, ok: true, requests: 1, bytes: 100, at, ...p };
}
