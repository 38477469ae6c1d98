/** Why an upstream call failed, as a value the gateway and the feeds can act on. */
export type UpstreamFailure =
  | 'session_expired' // isSessionValid false, or HTTP 403
  | 'malformed' // the answer broke its schema
  | 'http' // any other non-2xx status
  | 'timeout'
  | 'network'
  | 'rejected'; // a valid envelope that carries errors

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamFailure,
    message: string,
    readonly details: {
      path: string;
      status?: number;
      errors?: string[];
      /** A 429 or 503 asked to wait this long before the path is read again (Retry-After). */
      retryAfterMs?: number;
    } = { path: '' },
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

export function isUpstreamError(e: unknown): e is UpstreamError {
  return e instanceof UpstreamError;
}
