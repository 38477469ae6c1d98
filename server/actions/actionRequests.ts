import { isAccountValue } from '../../shared/upstream/accountRef';
import type { AuditAction, AuditTarget, AuditTest } from '../audit/auditEntry';

/**
 * Which requests are actions on an alarm or a test, and which alarm, account and site they
 * name. Arguments are read the way the upstream reads them
 * (docs/product/live-alarms-and-testing.md#calls): ClearAlarm and CallDispatch take (constants...,
 * site, system, contact number, event id, incident no, description, PIN, CS no, user name), or one
 * object with those names.
 */
export interface ActionRequest {
  action: AuditAction;
  target: AuditTarget;
  /** Several tests changed by one request (ClearOrExtendMultipleTests); `target` is the first. */
  tests?: AuditTest[];
}

const NO_TARGET: AuditTarget = { alarmId: null, csNo: null, siteNo: null, systemNo: null };

/** An id as the audit and the lock keep it: a short word, else unknown. */
function id(v: unknown): string | null {
  const s =
    typeof v === 'number' && Number.isFinite(v)
      ? String(Math.trunc(v))
      : typeof v === 'string'
        ? v.trim()
        : '';
  return /^[A-Za-z0-9_.-]{1,40}$/.test(s) ? s : null;
}

/** A plain object's fields by lower-cased name (the upstream reads names in any case). */
function fields(v: unknown): Map<string, unknown> | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  return new Map(Object.entries(v).map(([k, x]) => [k.toLowerCase(), x]));
}
const pick = (f: Map<string, unknown>, ...names: string[]): unknown =>
  names.map((n) => f.get(n)).find((x) => x != null);

/**
 * The alarm number as the upstream reads it (a positive whole number, from a number or digits),
 * or null when the request names none, names one the upstream would read otherwise, or names it
 * twice: then the upstream would act on every active alarm of the system, or on another alarm
 * than the bridge checked, so the bridge refuses it (issue "Hostile input", finding 6).
 */
function alarmNumber(v: unknown): string | null {
  const n =
    typeof v === 'number' && Number.isSafeInteger(v)
      ? v
      : typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v)
        ? Number(v.trim())
        : 0;
  return n > 0 ? String(n) : null;
}

/** A field given twice (in two cases): the bridge and the upstream might read different ones. */
const TWICE = Symbol('given twice');

/** The value of a field the upstream binds in any case, or TWICE. */
function only(v: unknown, name: string): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const given = Object.entries(v).filter(([k]) => k.toLowerCase() === name);
  return given.length > 1 ? TWICE : given[0]?.[1];
}

function alarmTarget(args: readonly unknown[]): AuditTarget {
  const only1 = args.length === 1 ? fields(args[0]) : null;
  if (only1) {
    // As the upstream reads it: AlarmincNo, else IncidentNo (TWICE reads as no alarm).
    const named = only(args[0], 'alarmincno') ?? only(args[0], 'incidentno');
    return {
      alarmId: alarmNumber(named),
      csNo: id(pick(only1, 'csno', 'cs_no')),
      siteNo: id(pick(only1, 'siteno', 'site_no')),
      systemNo: id(pick(only1, 'systemno', 'system_no')),
    };
  }
  if (args.length < 9) return NO_TARGET;
  const at = (fromEnd: number) => args[args.length - fromEnd];
  return { alarmId: alarmNumber(at(5)), csNo: id(at(2)), siteNo: id(at(9)), systemNo: id(at(8)) };
}

/** Fields of an envelope action that name what it acts on: the bridge reads them from the body only. */
const NAMING_FIELDS = [
  'alarmincno',
  'incidentno',
  'systemno',
  'system_no',
  'csno',
  'cs_no',
  'siteno',
  'site_no',
];

/**
 * The alarm an envelope dispatch or cancel names. The upstream binds fields from the query too:
 * a query that names an alarm, system or account leaves the request naming none.
 */
function envelopeAlarmTarget(body: unknown, query: unknown): AuditTarget {
  const q = fields(query);
  const target = alarmTarget([body]);
  const namedTwice = q !== null && [...q.keys()].some((k) => NAMING_FIELDS.includes(k));
  return namedTwice ? { ...target, alarmId: null } : target;
}

function testTarget(record: unknown): AuditTarget {
  const f = fields(record);
  if (!f) return NO_TARGET;
  return {
    alarmId: null,
    csNo: id(pick(f, 'cs_no', 'csno')),
    siteNo: id(pick(f, 'siteno', 'site_no')),
    systemNo: id(pick(f, 'system_no', 'systemno')),
  };
}

/**
 * The action a `MASAPI/APIRequest` call performs, or null for a read. The gateway has parsed the
 * call already (parseGatewayCall); this only reads it.
 */
export function gatewayAction(call: unknown): ActionRequest | null {
  const f = fields(call);
  const methodName = f?.get('methodname');
  if (typeof methodName !== 'string') return null;
  const given = f?.get('arguments');
  const args: unknown[] = Array.isArray(given) ? given : [];
  switch (methodName) {
    case 'CallDispatch':
      return { action: 'dispatch', target: alarmTarget(args) };
    case 'ClearAlarm':
      return { action: 'cancel', target: alarmTarget(args) };
    case 'SystemTestOn': {
      const only = args.length === 1 ? args[0] : { SiteNo: args[0], system_no: args[1] };
      return { action: 'placeOnTest', target: testTarget(only) };
    }
    default:
      return null;
  }
}

const flagAction = (flag: unknown): AuditAction => {
  const f = typeof flag === 'string' ? flag.trim().toLowerCase() : '';
  return f === 'off' || f === 'removeontest'
    ? 'clearTest'
    : f === 'extend' || f === 'extendontest'
      ? 'extendTest'
      : 'placeOnTest';
};

/** What an acting route does, read from the request the upstream acts on (body and query). */
type DescribeRoute = (body: unknown, query: unknown) => ActionRequest[];

/** Upstream paths (as in UPSTREAM_ROUTES) that act, with what each request of them does. */
export const ACTION_ROUTES: ReadonlyMap<string, DescribeRoute> = new Map<string, DescribeRoute>([
  [
    'Alarm/RequestDispatch',
    (body, query) => [{ action: 'dispatch' as const, target: envelopeAlarmTarget(body, query) }],
  ],
  [
    'Alarm/CancelDispatch',
    (body, query) => [{ action: 'cancel' as const, target: envelopeAlarmTarget(body, query) }],
  ],
  [
    'OnTest/SaveOnTest',
    (body: unknown) => [{ action: flagAction(fields(body)?.get('process_flag')), target: testTarget(body) }],
  ],
  [
    'OnTest/SaveSystemTest',
    (body: unknown) => [{ action: flagAction(fields(body)?.get('action')), target: testTarget(body) }],
  ],
  [
    'OnTest/ClearOrExtendMultipleTests',
    (body: unknown) =>
      (Array.isArray(body) ? body : [body])
        .slice(0, 100)
        .map((r) => ({ action: flagAction(fields(r)?.get('process_flag')), target: testTarget(r) })),
  ],
]);

/**
 * The actions of one request as the one action the audit records: several tests changed together
 * become one entry that lists them (the first test is its target).
 */
export function oneAction(requests: readonly ActionRequest[]): ActionRequest | null {
  const [first] = requests;
  if (!first || requests.length === 1) return first ?? null;
  return {
    ...first,
    tests: requests.map((r) => ({
      action: r.action,
      csNo: r.target.csNo,
      siteNo: r.target.siteNo,
      systemNo: r.target.systemNo,
    })),
  };
}

/** What the screen says a test change is about, to be checked before the audit keeps it. */
export interface ScreenHints {
  alarmId: string | null;
  csNo: string | null;
}

/**
 * The alarm and CS# the screen acted from, sent with a test change as `x-alarm-id` and `x-cs-no`
 * (the upstream record names only site and system). Hints only: the bridge keeps them in the audit
 * once the upstream confirms they belong to a tested system the caller may see, and never
 * authorises by them.
 */
export function screenHints(headers: Record<string, unknown>): ScreenHints {
  const cs = headers['x-cs-no'];
  return {
    alarmId: alarmNumber(headers['x-alarm-id']),
    csNo: typeof cs === 'string' && isAccountValue('csNo', cs) ? cs.trim() : null,
  };
}
