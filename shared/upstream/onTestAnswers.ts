import { z } from 'zod';

/**
 * How the answers of the on-test writes read (docs/product/live-alarms-and-testing.md#states,
 * #calls, #messages): `OnTest/SaveOnTest` by its result's return code and texts,
 * `OnTest/ClearOrExtendMultipleTests` by its result text, both with the envelope's errors. Pure;
 * the client's API files hand the raw answer to these.
 */

const envelope = z.object({
  result: z.unknown(),
  errors: z.array(z.string()).nullish(),
});
const saveResult = z.object({
  rtn_code: z.coerce.number().nullish(),
  err_msg: z.string().nullish(),
  addl_err_info: z.string().nullish(),
});

const texts = (errors: readonly string[] | null | undefined): string[] =>
  (errors ?? []).filter((e) => e.trim() !== '');

export interface SaveAnswer {
  result: { rtn_code: number | null; err_msg: string | null; addl_err_info: string | null } | null;
  errors: string[];
}
export interface ChangeAnswer {
  resultText: string | null;
  errors: string[];
}

/** An answer that is not an envelope counts as a failure with the generic text. */
export function saveAnswerOf(body: unknown, unreadable: string): SaveAnswer {
  const env = envelope.safeParse(body);
  if (!env.success) return { result: null, errors: [unreadable] };
  const r = saveResult.safeParse(env.data.result);
  return {
    result: r.success
      ? {
          rtn_code: r.data.rtn_code ?? null,
          err_msg: r.data.err_msg ?? null,
          addl_err_info: r.data.addl_err_info ?? null,
        }
      : null,
    errors: texts(env.data.errors),
  };
}

export function changeAnswerOf(body: unknown, unreadable: string): ChangeAnswer {
  const env = envelope.safeParse(body);
  if (!env.success) return { resultText: null, errors: [unreadable] };
  return {
    resultText: typeof env.data.result === 'string' ? env.data.result : null,
    errors: texts(env.data.errors),
  };
}
