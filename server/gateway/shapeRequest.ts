import { accountValueProblem, isAccountValue, isBlankAccountValue } from '../../shared/upstream/accountRef';
import { AGENCY_FIELD_NAMES, SESSION_FIELD_NAMES, type UpstreamRoute } from './upstreamRoutes';

const MAX_QUERY_KEYS = 50;
const DEFAULT_MAX_QUERY_VALUE = 500;
const MAX_ARRAY_RECORDS = 100;

/** The 400 of a body sent to a GET call (the upstream would never read it; a guard must not either). */
export const GET_BODY_MESSAGE = 'A GET call takes no body: send its fields in the query.';

type JsonObject = Record<string, unknown>;

export type ShapedRequest =
  | { ok: true; query: Record<string, string>; body: JsonObject | JsonObject[] | undefined }
  | { ok: false; error: 'bad_request' | 'forbidden_agency'; message?: string };

const isPlainObject = (v: unknown): v is JsonObject =>
  v != null && typeof v === 'object' && !Array.isArray(v);

/** Copies an object without the dropped fields (lower-cased names, whatever their case) or prototype keys. */
function without(o: JsonObject, dropped: ReadonlySet<string>): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === '__proto__' || dropped.has(k.toLowerCase())) continue;
    out[k] = v;
  }
  return out;
}

/** The first field naming an account with a value that is neither blank nor valid: its 400 message. */
function invalidAccount(route: UpstreamRoute, records: readonly JsonObject[]): string | null {
  if (!route.accountFields) return null;
  const kinds = new Map(Object.entries(route.accountFields).map(([f, kind]) => [f.toLowerCase(), kind]));
  for (const r of records)
    for (const [k, v] of Object.entries(r)) {
      const kind = kinds.get(k.toLowerCase());
      if (kind && !isBlankAccountValue(v) && !isAccountValue(kind, v)) return accountValueProblem(k, kind);
    }
  return null;
}

/** How deep the agency check looks into nested objects and arrays; anything deeper is refused. */
const MAX_DEPTH = 8;

/**
 * The first agency-scoping field, at any depth of a record (nested objects, arrays of them),
 * whose value the session may not see; its dotted path. A body nested deeper than the check
 * looks is refused as well.
 */
export function foreignAgency(o: unknown, visible: ReadonlySet<string>, path = '', depth = 0): string | null {
  if (o == null || typeof o !== 'object') return null;
  if (depth > MAX_DEPTH) return path || 'body';
  const entries = Array.isArray(o) ? o.map((v, i) => [String(i), v] as const) : Object.entries(o);
  for (const [k, v] of entries) {
    const at = path ? `${path}.${k}` : k;
    if (AGENCY_FIELD_NAMES.has(k.toLowerCase()) && v != null && v !== '') {
      if ((typeof v !== 'string' && typeof v !== 'number') || !visible.has(String(v).trim())) return at;
      continue;
    }
    const inner = foreignAgency(v, visible, at, depth + 1);
    if (inner) return inner;
  }
  return null;
}

/**
 * Makes the browser's query and body into the upstream request of one allowlisted route:
 * validated (query values short strings; no body on a GET; a JSON object or array of objects as
 * the body; account fields blank or valid), session fields and (unless the owner calls) owner-only
 * fields dropped, the session fields then written with the bridge's upstream session id,
 * agency-scoping fields checked against the agencies the session may see.
 */
export function shapeRequest(
  route: UpstreamRoute,
  rawQuery: unknown,
  rawBody: unknown,
  upstreamSessionId: string,
  visible: ReadonlySet<string>,
  isOwner = false,
): ShapedRequest {
  const queryIn = isPlainObject(rawQuery) ? rawQuery : {};
  const entries = Object.entries(queryIn);
  if (entries.length > MAX_QUERY_KEYS)
    return { ok: false, error: 'bad_request', message: 'Too many query fields.' };
  const maxValue = route.maxQueryValue ?? DEFAULT_MAX_QUERY_VALUE;
  for (const [k, v] of entries) {
    if (typeof v !== 'string' || v.length > maxValue || k.length > 100)
      return {
        ok: false,
        error: 'bad_request',
        message: `Query field ${k.slice(0, 100)} must be one text of at most ${maxValue} characters.`,
      };
  }
  const dropped = isOwner
    ? SESSION_FIELD_NAMES
    : new Set([...SESSION_FIELD_NAMES, ...(route.ownerOnly ?? []).map((f) => f.toLowerCase())]);
  const query = without(queryIn, dropped) as Record<string, string>;

  if (route.method === 'GET' && rawBody !== undefined)
    return { ok: false, error: 'bad_request', message: GET_BODY_MESSAGE };
  const kind = route.method === 'GET' ? 'none' : (route.body ?? 'object');
  let body: JsonObject | JsonObject[] | undefined;
  if (kind === 'object') {
    if (rawBody !== undefined && !isPlainObject(rawBody))
      return { ok: false, error: 'bad_request', message: 'The body must be a JSON object.' };
    body = without(rawBody ?? {}, dropped);
  } else if (kind === 'array') {
    if (!Array.isArray(rawBody) || rawBody.length > MAX_ARRAY_RECORDS || !rawBody.every(isPlainObject)) {
      return { ok: false, error: 'bad_request', message: 'The body must be a JSON array of objects.' };
    }
    body = rawBody.map((r) => without(r, dropped));
  }

  const records = [query, ...(Array.isArray(body) ? body : body ? [body] : [])];
  const account = invalidAccount(route, records);
  if (account) return { ok: false, error: 'bad_request', message: account };
  for (const r of records) {
    const field = foreignAgency(r, visible);
    if (field)
      return {
        ok: false,
        error: 'forbidden_agency',
        message: `You do not have access to that agency (${field}).`,
      };
  }

  for (const name of route.sessionQuery ?? []) query[name] = upstreamSessionId;
  if (body)
    for (const r of Array.isArray(body) ? body : [body])
      for (const name of route.sessionBody ?? []) r[name] = upstreamSessionId;
  return { ok: true, query, body };
}
