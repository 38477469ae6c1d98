import type { Response } from 'express';
import type { HttpDeps } from './httpDeps';
import type { BridgeSession } from '../session/sessionStore';
import { isUpstreamError } from '../upstream/upstreamError';
import { errorAnswer, sendAnswer, type Answer } from './handlerAnswer';
import { expiredSessionAnswer } from './sessionGuard';

/**
 * The gateway's answer to a failed upstream call. Session expiry ends the bridge session;
 * anything that is not an UpstreamError is rethrown for the final error handler.
 */
export async function upstreamFailureAnswer(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'sessions' | 'sockets'>,
  res: Response,
  err: unknown,
  session: BridgeSession | null,
): Promise<Answer> {
  if (!isUpstreamError(err)) throw err;
  switch (err.kind) {
    case 'session_expired':
      return session
        ? expiredSessionAnswer(ctx, res, session, err.details.status === 403 ? 'forbidden' : 'invalid')
        : errorAnswer('session_expired');
    case 'malformed':
      return errorAnswer('upstream_malformed');
    case 'timeout':
      return errorAnswer('upstream_timeout');
    case 'network':
      return errorAnswer('upstream_unavailable');
    case 'http':
    case 'rejected': {
      // An upstream 400/409/422 refused the request itself: the client shows its errors
      // (docs/product/shell-session-search.md#messages).
      const status = err.details.status;
      const errors = err.details.errors ?? [];
      const code =
        status === 400 || status === 409 || status === 422 ? 'upstream_rejected' : 'upstream_error';
      return errorAnswer(code, {
        ...(errors.length ? { message: errors.join('\n'), errors } : {}),
        ...(status ? { upstreamStatus: status } : {}),
      });
    }
  }
}

/** Sends the answer to a failed upstream call (see upstreamFailureAnswer). */
export async function sendUpstreamFailure(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'sessions' | 'sockets'>,
  res: Response,
  err: unknown,
  session: BridgeSession | null,
): Promise<void> {
  sendAnswer(res, await upstreamFailureAnswer(ctx, res, err, session));
}
