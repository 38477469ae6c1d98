import {
  EVENT_TYPE_CODES,
  EVENT_TYPES,
  MANUAL_SIGNAL_CANCEL_EVENT_ID,
  type EventTypeCode,
} from '../../shared/eventTypes';

/** One signal code the receivers know: its event id, report category and description. */
export interface EventCode {
  eventId: string;
  eventrptId: EventTypeCode;
  descr: string;
}

const codes: EventCode[] = [];
const add = (eventrptId: EventTypeCode, list: Array<[string, string]>) => {
  for (const [eventId, descr] of list) codes.push({ eventId, eventrptId, descr });
};

add('A', [['AT', 'AC POWER FAILURE']]);
add('B', [
  ['BA', 'BURGLARY ALARM'],
  ['BV', 'BURGLARY VERIFIED'],
]);
add('CF', [
  ['YC', 'COMMUNICATION FAILURE'],
  ['YS', 'COMMUNICATION TROUBLE'],
]);
add('CI', [['CID', 'CALLER ID RECEIVED']]);
add('CM', [['CIDM', 'CALLER ID MISMATCH']]);
add('CR', [
  ['CR', 'RESET / CANCEL'],
  [MANUAL_SIGNAL_CANCEL_EVENT_ID, 'DISPATCH CANCEL REQUEST'],
]);
add('D', [
  ['DP', 'POLICE DISPATCHED'],
  ['DF', 'FIRE DEPARTMENT DISPATCHED'],
  ['DM', 'EMS DISPATCHED'],
  ['ARD', 'AGENCY REFUSED DISPATCH'],
]);
add('F', [
  ['FA', 'FIRE ALARM'],
  ['WF', 'WATERFLOW ALARM'],
]);
add('FC', [['FC', 'FAIL TO CLOSE']]);
add('FO', [['FO', 'FAIL TO OPEN']]);
add('HU', [
  ['HA', 'HOLDUP ALARM'],
  ['DU', 'DURESS ALARM'],
]);
add('LB', [
  ['LB', 'LOW BATTERY'],
  ['XT', 'RF SENSOR LOW BATTERY'],
]);
add('LT', [['LT', '4820 SERIES SIGNAL']]);
add('M', [
  ['MS', 'MISC SIGNAL'],
  ['DISC', 'INVESTIGATION REQUEST'],
  ['SRS', 'SERVICE REQUEST'],
  ['CNFM', 'CUSTOMER CONFIRMATION'],
]);
add('ME', [['MA', 'MEDICAL ALARM']]);
add('NT', [['NT', 'NO TIMER TEST RECEIVED']]);
add('O', [
  ['OP', 'OPENING'],
  ['CL', 'CLOSING'],
]);
add('OA', [
  ['OA', 'OPERATOR ACTION'],
  ['CLR', 'ALARM CLEARED BY OPERATOR'],
  ['WEBCLR', 'ALARM CLEARED VIA WEB'],
]);
add('P', [['PA', 'PANIC ALARM']]);
add('R', [
  ['BR', 'BURGLARY RESTORE'],
  ['FR', 'FIRE RESTORE'],
  ['AR', 'AC POWER RESTORE'],
  ['YR', 'COMMUNICATION RESTORE'],
  ['TRR', 'TROUBLE RESTORE'],
  ['SR', 'SUPERVISORY RESTORE'],
  ['MR', 'MEDICAL RESTORE'],
  ['PR', 'PANIC RESTORE'],
  ['HR', 'HOLDUP RESTORE'],
  ['VR', 'VIDEO RESTORE'],
]);
add('SP', [
  ['SS', 'SUPERVISORY'],
  ['CO', 'CARBON MONOXIDE'],
]);
add('T', [['RP', 'AUTOMATIC TEST']]);
add('TE', [
  ['TX', 'TEST SIGNAL'],
  ['ONTEST', 'SYSTEM PLACED ON TEST'],
  ['CLTEST', 'TEST CLEARED'],
  ['EXTEST', 'TEST EXTENDED'],
]);
add('TR', [
  ['TA', 'TAMPER'],
  ['BT', 'ZONE TROUBLE'],
]);
add('U', [['UX', 'UNKNOWN SIGNAL']]);
add('VA', [['VA', 'VIDEO ACTIVATION']]);

export const EVENT_CODES: readonly EventCode[] = codes;
const byEventId = new Map(codes.map((c) => [c.eventId.toUpperCase(), c]));

/** The code to use when only a report category is given (its first code). */
export function defaultCodeOf(eventrptId: EventTypeCode): EventCode {
  const c = codes.find((x) => x.eventrptId === eventrptId);
  if (!c) throw new Error(`no code for ${eventrptId}`);
  return c;
}

export function isEventTypeCode(s: string): s is EventTypeCode {
  return (EVENT_TYPE_CODES as readonly string[]).includes(s);
}

/**
 * Resolves what a caller names: an event id ('BA', '4618') or a report category ('B').
 * An unknown numeric id (a manual signal) is filed under MISC.
 */
export function resolveEventCode(name: string): EventCode | null {
  const key = name.trim().toUpperCase();
  if (!key) return null;
  const exact = byEventId.get(key);
  if (exact) return exact;
  if (isEventTypeCode(key)) return defaultCodeOf(key);
  if (/^\d{1,6}$/.test(key)) return { eventId: key, eventrptId: 'M', descr: 'MANUAL SIGNAL' };
  return null;
}

export const EVENT_TYPE_DESCR: Record<string, string> = Object.fromEntries(
  EVENT_TYPES.map((t) => [t.eventrpt_id, t.descr]),
);

/**
 * Alarm colours (docs/product/live-alarms-and-testing.md#constants): the four named gradients,
 * others with their hex codes.
 */
export const ALARM_COLOURS: Partial<Record<EventTypeCode, { color: string; colorCode: string }>> = {
  F: { color: 'red', colorCode: '#FF0000' },
  ME: { color: 'blue', colorCode: '#0000FF' },
  HU: { color: 'dark green', colorCode: '#006400' },
  P: { color: 'dark blue', colorCode: '#00008B' },
  B: { color: 'orange', colorCode: '#FFA500' },
  VA: { color: 'purple', colorCode: '#800080' },
  SP: { color: 'gold', colorCode: '#FFD700' },
  CF: { color: 'gray', colorCode: '#808080' },
  A: { color: 'brown', colorCode: '#A52A2A' },
};

/**
 * Event-history rows coloured by type (docs/product/live-alarms-and-testing.md#constants: buffer
 * rows for F, B, ME, HU).
 */
export const EVENT_ROW_COLOURS: Partial<Record<EventTypeCode, { color: string; colorCode: string }>> = {
  F: ALARM_COLOURS.F,
  B: ALARM_COLOURS.B,
  ME: ALARM_COLOURS.ME,
  HU: ALARM_COLOURS.HU,
};

/** The restore code that ends an alarm of each type. */
export const RESTORE_CODE: Partial<Record<EventTypeCode, string>> = {
  A: 'AR',
  B: 'BR',
  CF: 'YR',
  F: 'FR',
  HU: 'HR',
  ME: 'MR',
  P: 'PR',
  SP: 'SR',
  TR: 'TRR',
  VA: 'VR',
};

/** The dispatch code for an alarm type. */
export function dispatchCodeFor(eventrptId: EventTypeCode): string {
  if (eventrptId === 'F') return 'DF';
  if (eventrptId === 'ME') return 'DM';
  return 'DP';
}

/** Service types (GetServiceTypes) and which report categories fall under each. */
export const SERVICE_TYPES: ReadonlyArray<{
  servtype_id: string;
  descr: string | null;
  types: EventTypeCode[];
}> = [
  { servtype_id: 'BURG', descr: 'BURGLARY', types: ['B', 'FC', 'FO'] },
  { servtype_id: 'FIRE', descr: 'FIRE', types: ['F'] },
  { servtype_id: 'HOLD', descr: 'HOLDUP / PANIC', types: ['HU', 'P'] },
  { servtype_id: 'MED', descr: 'MEDICAL', types: ['ME'] },
  { servtype_id: 'SUPV', descr: 'SUPERVISORY', types: ['SP', 'A', 'LB', 'TR'] },
  { servtype_id: 'COMM', descr: 'COMMUNICATION', types: ['CF', 'CI', 'CM', 'LT', 'NT', 'T'] },
  { servtype_id: 'OC', descr: 'OPEN / CLOSE', types: ['O'] },
  { servtype_id: 'VIDEO', descr: 'VIDEO', types: ['VA'] },
  { servtype_id: 'OPER', descr: 'OPERATOR / DISPATCH', types: ['OA', 'D', 'CR', 'R'] },
  // NOTE: no description on purpose: the search summary then labels the row by its id
  // (docs/product/shell-session-search.md#side-panels).
  { servtype_id: 'MISC', descr: null, types: ['M', 'U', 'TE'] },
];

const servtypeOfType = new Map<string, string>();
for (const s of SERVICE_TYPES) for (const t of s.types) servtypeOfType.set(t, s.servtype_id);

export function servtypeOf(eventrptId: EventTypeCode): string {
  return servtypeOfType.get(eventrptId) ?? 'MISC';
}
