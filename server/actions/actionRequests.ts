import type { AuditAction, AuditTarget, AuditTest } from './auditEntry';

/**
 * Which requests are actions on an alarm or a test, and which alarm, account and site they
 * name. Arguments are read the way the upstream reads them (doc 2 §7): ClearAlarm and
 * CallDispatch take (constants..., site, system, contact number, event id, incident no,
 * description, PIN, CS no, user name), or one object with those names.
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

function alarmTarget(args: readonly unknown[]): AuditTarget {
  const only = args.length === 1 ? fields(args[0]) : null;
  if (only) {
    return {
      alarmId: id(pick(only, 'alarmincno', 'incidentno', 'alarminc_no')),
      csNo: id(pick(only, 'csno', 'cs_no')),
      siteNo: id(pick(only, 'siteno', 'site_no')),
      systemNo: id(pick(only, 'systemno', 'system_no')),
    };
  }
  if (args.length < 9) return NO_TARGET;
  const at = (fromEnd: number) => args[args.length - fromEnd];
  return { alarmId: id(at(5)), csNo: id(at(2)), siteNo: id(at(9)), systemNo: id(at(8)) };
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

/** Upstream paths (as in UPSTREAM_ROUTES) that act, with what each request of them does. */
export const ACTION_ROUTES: ReadonlyMap<string, (body: unknown) => ActionRequest[]> = new Map([
  [
    'Alarm/RequestDispatch',
    (body: unknown) => [{ action: 'dispatch' as const, target: alarmTarget([body]) }],
  ],
  ['Alarm/CancelDispatch', (body: unknown) => [{ action: 'cancel' as const, target: alarmTarget([body]) }]],
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

/**
 * The alarm or account the screen acted from, sent alongside a test change (the upstream record
 * names only site and system): `x-alarm-id` and `x-cs-no`. Used for the audit only.
 */
export function withScreenContext(target: AuditTarget, headers: Record<string, unknown>): AuditTarget {
  return {
    ...target,
    alarmId: target.alarmId ?? id(headers['x-alarm-id']),
    csNo: target.csNo ?? id(headers['x-cs-no']),
  };
}
