import { z } from 'zod';
import { activeAlarmRowSchema } from '../../shared/upstream/activeAlarmRow';
import { envelopeSchema } from '../../shared/upstream/envelope';
import { eventLogRowSchema, eventLogsResultSchema } from '../../shared/upstream/eventLogRow';
import type { UpstreamRoute } from './upstreamRoutes';

const RESULT_SCHEMAS: Record<NonNullable<UpstreamRoute['result']>, z.ZodType> = {
  eventLogs: eventLogsResultSchema(eventLogRowSchema()),
  activeAlarms: eventLogsResultSchema(activeAlarmRowSchema),
};

// Keeps whatever else the upstream puts beside the four envelope fields.
const looseEnvelope = z.looseObject(envelopeSchema().shape);

export type EnvelopeReading =
  { kind: 'ok'; answer: Record<string, unknown> } | { kind: 'session_expired' } | { kind: 'malformed' };

/**
 * Reads an upstream answer as the spec's envelope. Where the result's shape is known it is
 * validated (and answered as parsed); an error answer (no result, errors listed) passes as is,
 * for the client to show the errors.
 */
export function readEnvelope(json: unknown, result: UpstreamRoute['result']): EnvelopeReading {
  const env = looseEnvelope.safeParse(json);
  if (!env.success) return { kind: 'malformed' };
  if (!env.data.isSessionValid) return { kind: 'session_expired' };
  const answer: Record<string, unknown> = { ...env.data };
  if (result && env.data.result != null) {
    const parsed = RESULT_SCHEMAS[result].safeParse(env.data.result);
    if (!parsed.success) return { kind: 'malformed' };
    answer.result = parsed.data;
  }
  return { kind: 'ok', answer };
}
