import { Router } from 'express';
import { z } from 'zod';
import type { HttpDeps } from '../http/httpDeps';
import { sendError } from '../http/apiErrors';
import { createAttemptLock } from './attemptLock';
import { endSessionsOfUser } from './endSessions';
import { CODEWORD_ADDRESS_LOCK, CODEWORD_USER_LOCK, codewordRoute } from './codewordRoute';
import { switchCompany } from '../rights/companySwitch';
import { sessionAnswer } from '../http/sessionAnswer';
import { codewordRateLimit, signInRateLimit } from '../http/rateLimits';
import { refreshPreferences } from './refreshPreferences';
import { signIn, signInLockOptions } from './signIn';
import { twoFactorSignIn } from './twoFactorSignIn';
import { clearSessionCookie, requireSession, sessionIdOf, sessionOf } from '../http/sessionGuard';

const LOGOFF_TIMEOUT_MS = 2000;

const companySchema = z.object({
  servco_no: z.union([z.string().min(1).max(40), z.number().int()]).transform(String),
});

/** `/api/session`: sign-in, the current profile, sign-out, the company switch and the codeword check. */
export function sessionRoutes(
  ctx: Pick<
    HttpDeps,
    | 'config'
    | 'logger'
    | 'metrics'
    | 'redis'
    | 'sessions'
    | 'sockets'
    | 'upstream'
    | 'signedOut'
    | 'signedOutEverywhere'
  >,
): Router {
  const router = Router();
  // NOTE: attempts in flight count, so passwords sent at once get no more checks than the lock
  // allows; a wall of screens signing in as one user at once waits its turn instead (attemptTurn.ts).
  const signInLocks = createAttemptLock(ctx.redis, ctx.config.REDIS_PREFIX, signInLockOptions(ctx.config));
  const codeword = codewordRoute({
    sessions: ctx.sessions,
    userLocks: createAttemptLock(ctx.redis, ctx.config.REDIS_PREFIX, CODEWORD_USER_LOCK),
    addressLocks: createAttemptLock(ctx.redis, ctx.config.REDIS_PREFIX, CODEWORD_ADDRESS_LOCK),
  });
  const withSession = requireSession(ctx);

  // A sign-in waits for its turn no longer than one password check may take upstream.
  const turn = { waitMs: ctx.config.UPSTREAM_TIMEOUT_MS, pollMs: 50 };
  const twoFactor = twoFactorSignIn(ctx, signInLocks, turn);
  router.post('/', signInRateLimit(ctx), signIn(ctx, signInLocks, turn, twoFactor));
  router.use('/otp', signInRateLimit(ctx), twoFactor.routes);

  // A page load: the menu and preferences as the upstream holds them now.
  router.get('/', withSession, async (_req, res) => {
    const session = await refreshPreferences(ctx, sessionOf(res));
    res.json(sessionAnswer(ctx.config, session.profile));
  });

  router.delete('/', async (req, res) => {
    const id = sessionIdOf(req);
    const session = id ? await ctx.sessions.get(id) : null;
    if (session) {
      // Best effort: the bridge session ends whatever the upstream says.
      await ctx.upstream
        .passThrough('POST', 'LogOff', {
          sessionId: session.upstreamSessionId,
          query: { SessionGUID: session.upstreamSessionId },
          signal: AbortSignal.timeout(LOGOFF_TIMEOUT_MS),
        })
        .catch((e: unknown) => ctx.logger.info({ err: String(e) }, 'upstream LogOff failed'));
      await ctx.sessions.delete(session.id);
      await ctx.sockets
        .closeSession(session.id)
        .catch((e: unknown) => ctx.logger.warn({ err: String(e) }, 'closing live sockets failed'));
      await ctx
        .signedOut?.(session)
        .catch((e: unknown) => ctx.logger.warn({ err: String(e) }, 'ending the push device failed'));
    }
    clearSessionCookie(res, ctx.config);
    res.status(204).end();
  });

  // "Sign out everywhere": every session of the user ends, this one too, on every bridge; their
  // screens close and their devices stop getting alarm pushes (server/push follows the store).
  router.delete('/everywhere', withSession, async (_req, res) => {
    const session = sessionOf(res);
    const at = Date.now();
    const ended = await endSessionsOfUser(ctx, session.profile.contactNumber);
    ctx.logger.info({ ended }, 'signed out everywhere');
    // The user's schedules pause until they confirm them in a new session; walls stay, named here.
    const unattended = await ctx
      .signedOutEverywhere?.(
        {
          contactNumber: session.profile.contactNumber,
          username: session.username,
          agencyId: session.profile.agencyId,
        },
        at,
      )
      .catch((e: unknown) => {
        ctx.logger.warn({ err: String(e) }, 'pausing schedules after sign out everywhere failed');
        return null;
      });
    clearSessionCookie(res, ctx.config);
    res.json({
      ended,
      pausedSchedules: unattended?.pausedSchedules ?? 0,
      keptWalls: (unattended?.keptWalls ?? []).map((w) => ({
        id: w.id,
        name: w.name,
        agencyName: w.agencyName,
      })),
    });
  });

  router.post('/company', withSession, async (req, res) => {
    const body = companySchema.safeParse(req.body);
    if (!body.success) return sendError(res, 'bad_request', { message: 'Choose a service company.' });
    const session = sessionOf(res);
    const profile = switchCompany(session.profile, body.data.servco_no);
    if (!profile)
      return sendError(res, 'forbidden_agency', { message: 'That service company is not on your account.' });
    await ctx.sessions.update({ ...session, profile });
    // The live screens of the session re-read what they may see; /api reads it on every call.
    await ctx.sockets
      .refreshRights(session.id)
      .catch((e: unknown) => ctx.logger.warn({ err: String(e) }, 'refreshing live rights failed'));
    res.json(sessionAnswer(ctx.config, profile));
  });

  router.post('/codeword', codewordRateLimit(ctx), withSession, codeword);

  return router;
}
