import { UNABLE_TO_PROCESS } from '../../../../machines/messages';

/**
 * A failed call, as every caller sees it: the HTTP status, the bridge's stable error code and a
 * message fit to show. `upstreamErrors` holds the envelope's `errors` list when the monitoring
 * center itself refused (docs/product/shell-session-search.md#messages: "Errors returned by the
 * API").
 */
export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly upstreamErrors: readonly string[];

  constructor(status: number, error: string, message: string, upstreamErrors: readonly string[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.error = error;
    this.upstreamErrors = upstreamErrors;
  }
}

/**
 * The text a screen shows for a failed call (docs/product/shell-session-search.md#messages): the
 * API's own errors joined by line breaks, otherwise `fallback` ("Unable to process your request."
 * unless the screen has its own).
 */
export function failureMessage(e: unknown, fallback: string = UNABLE_TO_PROCESS): string {
  if (e instanceof ApiError && e.upstreamErrors.length > 0) return e.upstreamErrors.join('\n');
  return fallback;
}

/**
 * Only the first error (the transfer call's rule, docs/product/shell-session-search.md#messages).
 */
export function firstFailureMessage(e: unknown, fallback: string = UNABLE_TO_PROCESS): string {
  if (e instanceof ApiError && e.upstreamErrors.length > 0) return e.upstreamErrors[0];
  return fallback;
}

export function isAbort(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}
