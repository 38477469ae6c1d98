import { z } from 'zod';

/**
 * One line of the audit log: who acted on which alarm or account, what they did, when, and how
 * it ended. Written by the bridge for every dispatch, cancel and test change (issue 6).
 */
export const AUDIT_ACTIONS = [
  'dispatch',
  'cancel',
  'placeOnTest',
  'clearTest',
  'extendTest',
  // The Test Zones Report e-mailed (server/actions/reportEmailRoute.ts): the message lists its recipients.
  'reportEmail',
  // A scheduled report e-mail the bridge sent for its owner (server/schedules): recipients first.
  'scheduledReportEmail',
  // A test-expiry reminder sent (server/reminders): who was told, by e-mail and/or push.
  'testReminder',
  // A live anomaly (server/anomalies): opened, updated, closed, or acted on by a user.
  'anomaly',
  // A time range of an agency's recordings exported for a colleague (server/recordings): the range.
  'recordingExport',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * `attempted`: written ahead, before the upstream call; an entry with the same `attemptId` says
 * how it ended. `alreadyHandled`: the bridge refused a second action on an alarm someone had acted
 * on. `inDoubt`: the upstream's answer was lost or unreadable and its own state could not tell.
 */
export const AUDIT_OUTCOMES = ['attempted', 'ok', 'failed', 'alreadyHandled', 'inDoubt'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Which alarm, account and site an action names; any may be unknown. */
export interface AuditTarget {
  alarmId: string | null;
  csNo: string | null;
  siteNo: string | null;
  systemNo: string | null;
}

/** One test of a request that changed several. */
export const auditTestSchema = z.object({
  action: z.enum(AUDIT_ACTIONS),
  csNo: z.string().nullable(),
  siteNo: z.string().nullable(),
  systemNo: z.string().nullable(),
});
export type AuditTest = z.infer<typeof auditTestSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  /** ISO 8601, UTC. */
  at: z.string(),
  username: z.string(),
  contactNumber: z.string(),
  /**
   * The agency that owns the alarm or site acted on (the acting user's own when the bridge could
   * not tell): an owner reads the entries of the agencies it may see, so it sees every action on
   * its alarms, whoever took it.
   */
  agencyId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  alarmId: z.string().nullable(),
  csNo: z.string().nullable(),
  siteNo: z.string().nullable(),
  systemNo: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  message: z.string().nullable(),
  /** The tests one request changed together (ClearOrExtendMultipleTests): one entry lists them all. */
  tests: z.array(auditTestSchema).nullable().optional(),
  /** The id of the `attempted` entry this outcome closes (the attempt's own entry has its own id). */
  attemptId: z.string().nullable().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** What a reader asks for: a time window (ms since the epoch), agencies, newest first, at most `limit`. */
export interface AuditQuery {
  agencies: readonly string[];
  from: number | null;
  to: number | null;
  limit: number;
}

export const AUDIT_COLUMNS = [
  'at',
  'username',
  'contactNumber',
  'agencyId',
  'action',
  'alarmId',
  'csNo',
  'siteNo',
  'systemNo',
  'outcome',
  'message',
] as const;

/** Whether an entry falls in a query's window and agencies (`to` is exclusive). */
export function auditMatches(entry: AuditEntry, q: AuditQuery): boolean {
  const t = Date.parse(entry.at);
  if (q.from !== null && t < q.from) return false;
  if (q.to !== null && t >= q.to) return false;
  return q.agencies.includes(entry.agencyId);
}

function csvCell(value: string | null): string {
  if (value === null) return '';
  // NOTE: a leading =, +, - or @ would run as a formula in a spreadsheet; a quote disarms it.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The entries as CSV with a header line, CRLF line ends (RFC 4180). */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = [AUDIT_COLUMNS.join(',')];
  for (const e of entries) lines.push(AUDIT_COLUMNS.map((c) => csvCell(e[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
