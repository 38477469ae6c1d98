import type { Response } from 'express';

/**
 * Every error body the gateway answers: a stable code the client switches on and a message it
 * may show as is. The messages are the spec's where it has one
 * (docs/product/shell-session-search.md#messages,
 * docs/product/live-alarms-and-testing.md#messages).
 */
export const API_ERRORS = {
  bad_request: { status: 400, message: 'The request could not be read.' },
  bad_json: { status: 400, message: 'The request body is not valid JSON.' },
  /** The report e-mail breaks a rule of shared/reportEmail (the message says which). */
  report_email_refused: { status: 400, message: 'The report e-mail could not be sent as it is.' },
  no_session: { status: 401, message: 'Your session has expired. Please login again.' },
  session_expired: { status: 401, message: 'Your session has expired. Please login again.' },
  invalid_credentials: { status: 401, message: 'Invalid username or password.' },
  forbidden_agency: { status: 403, message: 'You do not have access to that agency.' },
  forbidden_owner: { status: 403, message: 'Only the account owner may do this.' },
  forbidden_menu: { status: 403, message: 'You do not have permission to access this page.' },
  ops_only: { status: 403, message: 'Only the operator may read this (send the OPS_TOKEN).' },
  cross_site: { status: 403, message: 'Requests from other sites are not allowed.' },
  codeword_required: { status: 403, message: 'Please enter password!' },
  not_found: { status: 404, message: 'No such route.' },
  /** A browser's push endpoint is bound to the user who subscribed it first (server/push). */
  push_device_taken: {
    status: 409,
    message: 'This browser is notified for another user. They must remove it, or sign out on it, first.',
  },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: { status: 415, message: 'The request body has an unsupported content type.' },
  locked: {
    status: 423,
    message: 'This account is locked for 10 minutes after too many failed sign-in attempts.',
  },
  rate_limited: { status: 429, message: 'Too many attempts. Please wait a minute and try again.' },
  too_many_requests: {
    status: 429,
    message: 'Too many requests from this session. Please wait a minute and try again.',
  },
  report_email_quota: {
    status: 429,
    message: 'You have sent as many report e-mails as allowed today. Please try again tomorrow.',
  },
  upstream_rejected: { status: 400, message: 'Unable to process your request.' },
  internal: { status: 500, message: 'Unable to process your request.' },
  upstream_error: { status: 502, message: 'Unable to process your request.' },
  upstream_malformed: {
    status: 502,
    message: 'The monitoring center sent an answer that could not be read.',
  },
  unsafe_handoff: { status: 502, message: 'The hand-off link is not a secure (https) address.' },
  upstream_unavailable: { status: 502, message: 'Unable to connect.' },
  upstream_timeout: { status: 504, message: 'The monitoring center did not answer in time.' },
  /** The bridge's own store (Redis) is away or cannot serve: sent with Retry-After (jsonErrors.ts). */
  store_unavailable: {
    status: 503,
    message: 'The portal cannot reach its store right now. Try again in a moment.',
  },
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;

export interface ApiErrorBody {
  error: ApiErrorCode;
  message: string;
  [extra: string]: unknown;
}

/** Answers one of the gateway's errors as JSON, with its status and (unless given) its message. */
export function sendError(
  res: Response,
  code: ApiErrorCode,
  extra: { message?: string; status?: number } & Record<string, unknown> = {},
): void {
  const { status, message, ...rest } = extra;
  const body: ApiErrorBody = { error: code, message: message ?? API_ERRORS[code].message, ...rest };
  res.status(status ?? API_ERRORS[code].status).json(body);
}
