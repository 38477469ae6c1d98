import { randomUUID } from 'node:crypto';
import {
  ALARM_NOT_NAMED,
  ALARM_NOT_YOURS,
  SITE_NOT_YOURS,
  tooManySites,
} from '../../shared/messages/alarmActionMessages';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import type { ApiErrorCode } from '../http/apiErrors';
import type { Logger } from '../observability/logger';
import type { BridgeSession } from '../session/sessionStore';
import type { ActionOutcome } from './actionOutcome';
import type { ActionRequest, ScreenHints } from './actionRequests';
import { whileBusy, type AlarmActionLock, type LockWait } from './alarmActionLock';
import type { AccountRef, AlarmOwners } from './alarmOwners';
import { auditEntrySchema, type AuditEntry, type AuditTarget } from '../audit/auditEntry';
import { LOCKED_ACTIONS } from './answerStyles';

/**
 * Whether the caller may take an action, decided before any lock, upstream action or side effect,
 * and what the action is on as the upstream (not the request) says: a dispatch or cancel acts on
 * the alarm its body names, whose agency, CS#, site and system come from the active alarms.
 */
export interface AuthoriseDeps {
  logger: Logger;
  lock: AlarmActionLock;
  owners: AlarmOwners;
  record(entry: AuditEntry): Promise<void>;
  /** How long an action waits while another attempt holds its alarm (default: 1.5 leases, 250 ms looks). */
  lockWait?: LockWait;
}

/** The wait for an attempt on the same alarm: long enough for a dead holder's lease to lapse. */
export const lockWaitOf = (d: Pick<AuthoriseDeps, 'lock' | 'lockWait'>): LockWait =>
  d.lockWait ?? { waitMs: Math.round(d.lock.leaseMs * 1.5), pollMs: 250 };

/**
 * Sites one request may change tests of: each is looked up (unless known), so a request of many
 * records cannot become as many upstream calls (finding 9). The screens send one.
 */
export const MAX_SITES_PER_REQUEST = 20;

/** Why an attempt of a process that died is settled as it is (the audit's message). */
export const LEFT_ACTIVE_LIST = 'settled from the upstream: the alarm left the active list';
export const STILL_ACTIVE = 'settled from the upstream: the alarm was still active';
/** Why an attempt was not sent while another one on the alarm had not settled (the audit's message). */
export const NOT_SENT_IN_FLIGHT = 'not sent: another attempt on this alarm had not settled';
/** Why an attempt was not sent after an interrupted one on the alarm was settled from the upstream. */
export const NOT_SENT_INTERRUPTED =
  'not sent: an interrupted attempt on this alarm was settled from the upstream (the alarm left the active list)';

export type Authorisation =
  | { kind: 'allowed'; agencyId: string | null; target: AuditTarget }
  | { kind: 'handled'; agencyId: string; target: AuditTarget }
  /**
   * The alarm left the active list while an attempt on it had not settled, or after a dead
   * holder's attempt was settled from the upstream's state: nobody can say who handled it.
   */
  | { kind: 'inDoubt'; agencyId: string; target: AuditTarget; message: string }
  /** An alarm of the caller's agencies that has left the active list. */
  | { kind: 'notActive'; target: AuditTarget }
  | { kind: 'refused'; code: ApiErrorCode; message: string };

export const lockKey = (agencyId: string, alarmId: string) => `${agencyId}:${alarmId}`;

/** Closes an attempt whose process died (its entry, as the lock kept it) with what happened. */
export async function settleOrphan(d: AuthoriseDeps, orphan: string, outcome: ActionOutcome): Promise<void> {
  let entry;
  try {
    entry = auditEntrySchema.safeParse(JSON.parse(orphan));
  } catch {
    entry = null;
  }
  if (!entry?.success) return d.logger.warn({ orphan: orphan.slice(0, 200) }, 'unreadable orphaned attempt');
  await d.record({
    ...entry.data,
    id: randomUUID(),
    at: new Date().toISOString(),
    outcome: outcome.outcome,
    message: outcome.message,
    attemptId: entry.data.id,
  });
}

async function authoriseAlarmAction(
  d: AuthoriseDeps,
  session: BridgeSession,
  request: ActionRequest,
): Promise<Authorisation> {
  const alarmId = request.target.alarmId;
  if (alarmId === null) return { kind: 'refused', code: 'bad_request', message: ALARM_NOT_NAMED };
  const alarm = await d.owners.activeAlarm(session, alarmId);
  if (alarm) {
    const { agencyId, csNo, siteNo, systemNo } = alarm;
    return { kind: 'allowed', agencyId, target: { alarmId, csNo, siteNo, systemNo } };
  }
  // Only the alarm is known for certain; the rest of the request is the caller's word.
  const target = { alarmId, csNo: null, siteNo: null, systemNo: null };
  // No longer active: handled by someone allowed to act (a lock of the caller's agencies says so),
  // or by an attempt not settled yet or whose process died (settled now from the upstream's own
  // state): those are in doubt, never "handled by another user", as nobody saw who handled it.
  for (const agencyId of visibleAgencies(session.profile)) {
    const key = lockKey(agencyId, alarmId);
    const { state: mark } = await whileBusy(async () => ({ state: await d.lock.markOf(key) }), lockWaitOf(d));
    if (mark === 'handled') return { kind: 'handled', agencyId, target };
    if (mark === 'busy') return { kind: 'inDoubt', agencyId, target, message: NOT_SENT_IN_FLIGHT };
    if (mark === 'settled') return { kind: 'inDoubt', agencyId, target, message: NOT_SENT_INTERRUPTED };
    const orphan = await d.lock.takeOrphan(key);
    if (orphan !== null) {
      await settleOrphan(d, orphan, { outcome: 'ok', message: LEFT_ACTIVE_LIST });
      await d.lock.markSettled(key);
      return { kind: 'inDoubt', agencyId, target, message: NOT_SENT_INTERRUPTED };
    }
  }
  // "Not yours" only when it is so: an alarm the upstream shows the caller has just left the list.
  if (await d.owners.maySeeAlarm(session, alarmId)) return { kind: 'notActive', target };
  return { kind: 'refused', code: 'forbidden_agency', message: ALARM_NOT_YOURS };
}

async function authoriseTestChange(
  d: AuthoriseDeps,
  session: BridgeSession,
  request: ActionRequest,
  hints: ScreenHints,
): Promise<Authorisation> {
  // A test change names systems of sites: each must be one the upstream shows the caller.
  const tested = request.tests ?? [request.target];
  const places = new Map<string, AccountRef>();
  for (const x of tested) {
    const place = { siteNo: x.siteNo, systemNo: x.systemNo, csNo: x.csNo };
    places.set(JSON.stringify(place.siteNo !== null ? { siteNo: place.siteNo } : place), place);
  }
  if (places.size > MAX_SITES_PER_REQUEST)
    return { kind: 'refused', code: 'bad_request', message: tooManySites(MAX_SITES_PER_REQUEST) };
  for (const place of places.values())
    if (!(await d.owners.maySeeAccount(session, place)))
      return { kind: 'refused', code: 'forbidden_agency', message: SITE_NOT_YOURS };

  const isTested = (p: { siteNo: string; systemNo: string }) =>
    tested.some((t) => (t.systemNo !== null ? t.systemNo === p.systemNo : t.siteNo === p.siteNo));
  // The alarm the screen acted from is kept in the audit once it is an active alarm of a tested system.
  const screenAlarm = hints.alarmId;
  const alarm = screenAlarm !== null ? await d.owners.activeAlarm(session, screenAlarm) : null;
  if (alarm !== null && isTested(alarm))
    return {
      kind: 'allowed',
      agencyId: alarm.agencyId,
      target: { ...request.target, alarmId: screenAlarm, csNo: request.target.csNo ?? alarm.csNo },
    };
  // The CS# the screen names is kept once the upstream shows it to the caller on a tested system.
  if (request.target.csNo === null && hints.csNo !== null) {
    const account = await d.owners.accountOf(session, hints.csNo);
    if (account !== null && isTested(account))
      return { kind: 'allowed', agencyId: null, target: { ...request.target, csNo: hints.csNo } };
  }
  return { kind: 'allowed', agencyId: null, target: request.target };
}

/** Authorises one action; a look-up that fails upstream or runs over the budget throws. */
export function authorise(
  d: AuthoriseDeps,
  session: BridgeSession,
  request: ActionRequest,
  hints: ScreenHints,
): Promise<Authorisation> {
  return LOCKED_ACTIONS.has(request.action)
    ? authoriseAlarmAction(d, session, request)
    : authoriseTestChange(d, session, request, hints);
}
