// zod/mini here and in the sign-in page's schemas: classic zod (24 KB) loads with the screens.
// Both kinds of schema are accepted: they share zod's core.
import * as z from 'zod/mini';
import { onFirstUse } from '../../../../shared/onFirstUse';
import { envelopeSchema } from '../../../../shared/upstream/envelope';
import { UNABLE_TO_PROCESS } from '../../../../machines/messages';
import { ApiError } from './apiError';
import { trackRequest } from './pendingRequests';
import { signalSessionExpired } from './sessionExpiry';

/**
 * The client's one door to the bridge. No component calls fetch: feature api files call `get`,
 * `post`, `del` or the envelope helpers here. The browser never sends a session id; the bridge
 * reads its httpOnly cookie.
 */

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface CallOptions<T> {
  query?: Query;
  signal?: AbortSignal;
  /**
   * Validates the JSON answer; without one the answer is returned as `unknown`. A function
   * (`onFirstUse`'s) is called when the answer comes: a call made as the page loads then builds
   * its schema in the answer's task, not in the start's first one.
   */
  schema?: z.core.$ZodType<T> | (() => z.core.$ZodType<T>);
  /**
   * The session endpoints answer 401 when no one is signed in; that is not an expiry and must not
   * raise the global signal.
   */
  expiryIsSignal?: boolean;
  /** Extra request headers (e.g. the alarm a test change is made from, for the bridge's audit). */
  headers?: Record<string, string>;
  /** `blob`: the answer is a file (a recording exported), not JSON. */
  as?: 'blob';
}

const errorBodySchema = onFirstUse(() =>
  z.object({
    error: z.string(),
    message: z.string(),
    /** On a session expiry: `forbidden` when the upstream answered HTTP 403. */
    cause: z.optional(z.string()),
  }),
);

function urlOf(path: string, query?: Query): string {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v == null ? '' : String(v));
  return url.pathname + url.search;
}

async function request<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body: unknown,
  opts: CallOptions<T>,
): Promise<T> {
  const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' };
  // A FormData body goes as multipart (the browser writes its boundary), a file as itself
  // (a recording imported); anything else as JSON.
  const form =
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob);
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  const res = await trackRequest(
    fetch(urlOf(path, opts.query), {
      method,
      headers,
      body: body === undefined ? undefined : form ? (body as FormData | Blob) : JSON.stringify(body),
      credentials: 'same-origin',
      signal: opts.signal,
    }),
  ).catch((e: unknown) => {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'network', 'Unable to connect.');
  });
  if (res.ok && opts.as === 'blob') return (await res.blob()) as T;
  const text = await res.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (!res.ok) {
    const parsed = errorBodySchema().safeParse(json);
    const error = parsed.success ? parsed.data.error : 'http_error';
    const message = parsed.success ? parsed.data.message : UNABLE_TO_PROCESS;
    if (
      res.status === 401 &&
      (error === 'session_expired' || error === 'no_session') &&
      opts.expiryIsSignal !== false
    ) {
      signalSessionExpired(parsed.success && parsed.data.cause === 'forbidden' ? 'forbidden' : 'invalid');
    }
    throw new ApiError(res.status, error, message);
  }
  if (!opts.schema) return json as T;
  const schema = typeof opts.schema === 'function' ? opts.schema() : opts.schema;
  const checked = z.safeParse(schema, json);
  if (!checked.success) throw new ApiError(res.status, 'bad_response', UNABLE_TO_PROCESS);
  return checked.data;
}

export function get<T = unknown>(path: string, opts: CallOptions<T> = {}): Promise<T> {
  return request('GET', path, undefined, opts);
}

export function post<T = unknown>(path: string, body?: unknown, opts: CallOptions<T> = {}): Promise<T> {
  return request('POST', path, body, opts);
}

export function del(path: string, opts: CallOptions<unknown> = {}): Promise<unknown> {
  return request('DELETE', path, undefined, opts);
}

/** Upstream `apiStatus` values that mean the call did not succeed. */
function statusFailed(apiStatus: unknown): boolean {
  if (apiStatus === false) return true;
  if (typeof apiStatus === 'string') return /^(false|fail(ed|ure)?|error)$/i.test(apiStatus.trim());
  return false;
}

/**
 * An envelope's `result` schema, or a function that makes it: then it is made in the answer's
 * task, not in the task that starts the call (a deep link's start makes several calls at once).
 */
type ResultSchema<T> = z.core.$ZodType<T> | (() => z.core.$ZodType<T>);

type EnvelopeInit = Pick<CallOptions<unknown>, 'query' | 'signal' | 'headers'> & { body?: unknown };

/**
 * Calls a pass-through route of the monitoring-center API and reads its envelope: a false
 * `isSessionValid` is a session expiry, listed `errors` (or a failing apiStatus) become an
 * ApiError carrying them, and `result` is validated against `result`.
 */
export async function callEnvelope<T>(
  method: 'GET' | 'POST',
  path: string,
  result: ResultSchema<T>,
  init: EnvelopeInit = {},
): Promise<T> {
  const env = await request(method, path, init.body, {
    query: init.query,
    signal: init.signal,
    headers: init.headers,
    schema: envelopeSchema,
  });
  if (!env.isSessionValid) {
    signalSessionExpired();
    throw new ApiError(401, 'session_expired', 'Your session has expired. Please login again.');
  }
  const errors = (env.errors ?? []).filter((e) => e.trim() !== '');
  if (errors.length > 0 || statusFailed(env.apiStatus))
    throw new ApiError(200, 'api_errors', errors.join('\n') || UNABLE_TO_PROCESS, errors);
  const checked = z.safeParse(typeof result === 'function' ? result() : result, env.result);
  if (!checked.success) throw new ApiError(200, 'bad_response', UNABLE_TO_PROCESS);
  return checked.data;
}

export const getEnvelope = <T>(
  path: string,
  result: ResultSchema<T>,
  init: { query?: Query; signal?: AbortSignal } = {},
) => callEnvelope('GET', path, result, init);

export const postEnvelope = <T>(path: string, result: ResultSchema<T>, init: EnvelopeInit = {}) =>
  callEnvelope('POST', path, result, init);
