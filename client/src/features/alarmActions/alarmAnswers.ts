import { z } from 'zod';
import type { NotifyOutput } from '../../../../machines/alarmIncident';
import type { CodewordCheck, ManualSignalOutput } from '../../../../machines/cancel/cancelDispatchMachine';
import { CODEWORD_EMPTY, CODEWORD_NO_USER, UNABLE_TO_PROCESS } from '../../../../machines/messages';
import type { SaveOnTestAnswer, TestCategory } from '../../../../machines/placeOnTest/onTest';
import type { GatewayAnswer } from '../../../../shared/upstream/envelope';
import { saveAnswerOf } from '../../../../shared/upstream/onTestAnswers';
import { ApiError } from '../../lib/api/apiError';

/**
 * How the bridge's answers become the outputs the flow machines expect (docs/machines.md). Pure:
 * the API file calls the bridge and hands the answer, or the failure, to these.
 *
 * The machines' rule: a rejected effect means "no reply" ('Oops.. Something went wrong!'); an
 * answer that carries an error resolves, and the machine reads it.
 */

/**
 * Failures that are no reply at all: the network, the upstream unreachable or silent, the
 * session gone (the app signs out). Anything else the bridge answered is an answer with a text.
 */
const NO_REPLY_ERRORS = new Set([
  'network',
  'upstream_unavailable',
  'upstream_timeout',
  'session_expired',
  'no_session',
]);

export function isNoReply(e: unknown): boolean {
  return !(e instanceof ApiError) || e.status === 0 || NO_REPLY_ERRORS.has(e.error);
}

/** A gateway call the bridge refused or could not read, as the gateway answer the machines read. */
export function gatewayAnswerOfFailure(e: unknown): GatewayAnswer {
  if (isNoReply(e)) throw e;
  const err = e as ApiError;
  const messages = err.upstreamErrors.length > 0 ? [...err.upstreamErrors] : [err.message];
  return {
    Result: null,
    ErrorMessage: err.message,
    MessageCollection: messages,
    HttpStatusCode: err.status >= 400 ? err.status : 502,
  };
}

const envelope = z.object({
  isSessionValid: z.boolean().optional(),
  apiStatus: z.unknown(),
  result: z.unknown(),
  errors: z.array(z.string()).nullish(),
});
const texts = (errors: readonly string[] | null | undefined): string[] =>
  (errors ?? []).filter((e) => e.trim() !== '');

/**
 * `Alarm/CancelNotification` answers the envelope: a success is status 200
 * (docs/product/live-alarms-and-testing.md#calls).
 */
export function notifyOutputOf(body: unknown): NotifyOutput {
  const env = envelope.safeParse(body);
  if (!env.success) return { status: 502, text: UNABLE_TO_PROCESS };
  const errors = texts(env.data.errors);
  if (errors.length > 0 || env.data.apiStatus === false) return { status: 400, text: errors[0] ?? null };
  return { status: 200, text: null };
}

export function notifyOutputOfFailure(e: unknown): NotifyOutput {
  if (isNoReply(e)) throw e;
  const err = e as ApiError;
  return { status: err.status >= 400 ? err.status : 502, text: err.upstreamErrors[0] ?? err.message };
}

/** `alarm/SetManualSignal`: the reply text ('Success.' expected), else the first error. */
export function manualSignalOutputOf(body: unknown): ManualSignalOutput {
  const env = envelope.safeParse(body);
  if (!env.success) return { reply: null };
  const errors = texts(env.data.errors);
  if (errors.length > 0) return { reply: errors[0] };
  return { reply: typeof env.data.result === 'string' ? env.data.result : null };
}

export function manualSignalOutputOfFailure(e: unknown): ManualSignalOutput {
  if (isNoReply(e)) throw e;
  const err = e as ApiError;
  return { reply: err.upstreamErrors[0] ?? err.message };
}

const codewordAnswer = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);

/**
 * `POST /api/session/codeword` {ok} or {ok:false, message} with the spec's texts
 * (docs/product/live-alarms-and-testing.md#validation).
 */
export function codewordCheckOf(body: unknown): CodewordCheck {
  const a = codewordAnswer.safeParse(body);
  if (!a.success) return { status: 'error', text: UNABLE_TO_PROCESS };
  if (a.data.ok) return { status: 'match' };
  if (a.data.message === CODEWORD_NO_USER) return { status: 'noUser' };
  // An empty entry never reaches the bridge (the machine says so itself); any other refusal is a mismatch.
  if (a.data.message === CODEWORD_EMPTY) return { status: 'error', text: CODEWORD_EMPTY };
  return { status: 'mismatch' };
}

/** The check locked after too many wrong entries (423), or refused otherwise: its text is shown. */
export function codewordCheckOfFailure(e: unknown): CodewordCheck {
  if (isNoReply(e)) throw e;
  return { status: 'error', text: (e as ApiError).message };
}

const idish = z.union([z.string(), z.number()]).transform(String);
const testCategorySchema = z.object({
  testcat_id: idish,
  descr: z.string(),
  default_hours: z.coerce.number().catch(0),
  default_minutes: z.coerce.number().catch(0),
  max_hours: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v == null ? null : String(v))),
});
export const testCategoriesSchema = z.array(testCategorySchema);

export function testCategoriesOf(result: unknown): TestCategory[] {
  return testCategoriesSchema.parse(result);
}

/** `OnTest/SaveOnTest`: the result's return code and texts, and the envelope's errors. */
export function saveOnTestAnswerOf(body: unknown): SaveOnTestAnswer {
  return saveAnswerOf(body, UNABLE_TO_PROCESS);
}

export function saveOnTestAnswerOfFailure(e: unknown): SaveOnTestAnswer {
  if (isNoReply(e)) throw e;
  const err = e as ApiError;
  return { result: null, errors: err.upstreamErrors.length > 0 ? [...err.upstreamErrors] : [err.message] };
}
