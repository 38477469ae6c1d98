import { z } from 'zod';
import { ACTION_IN_DOUBT, ALREADY_HANDLED } from '../../shared/messages/alarmActionMessages';
import type { AuditOutcome } from '../audit/auditEntry';

/**
 * How an action ended, read from the answer the bridge is about to send, and the answers the
 * bridge gives when it refuses a second action on the same alarm.
 */
export interface ActionOutcome {
  outcome: AuditOutcome;
  message: string | null;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const is2xx = (n: number) => n >= 200 && n < 300;
/** Result.status words that mean the upstream did not act. */
const FAILED_STATUS = /^(error|fail(ed|ure)?|false|not ?ok|invalid|denied)$/i;

const gatewayShape = z.object({
  Result: z.unknown(),
  ErrorMessage: z.string().nullish(),
  MessageCollection: z.array(z.unknown()).nullish(),
  HttpStatusCode: z.number().nullish(),
  IsAlarmCleared: z.boolean().nullish(),
});
const resultShape = z
  .object({ status: z.unknown(), Status: z.unknown(), errorMessage: z.unknown(), ErrorMessage: z.unknown() })
  .partial();
const bridgeError = z.object({ error: z.string(), message: z.string() });

/**
 * The bridge's errors that leave unknown whether the upstream acted: it took the request, and its
 * answer did not come in time or could not be read. (An upstream that answered an error said it
 * did not act; one the bridge could not reach never had the request.)
 */
const IN_DOUBT_ERRORS = new Set(['upstream_timeout', 'upstream_malformed']);

/** A non-2xx answer: failed, unless it is one of the bridge's errors that leave the action in doubt. */
function notOk(httpStatus: number, body: unknown): ActionOutcome {
  const err = bridgeError.safeParse(body);
  if (err.success && IN_DOUBT_ERRORS.has(err.data.error))
    return { outcome: 'inDoubt', message: err.data.message };
  return { outcome: 'failed', message: err.success ? err.data.message : `HTTP ${httpStatus}` };
}

/**
 * A gateway action (CallDispatch, ClearAlarm, SystemTestOn) succeeded when the bridge answered
 * 2xx with the gateway shape, its HttpStatusCode (if any) is 2xx, it carries no error text, and
 * its Result.status (if any) is not a failure word.
 *
 * NOTE: the upstream's success words differ per method (the simulator says DISPATCHED and
 * CLEARED, the spec's gateway rule says OK), so only failure words count as failures here.
 */
export function gatewayOutcome(httpStatus: number, body: unknown): ActionOutcome {
  if (!is2xx(httpStatus)) return notOk(httpStatus, body);
  const answer = gatewayShape.safeParse(body);
  if (!answer.success) return { outcome: 'inDoubt', message: 'unreadable answer' };
  const a = answer.data;
  const firstMessage = (a.MessageCollection ?? []).find(isText);
  const text = firstMessage ?? (isText(a.ErrorMessage) ? a.ErrorMessage : null);
  if ((a.HttpStatusCode != null && !is2xx(a.HttpStatusCode)) || text !== null)
    return { outcome: 'failed', message: text ?? `HttpStatusCode ${a.HttpStatusCode}` };
  const result = resultShape.safeParse(a.Result);
  const status = result.success ? (result.data.status ?? result.data.Status) : undefined;
  if (isText(status) && FAILED_STATUS.test(status.trim())) {
    const why = result.success
      ? [result.data.errorMessage, result.data.ErrorMessage].find(isText)
      : undefined;
    return { outcome: 'failed', message: why ?? status };
  }
  return { outcome: 'ok', message: null };
}

const envelopeShape = z.object({
  isSessionValid: z.boolean().optional(),
  apiStatus: z.unknown(),
  result: z.unknown(),
  errors: z.array(z.unknown()).nullish(),
});
const saveResult = z.object({
  rtn_code: z.number().nullish(),
  err_msg: z.string().nullish(),
  addl_err_info: z.string().nullish(),
});

/** An envelope action (test saves, the dispatch wrappers) succeeded: 2xx, no errors, apiStatus not false, rtn_code 0 when given. */
export function envelopeOutcome(httpStatus: number, body: unknown): ActionOutcome {
  if (!is2xx(httpStatus)) return notOk(httpStatus, body);
  const env = envelopeShape.safeParse(body);
  if (!env.success) return { outcome: 'inDoubt', message: 'unreadable answer' };
  const firstError = (env.data.errors ?? []).find(isText);
  if (firstError !== undefined) return { outcome: 'failed', message: firstError };
  if (
    env.data.apiStatus === false ||
    (typeof env.data.apiStatus === 'string' && FAILED_STATUS.test(env.data.apiStatus))
  )
    return { outcome: 'failed', message: null };
  const save = saveResult.safeParse(env.data.result);
  if (save.success && save.data.rtn_code != null && save.data.rtn_code !== 0) {
    return {
      outcome: 'failed',
      message: [save.data.addl_err_info, save.data.err_msg].find(isText) ?? `rtn_code ${save.data.rtn_code}`,
    };
  }
  return { outcome: 'ok', message: null };
}

/**
 * The gateway's answer to a second dispatch or cancel of an alarm: IsAlarmCleared with the text,
 * which the dispatch and cancel machines show as "already handled" (docs/machines.md).
 */
export function alreadyHandledGatewayAnswer() {
  return {
    Result: null,
    ErrorMessage: ALREADY_HANDLED,
    MessageCollection: [ALREADY_HANDLED],
    HttpStatusCode: 409,
    IsAlarmCleared: true,
  };
}

/** The same refusal for the envelope routes (Alarm/RequestDispatch, Alarm/CancelDispatch). */
export function alreadyHandledEnvelope() {
  return { isSessionValid: true, apiStatus: false, result: null, errors: [ALREADY_HANDLED] };
}

/** The gateway's refusal of an action, in its shape: the machines show "Error: " and the text. */
export function refusedGatewayAnswer(message: string, httpStatusCode: number) {
  return {
    Result: null,
    ErrorMessage: message,
    MessageCollection: [message],
    HttpStatusCode: httpStatusCode,
    IsAlarmCleared: false,
  };
}

/** The same refusal for the envelope routes. */
export function refusedEnvelope(message: string) {
  return { isSessionValid: true, apiStatus: false, result: null, errors: [message] };
}

/**
 * The gateway's answer to an action whose outcome is unknown: the machines show ACTION_IN_DOUBT
 * (Result.status IN_DOUBT); a reader that does not know it shows the text as an error.
 */
export function inDoubtGatewayAnswer() {
  return {
    Result: { status: 'IN_DOUBT', errorMessage: ACTION_IN_DOUBT },
    ErrorMessage: null,
    MessageCollection: [],
    HttpStatusCode: 200,
    IsAlarmCleared: false,
  };
}

/** The same for the envelope routes. */
export function inDoubtEnvelope() {
  return {
    isSessionValid: true,
    apiStatus: false,
    result: { status: 'IN_DOUBT' },
    errors: [ACTION_IN_DOUBT],
  };
}

/**
 * The answer to an action the bridge settled as carried out from the upstream's own state (its
 * answer was lost or unreadable, and the alarm has left the active list).
 */
export function settledGatewayAnswer() {
  return {
    Result: { status: 'OK', settledFrom: 'activeAlarms' },
    ErrorMessage: null,
    MessageCollection: [],
    HttpStatusCode: 200,
    IsAlarmCleared: false,
  };
}

export function settledEnvelope() {
  return {
    isSessionValid: true,
    apiStatus: true,
    result: { status: 'OK', settledFrom: 'activeAlarms' },
    errors: [],
  };
}

/**
 * The answer to a dispatch or cancel this request carried out, in the terms of the machines:
 * IsAlarmCleared is true only when someone else had handled the alarm, and a success reads
 * Result.status OK (the upstream's own word is kept as upstreamStatus).
 *
 * NOTE: the upstream answers a successful ClearAlarm with IsAlarmCleared true (the alarm is now
 * cleared) and says DISPATCHED/CLEARED; the machines read IsAlarmCleared as "already handled"
 * and any status but OK as a failure. The bridge decides the outcome once, here. (A CallDispatch
 * answered with IsAlarmCleared true is a real "already handled" and never reaches this.)
 */
export function confirmedGatewayAnswer(body: unknown): unknown {
  const answer = gatewayShape.loose().safeParse(body);
  if (!answer.success) return body;
  const result = answer.data.Result;
  let Result = result;
  if (typeof result === 'object' && result !== null && !Array.isArray(result)) {
    const r = result as Record<string, unknown>;
    const status = r.status ?? r.Status;
    Result = {
      ...r,
      status: 'OK',
      ...(status !== undefined && status !== 'OK' ? { upstreamStatus: status } : {}),
    };
  }
  return { ...answer.data, Result, IsAlarmCleared: false };
}

/** The upstream says the alarm was already cleared. */
export function saysAlarmCleared(body: unknown): boolean {
  const answer = gatewayShape.safeParse(body);
  return answer.success && answer.data.IsAlarmCleared === true;
}
