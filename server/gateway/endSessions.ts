import type { BridgeSession } from '../session/sessionStore';
import type { HttpDeps } from '../http/httpDeps';

const LOGOFF_TIMEOUT_MS = 2000;

/**
 * Ends every bridge session of one user (a contact) but `exceptId`, on every bridge process: the
 * sessions are gone from the store, their live screens are told and closed as at sign-out, and
 * their upstream sessions are logged off, best effort. Answers how many ended.
 */
export async function endSessionsOfUser(
  ctx: Pick<HttpDeps, 'sessions' | 'sockets' | 'upstream' | 'logger'>,
  contactNumber: string,
  exceptId?: string,
): Promise<number> {
  const ended = await ctx.sessions.endSessionsOf(contactNumber, exceptId);
  await Promise.all(ended.map((s) => closeEnded(ctx, s)));
  return ended.length;
}

async function closeEnded(
  ctx: Pick<HttpDeps, 'sockets' | 'upstream' | 'logger'>,
  s: BridgeSession,
): Promise<void> {
  await ctx.sockets
    .closeSession(s.id)
    .catch((e: unknown) => ctx.logger.warn({ err: String(e) }, 'closing live sockets failed'));
  // Not awaited: the bridge session is gone whatever the upstream says.
  void ctx.upstream
    .passThrough('POST', 'LogOff', {
      sessionId: s.upstreamSessionId,
      query: { SessionGUID: s.upstreamSessionId },
      signal: AbortSignal.timeout(LOGOFF_TIMEOUT_MS),
    })
    .catch((e: unknown) => ctx.logger.info({ err: String(e) }, 'upstream LogOff failed'));
}
