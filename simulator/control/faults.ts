import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { GATEWAY_PATH, SESSION_EXPIRED } from '../routes/envelope';
import type { Rng } from '../world/random';

/** A fault to inject on upstream paths (never on /_sim). */
export const faultSpecSchema = z.strictObject({
  /** Exact upstream path such as '/AlarmBuffer/GetEventLogs' (any case); all paths when absent. */
  path: z.string().min(1).max(200).optional(),
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  /** Share of requests answered HTTP 500. */
  errorRate: z.number().min(0).max(1).optional(),
  /** Every request answers this HTTP status. */
  status: z.number().int().min(100).max(599).optional(),
  /**
   * With `status`: the answer's Retry-After (RFC 9110), seconds (a number) or an HTTP-date (text,
   * e.g. "Sun, 01 Mar 2026 12:00:30 GMT"), as a 429 or 503 of a real upstream may send it.
   */
  retryAfter: z.union([z.number().int().min(0).max(86_400), z.string().min(1).max(64)]).optional(),
  /** true or 'schema': 200 with a body that breaks the schema; 'truncated': cut JSON; 'html': an HTML error page. */
  malformed: z.union([z.boolean(), z.enum(['schema', 'truncated', 'html'])]).optional(),
  /** Answers as usual but with nothing in it: a list result becomes [], JSON text of a list "[]". */
  emptyResult: z.boolean().optional(),
  /** Answers isSessionValid false (the gateway: HttpStatusCode 401). */
  expiredSession: z.boolean().optional(),
  /**
   * A drifted answer, as an upstream release may bring: every object of the answer that has
   * `field` gets it renamed (`<field>_renamed`) or retyped (a string becomes a number, anything
   * else a string). The status and the rest of the answer stay as usual.
   */
  drift: z
    .strictObject({ field: z.string().min(1).max(100), change: z.enum(['rename', 'retype']) })
    .optional(),
  /** Applies to the next N matching requests only. */
  count: z.number().int().min(1).max(1_000_000).optional(),
});
export type FaultSpec = z.infer<typeof faultSpecSchema>;

export interface Fault extends FaultSpec {
  id: number;
  /** Requests left before it expires; null for no limit. */
  remaining: number | null;
  hits: number;
}

const normalize = (p: string) => `/${p.replace(/^\/+/, '').replace(/\/+$/, '')}`.toLowerCase();

export class FaultStore {
  private faults: Fault[] = [];
  private nextId = 1;

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: this.nextId++, remaining: spec.count ?? null, hits: 0 };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(id?: number): void {
    this.faults = id == null ? [] : this.faults.filter((f) => f.id !== id);
  }

  /** The faults that apply to one request to `path`; each use counts down its `count`. */
  take(path: string): Fault[] {
    const p = normalize(path);
    const hit = this.faults.filter((f) => f.path == null || normalize(f.path) === p);
    for (const f of hit) {
      f.hits++;
      if (f.remaining != null) f.remaining--;
    }
    this.faults = this.faults.filter((f) => f.remaining == null || f.remaining > 0);
    return hit;
  }
}

function breakSchema(body: unknown, isGateway: boolean): unknown {
  if (typeof body !== 'object' || body === null) return { isSessionValid: 'yes', result: body };
  if (isGateway) return { ...body, HttpStatusCode: 'OK', MessageCollection: 'none' };
  const result = 'result' in body ? body.result : undefined;
  if (typeof result === 'object' && result !== null && 'eventLogList' in result) {
    return { ...body, result: { ...result, eventLogList: 'eventLogList is not a list' } };
  }
  return { ...body, isSessionValid: 'yes', errors: 'none' };
}

/** The same answer with an empty result (a screen's "no records" case on demand). */
function emptied(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('result' in body)) return body;
  const { result } = body;
  const empty = Array.isArray(result)
    ? []
    : typeof result === 'string' && result.trim().startsWith('[')
      ? '[]'
      : result;
  return { ...body, result: empty };
}

type Drift = NonNullable<FaultSpec['drift']>;

const retyped = (v: unknown): unknown => (typeof v === 'string' ? v.length : JSON.stringify(v));

/** The answer with `drift.field` renamed or retyped wherever an object has it. */
function drifted(body: unknown, drift: Drift): unknown {
  if (Array.isArray(body)) return body.map((v) => drifted(v, drift));
  if (typeof body !== 'object' || body === null) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (k !== drift.field) out[k] = drifted(v, drift);
    else if (drift.change === 'rename') out[`${k}_renamed`] = v;
    else out[k] = retyped(v);
  }
  return out;
}

/** Applies the faults set through POST /_sim/faults to upstream requests. */
export function faultMiddleware(store: FaultStore, rng: Rng) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/_sim')) return next();
    const faults = store.take(req.path);
    if (faults.length === 0) return next();
    const isGateway = req.path.toLowerCase() === GATEWAY_PATH;
    const latency = Math.max(0, ...faults.map((f) => f.latencyMs ?? 0));
    const apply = () => {
      const withStatus = faults.find((f) => f.status != null);
      const status = withStatus?.status;
      if (status != null) {
        if (withStatus?.retryAfter != null) res.set('Retry-After', String(withStatus.retryAfter));
        res.status(status).json({
          isSessionValid: true,
          apiStatus: false,
          result: null,
          errors: [`Simulated HTTP ${status}.`],
        });
        return;
      }
      if (faults.some((f) => f.errorRate != null && rng.next() < f.errorRate)) {
        res.status(500).json({
          isSessionValid: true,
          apiStatus: false,
          result: null,
          errors: ['Simulated server error.'],
        });
        return;
      }
      if (faults.some((f) => f.expiredSession)) {
        if (isGateway)
          res.json({
            Result: null,
            ErrorMessage: SESSION_EXPIRED,
            MessageCollection: [SESSION_EXPIRED],
            HttpStatusCode: 401,
            IsAlarmCleared: false,
          });
        else res.json({ isSessionValid: false, apiStatus: false, result: null, errors: [SESSION_EXPIRED] });
        return;
      }
      if (faults.some((f) => f.emptyResult)) {
        const send = res.json.bind(res);
        res.json = (body: unknown) => send(emptied(body));
      }
      const drift = faults.find((f) => f.drift)?.drift;
      if (drift) {
        const send = res.json.bind(res);
        res.json = (body: unknown) => send(drifted(body, drift));
      }
      const malformed = faults.find((f) => f.malformed)?.malformed;
      if (malformed) {
        const send = res.json.bind(res);
        res.json = (body: unknown) => {
          if (malformed === 'truncated') {
            const text = JSON.stringify(body);
            return res.type('application/json').send(text.slice(0, Math.max(1, Math.floor(text.length / 2))));
          }
          if (malformed === 'html')
            return res
              .status(200)
              .type('text/html')
              .send('<html><body><h1>Service Unavailable</h1></body></html>');
          return send(breakSchema(body, isGateway));
        };
      }
      next();
    };
    if (latency > 0) setTimeout(apply, latency);
    else apply();
  };
}
