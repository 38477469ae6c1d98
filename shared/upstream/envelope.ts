import { z } from 'zod';

/**
 * The monitoring-center API wraps every answer in this envelope (spec doc 1 §3).
 * `result` is validated separately by the call that knows its shape.
 */
export const envelopeSchema = z.object({
  isSessionValid: z.boolean(),
  apiStatus: z.union([z.string(), z.number(), z.boolean()]).nullable().optional(),
  result: z.unknown(),
  errors: z.array(z.string()).nullable().optional(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/** Builds an envelope schema whose `result` has a known shape. */
export function envelopeOf<T extends z.ZodType>(result: T) {
  return envelopeSchema.extend({ result });
}

/**
 * The alarm-incident gateway (`POST MASAPI/APIRequest`) answers in its own shape (spec doc 2 §7).
 */
export const gatewayAnswerSchema = z.object({
  Result: z.unknown(),
  ErrorMessage: z.string().nullable().optional(),
  MessageCollection: z.array(z.string()).nullable().optional(),
  HttpStatusCode: z.number().nullable().optional(),
  IsAlarmCleared: z.boolean().nullable().optional(),
});
export type GatewayAnswer = z.infer<typeof gatewayAnswerSchema>;

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

export const gatewayRequestSchema = z.object({
  sessionGuid: z.string().min(1).max(200),
  methodName: z.enum(GATEWAY_METHODS),
  arguments: z.array(z.unknown()).max(50).default([]),
});
export type GatewayRequest = z.infer<typeof gatewayRequestSchema>;
