// zod/mini: these schemas are on the sign-in page, where every kilobyte counts (docs/decisions.md).
import * as z from 'zod/mini';
import { onFirstUse } from '../onFirstUse';

// NOTE: the schemas of this file are built on their first use (onFirstUse): the browser's first
// task evaluates this module with the session's code, and a phone's start should not pay for
// schemas it parses with only when the first answers come (issue 38).

/**
 * The monitoring-center API wraps every answer in this envelope
 * (docs/product/shell-session-search.md#entities). `result` is validated separately by the call
 * that knows its shape.
 */
export const envelopeSchema = onFirstUse(() =>
  z.object({
    isSessionValid: z.boolean(),
    apiStatus: z.optional(z.nullable(z.union([z.string(), z.number(), z.boolean()]))),
    result: z.unknown(),
    errors: z.optional(z.nullable(z.array(z.string()))),
  }),
);
export type Envelope = z.infer<ReturnType<typeof envelopeSchema>>;

/** Builds an envelope schema whose `result` has a known shape. */
export function envelopeOf<T extends z.core.$ZodType>(result: T) {
  return z.extend(envelopeSchema(), { result });
}

/**
 * The alarm-incident gateway (`POST MASAPI/APIRequest`) answers in its own shape
 * (docs/product/live-alarms-and-testing.md#calls).
 */
export const gatewayAnswerSchema = onFirstUse(() =>
  z.object({
    Result: z.unknown(),
    ErrorMessage: z.optional(z.nullable(z.string())),
    MessageCollection: z.optional(z.nullable(z.array(z.string()))),
    HttpStatusCode: z.optional(z.nullable(z.number())),
    IsAlarmCleared: z.optional(z.nullable(z.boolean())),
  }),
);
export type GatewayAnswer = z.infer<ReturnType<typeof gatewayAnswerSchema>>;

/** Every method name the alarm-incident gateway accepts. */
export const GATEWAY_METHODS = [
  'GetAlarmIncidentServiceDetails',
  'ClearAlarm',
  'CallDispatch',
  'SetManualSignal',
  'GetZoneSatusDetails',
  'GetSysTypeZones',
  'EventLogDetails',
  'GetOtherAccountsBySiteNumber',
  'GetUnclearedSystemTestsBySiteNo',
  'SystemTestOn',
  'GetSiteDetails',
  'GetSiteByServCoNo',
  'GetOptOutListByServcoNo',
] as const;
export type GatewayMethod = (typeof GATEWAY_METHODS)[number];

export const gatewayRequestSchema = onFirstUse(() =>
  z.object({
    sessionGuid: z.string().check(z.minLength(1), z.maxLength(200)),
    methodName: z.enum(GATEWAY_METHODS),
    arguments: z._default(z.array(z.unknown()).check(z.maxLength(50)), []),
  }),
);
export type GatewayRequest = z.infer<ReturnType<typeof gatewayRequestSchema>>;
