import { envelopeSchema, gatewayAnswerSchema } from '../../shared/upstream/envelope';
import { isUpstreamError } from '../upstream/upstreamError';
import { differs, type ReadVerdict } from './readVerdict';
import { isHtml, type LastAnswer, type RecordingUpstream } from './recordingUpstream';

function parsed(a: LastAnswer): { ok: true; json: unknown } | { ok: false } {
  try {
    return { ok: true, json: JSON.parse(a.text) };
  } catch {
    return { ok: false };
  }
}

/** The upstream's own words of refusal in an enveloped or a gateway answer, if it said no. */
export function refusalOf(json: unknown): string | null {
  const env = envelopeSchema().safeParse(json);
  if (env.success) {
    if (env.data.isSessionValid === false) return 'the upstream answered that the session is not valid';
    if (env.data.errors?.length && env.data.result == null) return env.data.errors.join(' ');
    if (env.data.apiStatus === false && env.data.result == null)
      return 'the upstream answered apiStatus false';
    return null;
  }
  const gw = gatewayAnswerSchema().safeParse(json);
  if (!gw.success) return null;
  const words = [gw.data.ErrorMessage ?? '', ...(gw.data.MessageCollection ?? [])].filter(
    (e) => e.trim() !== '',
  );
  if (words.length) return words.join(' ');
  if (gw.data.HttpStatusCode != null && gw.data.HttpStatusCode >= 400)
    return `HttpStatusCode ${gw.data.HttpStatusCode}`;
  return null;
}

/**
 * Why the bridge's code refused a read, from the answer as it came: no answer, an HTTP error or an
 * HTML page (failed), the upstream's refusal (refused), or the first field the bridge's schema
 * refused (differs). `rowsDiffer` explains a JSON answer whose schema the upstream client did not
 * see (a report's rows, read as the scheduler reads them).
 */
export function judgeRead(
  err: unknown,
  rec: RecordingUpstream,
  rowsDiffer?: (json: unknown) => ReadVerdict | null,
): ReadVerdict {
  const answer = rec.lastAnswer;
  if (!answer) {
    if (isUpstreamError(err) && err.kind === 'timeout')
      return { kind: 'failed', reason: 'no answer in time' };
    return {
      kind: 'failed',
      reason: `no answer (${rec.noAnswer ?? (err instanceof Error ? err.message : String(err))})`,
    };
  }
  if (isHtml(answer))
    return { kind: 'failed', reason: `HTTP ${answer.status} with an HTML page instead of JSON` };
  const body = parsed(answer);
  if (!body.ok) return { kind: 'failed', reason: `HTTP ${answer.status} with an answer that is not JSON` };
  const refusal = refusalOf(body.json);
  if (answer.status === 401 || answer.status === 403)
    return { kind: 'refused', reason: `HTTP ${answer.status}${refusal ? `: ${refusal}` : ''}` };
  if (answer.status === 400 && refusal) return { kind: 'refused', reason: `HTTP 400: ${refusal}` };
  if (answer.status < 200 || answer.status >= 300) return { kind: 'failed', reason: `HTTP ${answer.status}` };
  if (refusal) return { kind: 'refused', reason: refusal };
  const rows = rowsDiffer?.(body.json);
  if (rows) return rows;
  const env = envelopeSchema().safeParse(body.json);
  if (!env.success) return differs(env.error.issues, body.json, []);
  const schema = rec.lastSchema;
  if (schema) {
    const result = schema.safeParse(env.data.result);
    if (!result.success) return differs(result.error.issues, env.data.result, ['result']);
  }
  return { kind: 'failed', reason: err instanceof Error ? err.message : String(err) };
}
