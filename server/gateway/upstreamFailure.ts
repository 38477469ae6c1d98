import type { Response } from 'express';
import type { GatewayDeps } from './gatewayDeps';
import type { BridgeSession } from '../session/sessionStore';
import { isUpstreamError } from '../upstream/upstreamError';
import { sendError } from './apiErrors';
import { endExpiredSession } from './requireSession';

/**
 * Turns a failed upstream call into the gateway's answer. Session expiry ends the bridge
 * session; anything that is not an UpstreamError is rethrown for the final error handler.
 */
export async function sendUpstreamFailure(
  ctx: GatewayDeps,
  res: Response,
  err: unknown,
  session: BridgeSession | null,
): Promise<void> {
  if (!isUpstreamError(err)) throw err;
  switch (err.kind) {
    case 'session_expired':
      if (session) await endExpiredSession(ctx, res, session);
      else sendError(res, 'session_expired');
      return;
    case 'malformed':
      sendError(res, 'upstream_malformed');
      return;
    case 'timeout':
      sendError(res, 'upstream_timeout');
      return;
    case 'network':
      sendError(res, 'upstream_unavailable');
      return;
    case 'http':
    case 'rejected': {
      // An upstream 400/409/422 refused the request itself: the client shows its errors (doc 1 §8).
      const status = err.details.status;
      const errors = err.details.errors ?? [];
      const code =
        status === 400 || status === 409 || status === 422 ? 'upstream_rejected' : 'upstream_error';
      sendError(res, code, {
        ...(errors.length ? { message: errors.join('\n'), errors } : {}),
        ...(status ? { upstreamStatus: status } : {}),
      });
      return;
    }
  }
}
