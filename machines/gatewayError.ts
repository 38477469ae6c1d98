import { z } from 'zod';
import type { GatewayAnswer } from '../shared/upstream/envelope';
import { UNABLE_TO_PROCESS } from './messages';

/** The part of a gateway `Result` the error rule reads; any other shape has no status. */
const resultStatusSchema = z.object({
  status: z.string().nullish(),
  Status: z.string().nullish(),
  errorMessage: z.string().nullish(),
  ErrorMessage: z.string().nullish(),
});

const isText = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

const isSuccessStatus = (code: number): boolean => code >= 200 && code < 300;

/**
 * The text to show for an answer of the alarm-incident gateway (`MASAPI/APIRequest`), or `null`
 * when the answer is a success (docs/product/live-alarms-and-testing.md#messages, "Alarm incident
 * gateway error").
 *
 * A failed answer (a non-2xx `HttpStatusCode`, or no status but messages) shows its first
 * `MessageCollection` entry, else its `ErrorMessage`, else 'Unable to process your request.'.
 * A successful answer whose `Result.status` is not OK shows `Result.errorMessage` (or the generic
 * text when that is empty).
 *
 * NOTE: the spec gives the order of the texts, not when an answer counts as failed; this reading
 * keeps informational messages on a 2xx answer from being shown as errors.
 */
export function gatewayErrorText(answer: GatewayAnswer): string | null {
  const firstMessage = answer.MessageCollection?.find(isText);
  const hasStatus = answer.HttpStatusCode != null;
  const failed = hasStatus
    ? !isSuccessStatus(answer.HttpStatusCode ?? 0)
    : firstMessage !== undefined || isText(answer.ErrorMessage);

  if (failed) {
    if (firstMessage !== undefined) return firstMessage;
    if (isText(answer.ErrorMessage)) return answer.ErrorMessage;
    return UNABLE_TO_PROCESS;
  }

  const result = resultStatusSchema.safeParse(answer.Result);
  if (result.success) {
    const status = result.data.status ?? result.data.Status;
    if (isText(status) && status.trim().toUpperCase() !== 'OK') {
      const text = result.data.errorMessage ?? result.data.ErrorMessage;
      return isText(text) ? text : UNABLE_TO_PROCESS;
    }
  }
  return null;
}
