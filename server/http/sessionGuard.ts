import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import type { HttpDeps } from './httpDeps';
import type { BridgeConfig } from '../config/bridgeConfig';
import { SESSION_COOKIE } from '../session/sessionCookie';
import type { BridgeSession } from '../session/sessionStore';
import { sendError } from './apiErrors';
import { errorAnswer, sendAnswer, type Answer } from './handlerAnswer';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Set by requireSession on the routes behind it. */
      session?: BridgeSession;
    }
  }
}

function cookieOptions(config: BridgeConfig): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: config.COOKIE_SECURE };
}

export function setSessionCookie(res: Response, config: BridgeConfig, session: BridgeSession): void {
  res.cookie(SESSION_COOKIE, session.id, {
    ...cookieOptions(config),
    maxAge: Math.max(0, session.expiresAt - Date.now()),
  });
}

export function clearSessionCookie(res: Response, config: BridgeConfig): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions(config));
}

/** The session id the browser's cookie carries, if any (cookie-parser has run). */
export function sessionIdOf(req: Request): string | null {
  const cookies: unknown = req.cookies;
  if (!cookies || typeof cookies !== 'object') return null;
  const id = (cookies as Record<string, unknown>)[SESSION_COOKIE];
  return typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : null;
}

/** Loads the session of the request's cookie; none answers 401 no_session. */
export function requireSession(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'sessions' | 'sockets'>,
): RequestHandler {
  return async (req, res, next) => {
    const id = sessionIdOf(req);
    const session = id ? await ctx.sessions.get(id) : null;
    if (!session) {
      if (id) clearSessionCookie(res, ctx.config);
      sendError(res, 'no_session');
      return;
    }
    res.locals.session = session;
    next();
  };
}

/** The session requireSession attached; a route behind it always has one. */
export function sessionOf(res: Response): BridgeSession {
  const s = res.locals.session;
  if (!s) throw new Error('route is not behind requireSession');
  return s;
}

/** Why the upstream ended a session: an HTTP 403, or an answer not session-valid (or a 401). */
export type ExpiryCause = 'forbidden' | 'invalid';

/**
 * Ends a session the upstream no longer honours (isSessionValid false, HTTP 401/403): the
 * bridge forgets it, its live sockets close, and the browser gets the spec's message and the
 * cause `forbidden` when the upstream answered HTTP 403 (isSessionValid false or a 401 adds none).
 */
export async function expiredSessionAnswer(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'sessions' | 'sockets'>,
  res: Response,
  session: BridgeSession,
  cause: ExpiryCause = 'invalid',
): Promise<Answer> {
  await ctx.sessions.delete(session.id);
  await ctx.sockets
    .closeSession(session.id)
    .catch((e: unknown) => ctx.logger.warn({ err: String(e) }, 'closing live sockets failed'));
  clearSessionCookie(res, ctx.config);
  // `cause` tells the screen which of the spec's wordings applies (the live-alarm and report screens word a 403 apart: docs/product/live-alarms-and-testing.md#messages).
  return errorAnswer('session_expired', cause === 'forbidden' ? { cause } : {});
}

/** Ends an expired session and sends the spec's message (see expiredSessionAnswer). */
export async function endExpiredSession(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'sessions' | 'sockets'>,
  res: Response,
  session: BridgeSession,
): Promise<void> {
  sendAnswer(res, await expiredSessionAnswer(ctx, res, session));
}
