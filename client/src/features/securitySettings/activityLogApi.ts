import { z } from 'zod';
import { get } from '../../lib/api/apiClient';

/** One action of the bridge's audit log (GET /api/audit, owner only; docs/api.md). */
const entrySchema = z.object({
  id: z.string(),
  at: z.string(),
  username: z.string(),
  contactNumber: z.string(),
  agencyId: z.string(),
  action: z.string(),
  alarmId: z.string().nullable(),
  csNo: z.string().nullable(),
  siteNo: z.string().nullable(),
  systemNo: z.string().nullable(),
  outcome: z.string(),
  message: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof entrySchema>;

export const AUDIT_PATH = '/api/audit';

/** The actions the log names, in the dealer's words. */
export const ACTION_LABELS: Readonly<Record<string, string>> = {
  dispatch: 'Request dispatch',
  cancel: 'Cancel dispatch',
  placeOnTest: 'Place on test',
  clearTest: 'Clear test',
  extendTest: 'Extend test',
  reportEmail: 'E-mail report',
  scheduledReportEmail: 'Scheduled e-mail report',
  testReminder: 'Test-expiry reminder',
  anomaly: 'Live anomaly',
  recordingExport: 'Recording exported',
};

export const OUTCOME_LABELS: Readonly<Record<string, string>> = {
  ok: 'Done',
  failed: 'Failed',
  alreadyHandled: 'Already handled by someone else',
  // NOTE: not in the spec; the bridge writes the attempt ahead and then how it ended.
  attempted: 'Attempted',
  inDoubt: 'Not confirmed: check the alarm',
};

/** Newest first, within the window (ms since the epoch, `to` exclusive), at most 1000. */
export async function loadActivity(
  window: { from: number | null; to: number | null },
  signal: AbortSignal,
): Promise<ActivityEntry[]> {
  const answer = await get(AUDIT_PATH, {
    query: { from: window.from ?? undefined, to: window.to ?? undefined, limit: 1000 },
    schema: z.object({ entries: z.array(entrySchema) }),
    signal,
  });
  return answer.entries;
}

export interface ActivityFilter {
  user: string;
  action: string;
  csNo: string;
}

/** The filters the owner sets: user and action exactly, CS# by case-insensitive substring. */
export function filterActivity(entries: readonly ActivityEntry[], f: ActivityFilter): ActivityEntry[] {
  const cs = f.csNo.trim().toLowerCase();
  return entries.filter(
    (e) =>
      (!f.user || e.username === f.user) &&
      (!f.action || e.action === f.action) &&
      (!cs || (e.csNo ?? '').toLowerCase().includes(cs)),
  );
}

/** A yyyy-mm-dd date input as the start of that local day (ms), or null when empty. */
export function dayStart(value: string, plusDays = 0): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays).getTime();
}
