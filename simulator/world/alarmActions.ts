import { MANUAL_SIGNAL_CANCEL_EVENT_ID } from '../../shared/eventTypes';
import { EVENT_CODES, RESTORE_CODE, dispatchCodeFor, resolveEventCode } from './eventCatalog';
import { writeEvent } from './signals';
import type { DispatchAgency, Incident, IncidentOutcome, SimEvent } from './types';
import type { World } from './world';

export interface CloseOptions {
  at: number;
  user?: string | null;
  comment?: string | null;
}

function code(eventId: string) {
  const c = EVENT_CODES.find((x) => x.eventId === eventId) ?? resolveEventCode(eventId);
  if (!c) throw new Error(`unknown event code ${eventId}`);
  return c;
}

/**
 * Ends an active alarm and writes the event that says how: a restore (R), an operator clearing
 * it (OA), a web user clearing it (OA WEBCLR), a dispatch (D), a refused dispatch (D ARD) or a
 * cancel from the text app (CR 4618).
 */
export function closeIncident(
  world: World,
  incident: Incident,
  outcome: IncidentOutcome,
  opts: CloseOptions,
): SimEvent {
  const system = world.system(incident.systemNo);
  const site = world.site(incident.siteNo);
  if (!system || !site) throw new Error(`incident ${incident.alarmincNo} has no system`);
  let eventCode = code('CLR');
  let zoneId: string | null = null;
  let dispatch: DispatchAgency | null = null;
  switch (outcome) {
    case 'restored':
      eventCode = code(RESTORE_CODE[incident.eventrptId] ?? 'TRR');
      zoneId = incident.zoneId;
      break;
    case 'operator':
      eventCode = code('CLR');
      break;
    case 'cleared':
      eventCode = code('WEBCLR');
      break;
    case 'dispatched':
    case 'refused': {
      eventCode = code(outcome === 'refused' ? 'ARD' : dispatchCodeFor(incident.eventrptId));
      const kind = incident.eventrptId === 'F' ? 'FIRE' : incident.eventrptId === 'ME' ? 'EMS' : 'POL';
      dispatch = world.dispatchAgencyFor(site, kind);
      break;
    }
    case 'cancelled':
      eventCode = code(MANUAL_SIGNAL_CANCEL_EVENT_ID);
      break;
  }
  let description = eventCode.descr;
  if (dispatch) description += ` - ${dispatch.agencyName}`;
  if (zoneId) description += ` - ZONE ${zoneId}`;
  if (opts.comment) description += ` - ${opts.comment}`;
  const event = writeEvent(world, {
    system,
    at: opts.at,
    eventrptId: eventCode.eventrptId,
    eventId: eventCode.eventId,
    description,
    zoneId,
    comment: opts.comment ?? null,
    incident,
    user: opts.user ?? null,
    dispatch,
  });
  if (outcome === 'restored' && zoneId) world.unrestored.get(system.systemNo)?.delete(zoneId);
  incident.closedAt = event.at;
  incident.outcome = outcome;
  incident.closedBy = opts.user ?? null;
  incident.comment = opts.comment ?? null;
  incident.dispatch = dispatch;
  world.incidents.close(incident);
  return event;
}
