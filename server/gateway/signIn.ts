import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { envelopeSchema } from '../../shared/upstream/envelope';
import { loginProfileSchema, type LoginProfile } from '../../shared/upstream/loginProfile';
import type { GatewayDeps } from './gatewayDeps';
import { isUpstreamError } from '../upstream/upstreamError';
import { sendError } from './apiErrors';
import type { AttemptLock, AttemptOutcome } from './attemptLock';
import { sessionAnswer } from './sessionAnswer';
import type { TwoFactorSignIn } from './twoFactorSignIn';
import { sessionIdOf, setSessionCookie } from './requireSession';

const credentialsSchema = z.object({
  username: z.string().trim().min(1).max(128),
  password: z.string().min(1).max(256),
});

type LogonOutcome = { kind: 'ok'; profile: LoginProfile } | { kind: 'refused' } | { kind: 'malformed' };
type LogonResult =
  | LogonOutcome
  | { kind: 'failed'; code: 'upstream_timeout' | 'upstream_unavailable' | 'upstream_error'; status?: number };

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
export function signIn(
  ctx: GatewayDeps,
  locks: AttemptLock,
  twoFactor?: Pick<TwoFactorSignIn, 'challengeFor'>,
): RequestHandler {
  return async (req, res) => {
    const creds = credentialsSchema.safeParse(req.body);
    if (!creds.success) {
      sendError(res, 'bad_request', { message: 'Enter a username and a password.' });
      return;
    }
    const lockKey = `login:${creds.data.username.toLowerCase()}`;
    // The attempt is taken before the upstream is asked, so concurrent tries count (attemptLock).
    if (!(await locks.begin(lockKey)).ok) {
      sendError(res, 'locked');
      return;
    }
    let settled: AttemptOutcome = 'neutral';
    try {
      settled = await logOn(req, res, creds.data, lockKey);
    } finally {
      if (settled === 'neutral') await locks.settle(lockKey, 'neutral');
    }
  };

  /** Asks the upstream; answers how the attempt ended (a failure or success already settled). */
  async function logOn(
    req: Request,
    res: Response,
    creds: z.infer<typeof credentialsSchema>,
    lockKey: string,
  ): Promise<AttemptOutcome> {
    let outcome: LogonResult;
    try {
      const { json } = await ctx.upstream.passThrough('POST', 'Login/AuthLogon', {
        body: { Username: creds.username, Password: creds.password, IsUseProduction: true },
      });
      outcome = readLogonAnswer(json);
    } catch (e) {
      if (!isUpstreamError(e)) throw e;
      const status = e.details.status;
      if (e.kind === 'session_expired' || (e.kind === 'http' && status === 400))
        outcome = { kind: 'refused' };
      else if (e.kind === 'malformed') outcome = { kind: 'malformed' };
      else if (e.kind === 'timeout') outcome = { kind: 'failed', code: 'upstream_timeout' };
      // NOTE: doc 1 §8: a 404 from the login call reads "Unable to connect.", like no answer at all.
      else if (e.kind === 'network' || status === 404)
        outcome = { kind: 'failed', code: 'upstream_unavailable' };
      else outcome = { kind: 'failed', code: 'upstream_error', status };
    }

    if (outcome.kind === 'failed') {
      sendError(res, outcome.code, outcome.status ? { upstreamStatus: outcome.status } : {});
      return 'neutral';
    }
    if (outcome.kind === 'malformed') {
      sendError(res, 'upstream_malformed');
      return 'neutral';
    }
    if (outcome.kind === 'refused') {
      const { locked } = await locks.settle(lockKey, 'failed');
      ctx.logger.info({ locked }, 'sign-in refused');
      if (locked) sendError(res, 'locked');
      else sendError(res, 'invalid_credentials');
      return 'failed';
    }

    await locks.settle(lockKey, 'succeeded');
    // Two-factor on: no session until the one-time password is accepted (twoFactorSignIn.ts).
    const challenge = await twoFactor
      ?.challengeFor(creds.username, outcome.profile)
      .catch(() => 'failed' as const);
    if (challenge === 'failed') {
      sendError(res, 'upstream_unavailable');
      return 'succeeded';
    }
    if (challenge) {
      res.json({ twoFactor: challenge });
      return 'succeeded';
    }
    const previous = sessionIdOf(req);
    if (previous) {
      await ctx.sessions.delete(previous);
      await ctx.sockets.closeSession(previous).catch(() => undefined);
    }
    const session = await ctx.sessions.create({
      username: creds.username,
      upstreamSessionId: outcome.profile.loginGUID,
      profile: outcome.profile,
    });
    setSessionCookie(res, ctx.config, session);
    res.json(sessionAnswer(ctx.config, session.profile));
    return 'succeeded';
  }
}
