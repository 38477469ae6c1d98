import type { AuditEntry } from '../audit/auditEntry';
import type { Metrics } from '../observability/metrics';

/** The audit actions that are e-mails sent through the upstream. */
const MAIL_ACTIONS: ReadonlySet<AuditEntry['action']> = new Set(['reportEmail', 'scheduledReportEmail']);
/** How a send ended (an `attempted` entry is written ahead and ends in one of these). */
const ENDED: ReadonlySet<AuditEntry['outcome']> = new Set(['ok', 'failed', 'inDoubt']);

/**
 * Counts each report e-mail's end in `bridge_mail_sends_total`, as an observer of the audit trail
 * (server/audit/auditTrail.ts): the audit entry is where every send says how it ended (a scheduled
 * one after its retries), so the count and the audit never disagree.
 */
export function mailSendCounter(metrics: Pick<Metrics, 'mailSends'>): (entry: AuditEntry) => void {
  // Every series from the start at 0, so an alert on its increase sees the first failure.
  for (const kind of MAIL_ACTIONS) for (const outcome of ENDED) metrics.mailSends.inc({ kind, outcome }, 0);
  return (entry) => {
    if (MAIL_ACTIONS.has(entry.action) && ENDED.has(entry.outcome))
      metrics.mailSends.inc({ kind: entry.action, outcome: entry.outcome });
  };
}
