import type { Response } from 'express';

/**
 * Every answer of the monitoring-center API is this envelope
 * (docs/product/shell-session-search.md#entities). apiStatus is true on success and false on
 * failure; errors is an empty list on success.
 */
export interface EnvelopeBody {
  isSessionValid: boolean;
  apiStatus: boolean;
  result: unknown;
  errors: string[];
}

export const SESSION_EXPIRED = 'Session expired. Please login again.';
export const UNAUTHORIZED_AGENCY = 'Unauthorized agency.';

export function ok(res: Response, result: unknown): void {
  res.status(200).json({ isSessionValid: true, apiStatus: true, result, errors: [] } satisfies EnvelopeBody);
}

/** A refused call with a valid session: HTTP 200, apiStatus false, the reasons in errors. */
export function refuse(res: Response, errors: string[], result: unknown = null): void {
  res.status(200).json({ isSessionValid: true, apiStatus: false, result, errors } satisfies EnvelopeBody);
}

export function badRequest(res: Response, errors: string[], isSessionValid = true): void {
  res.status(400).json({ isSessionValid, apiStatus: false, result: null, errors } satisfies EnvelopeBody);
}

export function sessionInvalid(res: Response): void {
  res.status(200).json({
    isSessionValid: false,
    apiStatus: false,
    result: null,
    errors: [SESSION_EXPIRED],
  } satisfies EnvelopeBody);
}

/**
 * The alarm-incident gateway's own answer shape (docs/product/live-alarms-and-testing.md#calls).
 */
export interface GatewayBody {
  Result: unknown;
  ErrorMessage: string | null;
  MessageCollection: string[];
  HttpStatusCode: number;
  IsAlarmCleared: boolean;
}

export function gateway(res: Response, body: Partial<GatewayBody>, httpStatus = 200): void {
  res.status(httpStatus).json({
    Result: body.Result ?? null,
    ErrorMessage: body.ErrorMessage ?? null,
    MessageCollection: body.MessageCollection ?? [],
    HttpStatusCode: body.HttpStatusCode ?? 200,
    IsAlarmCleared: body.IsAlarmCleared ?? false,
  } satisfies GatewayBody);
}

export const GATEWAY_PATH = '/masapi/apirequest';
