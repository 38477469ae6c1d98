import type { ScheduledReport } from '../../shared/schedules/scheduledReport';
import type { CurrentRightsReader, RightsVerdict } from '../rights/currentRights';
import { reportRefusal } from './scheduleRights';
import type { ScheduleRecord } from './scheduleStore';

/** Whether a schedule's owner may still have it sent, by their rights read now. */
export type OwnerCheck = { kind: 'ok' } | { kind: 'refused'; why: string } | { kind: 'unknown'; why: string };

/** The reason a schedule pauses when its owner no longer exists upstream. */
export const ownerGoneReason = (r: Pick<ScheduleRecord, 'owner'>) =>
  `Paused: ${r.owner.name} (${r.owner.username}) no longer exists at the monitoring center.`;

/** The reason a schedule pauses after "Sign out everywhere"; only a newer sign-in of its owner resumes it. */
export const SIGNED_OUT_REASON =
  'Paused: you signed out everywhere. Resume it after signing in again to confirm it is yours.';

/** A verdict the bridge has (or an unknown one) judged for one schedule's report and agency. */
export function judgeSchedule(
  verdict: RightsVerdict,
  r: Pick<ScheduleRecord, 'owner' | 'agencyId'>,
  report: Pick<ScheduledReport<unknown>, 'menu' | 'title'>,
  ownerRelationId: string,
): OwnerCheck {
  if (verdict.kind === 'unknown') return verdict;
  if (verdict.kind === 'gone') return { kind: 'refused', why: ownerGoneReason(r) };
  const refusal = reportRefusal(verdict.rights, report, r.agencyId, ownerRelationId);
  return refusal ? { kind: 'refused', why: refusal } : { kind: 'ok' };
}

/** The owner's rights, read afresh with the bridge's identity, judged for one schedule. */
export async function checkScheduleOwner(
  rights: Pick<CurrentRightsReader, 'read'>,
  r: Pick<ScheduleRecord, 'owner' | 'agencyId'>,
  report: Pick<ScheduledReport<unknown>, 'menu' | 'title'>,
  ownerRelationId: string,
): Promise<OwnerCheck> {
  const verdict = await rights.read(r.owner.contactNumber, r.owner.agencyId, { fresh: true });
  return judgeSchedule(verdict, r, report, ownerRelationId);
}
