import type { RequestHandler } from 'express';
import { z } from 'zod';
import { envelopeSchema } from '../../shared/upstream/envelope';
import { loginProfileSchema, type LoginProfile } from '../../shared/upstream/loginProfile';
import type { GatewayDeps } from './gatewayDeps';
import { isUpstreamError } from '../upstream/upstreamError';
import { sendError } from './apiErrors';
import type { AttemptLock } from './attemptLock';
import { sessionAnswer } from './sessionAnswer';
import { sessionIdOf, setSessionCookie } from './requireSession';

const credentialsSchema = z.object({
  username: z.string().trim().min(1).max(128),
  password: z.string().min(1).max(256),
});

type LogonOutcome = { kind: 'ok'; profile: LoginProfile } | { kind: 'refused' } | { kind: 'malformed' };

/** Reads the answer of `Login/AuthLogon`: a profile, a refusal, or garbage. */
export function readLogonAnswer(json: unknown): LogonOutcome {
  const env = envelopeSchema.safeParse(json);
  if (!env.success) return { kind: 'malformed' };
  const { isSessionValid, result, errors } = env.data;
  if (isSessionValid === false || result == null || typeof result !== 'object' || Array.isArray(result))
    return { kind: 'refused' };
  const profile = loginProfileSchema.safeParse(result);
  if (profile.success) return { kind: 'ok', profile: profile.data };
  // An object that is no profile is a refusal when the upstream says why, garbage otherwise.
  return errors && errors.length > 0 ? { kind: 'refused' } : { kind: 'malformed' };
}

/**
 * `POST /api/session`: signs in at the upstream, keeps the upstream session id and the full
 * profile in a bridge session, and gives the browser only an httpOnly cookie and the public
 * profile. Five refusals in a row lock the username for ten minutes (UL 1981).
 */
export function signIn(ctx: GatewayDeps, locks: AttemptLock): RequestHandler {
  return async (req, res) => {
    const creds = credentialsSchema.safeParse(req.body);
    if (!creds.success) {
      sendError(res, 'bad_request', { message: 'Enter a username and a password.' });
      return;
    }
    const lockKey = `login:${creds.data.username.toLowerCase()}`;
    if ((await locks.lockedFor(lockKey)) > 0) {
      sendError(res, 'locked');
      return;
    }

    let outcome: LogonOutcome;
    try {
      const { json } = await ctx.upstream.passThrough('POST', 'Login/AuthLogon', {
        body: { Username: creds.data.username, Password: creds.data.password, IsUseProduction: true },
      });
      outcome = readLogonAnswer(json);
    } catch (e) {
      if (!isUpstreamError(e)) throw e;
      const status = e.details.status;
      if (e.kind === 'session_expired' || (e.kind === 'http' && status === 400))
        outcome = { kind: 'refused' };
      else if (e.kind === 'malformed') outcome = { kind: 'malformed' };
      else if (e.kind === 'timeout') return sendError(res, 'upstream_timeout');
      // NOTE: doc 1 §8: a 404 from the login call reads "Unable to connect.", like no answer at all.
      else if (e.kind === 'network' || status === 404) return sendError(res, 'upstream_unavailable');
      else return sendError(res, 'upstream_error', status ? { upstreamStatus: status } : {});
    }

    if (outcome.kind === 'malformed') return sendError(res, 'upstream_malformed');
    if (outcome.kind === 'refused') {
      const { locked } = await locks.fail(lockKey);
      ctx.logger.info({ locked }, 'sign-in refused');
      return locked ? sendError(res, 'locked') : sendError(res, 'invalid_credentials');
    }

    await locks.reset(lockKey);
    const previous = sessionIdOf(req);
    if (previous) {
      await ctx.sessions.delete(previous);
      await ctx.sockets.closeSession(previous).catch(() => undefined);
    }
    const session = await ctx.sessions.create({
      username: creds.data.username,
      upstreamSessionId: outcome.profile.loginGUID,
      profile: outcome.profile,
    });
    setSessionCookie(res, ctx.config, session);
    res.json(sessionAnswer(ctx.config, session.profile));
  };
}
