import { closeIncident } from '../world/alarmActions';
import type { Incident } from '../world/types';
import type { World } from '../world/world';
import { maySee } from './scope';
import type { Session } from './sessions';

export interface AlarmRef {
  alarmincNo?: number;
  systemNo?: number;
  csNo?: string;
}

/**
 * The active alarms a dispatch or cancel call means: the incident named, else every active alarm
 * of the system (by system number or CS#). Returns an error text when there is none.
 */
export function activeAlarmsFor(world: World, session: Session, ref: AlarmRef): Incident[] | string {
  if (ref.alarmincNo != null && ref.alarmincNo > 0) {
    const i = world.incidents.get(ref.alarmincNo);
    if (!i) return 'Alarm incident not found.';
    if (!maySee(session, i.agencyId)) return 'Unauthorized agency.';
    if (i.closedAt != null) return 'This alarm is no longer active.';
    return [i];
  }
  const system =
    ref.systemNo != null ? world.system(ref.systemNo) : ref.csNo ? world.systemByCsNo(ref.csNo) : undefined;
  if (!system) return 'Account not found.';
  if (!maySee(session, system.agencyId)) return 'Unauthorized agency.';
  const active = world.incidents.activeOf(system.agencyId).filter((i) => i.systemNo === system.systemNo);
  return active.length > 0 ? active : 'No active alarm for this account.';
}

/** Requests the authorities: each alarm closes with a D (dispatch) event. */
export function requestDispatch(
  world: World,
  session: Session,
  alarms: Incident[],
  comment: string | null,
  willRespond: boolean,
  at: number,
) {
  const who = `${session.user.firstName} ${session.user.lastName}`;
  const text =
    [willRespond ? 'USER WILL MEET AUTHORITIES' : null, comment].filter(Boolean).join(': ') || null;
  return alarms.map((i) => closeIncident(world, i, 'dispatched', { at, user: who, comment: text }));
}

/** Cancels (clears) alarms from the web: each closes with an OA WEBCLR event. */
export function cancelAlarms(
  world: World,
  session: Session,
  alarms: Incident[],
  comment: string | null,
  at: number,
) {
  const who = `${session.user.firstName} ${session.user.lastName}`;
  return alarms.map((i) => closeIncident(world, i, 'cleared', { at, user: who, comment }));
}
