import { ALARM_EVENT_TYPES, type EventTypeCode } from '../../shared/eventTypes';
import { ALARM_COLOURS, servtypeOf, type EventCode } from './eventCatalog';
import type { DispatchAgency, Incident, MonitoredSystem, SimEvent } from './types';
import type { World } from './world';

/** A signal as a receiver hands it over. */
export interface SignalInput {
  system: MonitoredSystem;
  code: EventCode;
  at: number;
  zoneId?: string | null;
  comment?: string | null;
  user?: string | null;
}

export interface SignalResult {
  event: SimEvent;
  /** The incident the event raised or joined, if any. */
  incident: Incident | null;
  /** True when this signal raised a new active alarm. */
  raised: boolean;
}

/** Report categories that are bookkeeping, never field signals: a test does not swallow them. */
const BOOKKEEPING: ReadonlySet<EventTypeCode> = new Set<EventTypeCode>(['D', 'OA', 'CR', 'TE']);
/** Categories that leave a zone unrestored until an R signal for it comes in. */
const LEAVES_ZONE_UNRESTORED: ReadonlySet<EventTypeCode> = new Set<EventTypeCode>([
  ...ALARM_EVENT_TYPES,
  'TR',
]);

export interface EventDraft {
  system: MonitoredSystem;
  at: number;
  eventrptId: EventTypeCode;
  eventId: string;
  description: string;
  zoneId?: string | null;
  comment?: string | null;
  testSeqno?: number;
  isTestCleared?: 'Y' | 'N';
  incident?: Incident | null;
  user?: string | null;
  dispatch?: DispatchAgency | null;
}

/** Writes one event to the store, links it to its incident and keeps zone states. */
export function writeEvent(world: World, d: EventDraft): SimEvent {
  const event = world.events.append({
    at: d.at,
    agencyId: d.system.agencyId,
    siteNo: d.system.siteNo,
    systemNo: d.system.systemNo,
    csNo: d.system.csNo,
    eventrptId: d.eventrptId,
    eventId: d.eventId,
    description: d.description,
    zoneId: d.zoneId ?? null,
    comment: d.comment ?? null,
    testSeqno: d.testSeqno ?? 0,
    isTestCleared: d.isTestCleared ?? 'Y',
    alarmincNo: d.incident?.alarmincNo ?? null,
    user: d.user ?? null,
    dispatch: d.dispatch ?? null,
  });
  d.incident?.eventIds.push(event.id);
  return event;
}

function describe(world: World, input: SignalInput, onTest: boolean): string {
  const zone = input.zoneId ? world.zone(input.system.systemNo, input.zoneId) : undefined;
  let text = input.code.descr;
  if (onTest) text += ' (ON TEST)';
  if (zone) text += ` - ZONE ${zone.zoneId} ${zone.comment}`;
  if (input.comment) text += ` - ${input.comment}`;
  return text;
}

/**
 * Receives a signal: records the event; on a system on test it becomes a test event (TE,
 * isTestCleared N) and raises nothing; otherwise an alarm type raises an active alarm, or joins
 * the system's active alarm of that type.
 */
export function receiveSignal(world: World, input: SignalInput): SignalResult {
  const { system, code, at } = input;
  const zoneId = input.zoneId ?? null;
  const test = BOOKKEEPING.has(code.eventrptId)
    ? undefined
    : world.tests.coveringAt(system.systemNo, zoneId, at);
  const onTest =
    test != null &&
    (test.servtypeList.length === 0 || test.servtypeList.includes(servtypeOf(code.eventrptId)));

  let incident: Incident | null = null;
  let raised = false;
  if (!onTest) {
    const isAlarm = ALARM_EVENT_TYPES.includes(code.eventrptId);
    incident =
      (isAlarm
        ? world.incidents.activeFor(system.systemNo, system.agencyId, code.eventrptId)
        : world.incidents.activeFor(system.systemNo, system.agencyId)) ?? null;
    if (isAlarm && !incident) {
      const colour = ALARM_COLOURS[code.eventrptId] ?? { color: 'orange', colorCode: '#FFA500' };
      incident = {
        alarmincNo: world.incidents.nextIncidentNo(),
        eventId: world.events.peekNextId,
        agencyId: system.agencyId,
        siteNo: system.siteNo,
        systemNo: system.systemNo,
        csNo: system.csNo,
        at,
        eventrptId: code.eventrptId,
        alarmEventId: code.eventId,
        description: code.descr,
        zoneId,
        color: colour.color,
        colorCode: colour.colorCode,
        eventIds: [],
        closedAt: null,
        outcome: null,
        closedBy: null,
        comment: null,
        dispatch: null,
      };
      raised = true;
    }
  }

  const event = writeEvent(world, {
    system,
    at,
    eventrptId: onTest ? 'TE' : code.eventrptId,
    eventId: code.eventId,
    description: describe(world, input, onTest),
    zoneId,
    comment: input.comment ?? null,
    testSeqno: onTest && test ? test.seqno : 0,
    isTestCleared: onTest ? 'N' : 'Y',
    incident,
    user: input.user ?? null,
  });
  if (incident && raised) {
    // The store may have moved the time up to keep ids in time order: the alarm follows its event.
    incident.at = event.at;
    incident.eventId = event.id;
    world.incidents.open(incident);
  }

  if (zoneId) {
    if (LEAVES_ZONE_UNRESTORED.has(code.eventrptId)) {
      let zones = world.unrestored.get(system.systemNo);
      if (!zones) world.unrestored.set(system.systemNo, (zones = new Map()));
      zones.set(zoneId, event.id);
    } else if (code.eventrptId === 'R') {
      world.unrestored.get(system.systemNo)?.delete(zoneId);
    }
  }
  return { event, incident, raised };
}
