import type { z } from 'zod';
import { envelopeSchema } from '../../shared/upstream/envelope';
import { retryAfterMs } from './retryAfter';
import { UpstreamError } from './upstreamError';
import { createUpstreamTransport, type UpstreamFetch } from './upstreamTransport';

export interface UpstreamCall<T extends z.ZodType> {
  method: 'GET' | 'POST';
  /** Path as the spec names it, without a leading slash: 'AlarmBuffer/GetEventLogs'. */
  path: string;
  sessionId?: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** Schema of the envelope's `result`. */
  result: T;
  /** Idempotent reads may retry on network errors, timeouts and 5xx. */
  retry?: boolean;
  signal?: AbortSignal;
  /** Reads the answer's text instead of JSON.parse (a feed's row cache skips rows it has validated); throwing makes the answer malformed. */
  parseAnswer?: (text: string) => unknown;
  /** Runs each attempt (retries included): the feeds' request budget takes a slot here. */
  eachAttempt?: <R>(attempt: () => Promise<R>) => Promise<R>;
}

export interface UpstreamAnswer<T> {
  result: T;
  errors: string[];
  apiStatus: unknown;
  bytes: number;
}

/** A body sent as is with its own content type (multipart report e-mails). */
export interface RawBody {
  contentType: string;
  data: Uint8Array<ArrayBuffer>;
}

export interface UpstreamObserver {
  (e: { path: string; ms: number; ok: boolean; failure?: string; bytes: number }): void;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  alarmBaseUrl?: string;
  timeoutMs: number;
  /** How requests are sent (default: undici over keep-alive connections); tests pass a fake fetch. */
  fetch?: UpstreamFetch;
  observe?: UpstreamObserver;
  /** Retries for idempotent reads (default 2) and the first backoff (default 200 ms). */
  retries?: number;
  backoffMs?: number;
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>;

/** The `errors` of an envelope inside a failed answer (a 400 says why), if it has one. */
function errorsOf(text: string): string[] | undefined {
  try {
    const env = envelopeSchema().safeParse(JSON.parse(text));
    return env.success && env.data.errors?.length ? env.data.errors : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The typed client of the monitoring-center API. Every answer is validated here, at the boundary:
 * a malformed answer becomes an UpstreamError('malformed'), never a crash further in.
 */
export function createUpstreamClient(opts: UpstreamClientOptions) {
  const doFetch = opts.fetch ?? createUpstreamTransport().fetch;
  const retries = opts.retries ?? 2;
  const backoffMs = opts.backoffMs ?? 200;

  async function raw(
    base: string,
    method: 'GET' | 'POST',
    path: string,
    init: {
      sessionId?: string;
      query?: UpstreamCall<z.ZodType>['query'];
      body?: unknown;
      rawBody?: RawBody;
      signal?: AbortSignal;
      parseAnswer?: (text: string) => unknown;
    },
  ) {
    const url = new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`);
    for (const [k, v] of Object.entries(init.query ?? {})) if (v != null) url.searchParams.set(k, String(v));
    // NOTE: one controller and one timer, not AbortSignal.timeout + any: cheaper on every poll.
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    }, opts.timeoutMs);
    const onAbort = () => abort.abort(init.signal?.reason);
    if (init.signal?.aborted) onAbort();
    else init.signal?.addEventListener('abort', onAbort, { once: true });
    const signal = abort.signal;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.sessionId) headers.authorization = init.sessionId;
    if (init.rawBody) headers['content-type'] = init.rawBody.contentType;
    else if (init.body !== undefined) headers['content-type'] = 'application/json';
    const body = init.rawBody
      ? init.rawBody.data
      : init.body === undefined
        ? undefined
        : JSON.stringify(init.body);
    const started = performance.now();
    let text = '';
    try {
      const res = await doFetch(url, { method, headers, body, signal });
      text = await res.text();
      if (res.status === 403 || res.status === 401)
        throw new UpstreamError('session_expired', 'Your session has expired. Please login again.', {
          path,
          status: res.status,
        });
      if (!res.ok) {
        // NOTE: only a 429 or 503 asks the client to wait (RFC 9110); the feeds hold the path.
        const wait =
          res.status === 429 || res.status === 503
            ? retryAfterMs(res.headers.get('retry-after'), res.headers.get('date'), Date.now())
            : null;
        throw new UpstreamError('http', `Upstream answered HTTP ${res.status}.`, {
          path,
          status: res.status,
          errors: errorsOf(text),
          ...(wait != null ? { retryAfterMs: wait } : {}),
        });
      }
      let json: unknown;
      try {
        json = init.parseAnswer ? init.parseAnswer(text) : JSON.parse(text);
      } catch {
        throw new UpstreamError('malformed', 'The monitoring center sent an answer that could not be read.', {
          path,
          status: res.status,
        });
      }
      opts.observe?.({ path, ms: performance.now() - started, ok: true, bytes: text.length });
      return { json, bytes: text.length };
    } catch (e) {
      const err =
        e instanceof UpstreamError
          ? e
          : timedOut
            ? new UpstreamError('timeout', 'The monitoring center did not answer in time.', { path })
            : init.signal?.aborted
              ? (e as Error)
              : new UpstreamError('network', 'The monitoring center could not be reached.', { path });
      opts.observe?.({
        path,
        ms: performance.now() - started,
        ok: false,
        failure: err instanceof UpstreamError ? err.kind : 'aborted',
        bytes: text.length,
      });
      throw err;
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onAbort);
    }
  }

  async function withRetry<R>(
    enabled: boolean | undefined,
    signal: AbortSignal | undefined,
    run: () => Promise<R>,
  ): Promise<R> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (e) {
        const retriable =
          e instanceof UpstreamError &&
          (e.kind === 'network' ||
            e.kind === 'timeout' ||
            (e.kind === 'http' && (e.details.status ?? 0) >= 500)) &&
          // An upstream that said when to come back is not asked sooner.
          e.details.retryAfterMs == null;
        if (!enabled || !retriable || attempt >= retries || signal?.aborted) throw e;
        const wait = backoffMs * 2 ** attempt * (0.5 + Math.random());
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  /** Calls a path of the API and validates the envelope and its result. */
  async function call<T extends z.ZodType>(c: UpstreamCall<T>): Promise<UpstreamAnswer<z.infer<T>>> {
    const attempt = c.eachAttempt ?? ((run) => run());
    return withRetry(c.retry, c.signal, async () => {
      const { json, bytes } = await attempt(() => raw(opts.baseUrl, c.method, c.path, c));
      const env = envelopeSchema().safeParse(json);
      if (!env.success)
        throw new UpstreamError('malformed', 'The monitoring center sent an answer that could not be read.', {
          path: c.path,
        });
      if (!env.data.isSessionValid)
        throw new UpstreamError('session_expired', 'Your session has expired. Please login again.', {
          path: c.path,
        });
      const result = c.result.safeParse(env.data.result);
      if (!result.success)
        throw new UpstreamError('malformed', 'The monitoring center sent an answer that could not be read.', {
          path: c.path,
          errors: env.data.errors ?? [],
        });
      return { result: result.data, errors: env.data.errors ?? [], apiStatus: env.data.apiStatus, bytes };
    });
  }

  /** Passes any call through with only envelope validation (for the gateway's pass-through routes). */
  async function passThrough(
    method: 'GET' | 'POST',
    path: string,
    init: {
      sessionId?: string;
      query?: UpstreamCall<z.ZodType>['query'];
      body?: unknown;
      rawBody?: RawBody;
      retry?: boolean;
      signal?: AbortSignal;
      alarmApi?: boolean;
    },
  ) {
    return withRetry(init.retry, init.signal, () =>
      raw(init.alarmApi ? (opts.alarmBaseUrl ?? opts.baseUrl) : opts.baseUrl, method, path, init),
    );
  }

  return { call, passThrough, baseUrl: opts.baseUrl };
}
