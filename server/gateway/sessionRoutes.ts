import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import type { GatewayDeps } from './gatewayDeps';
import { sendError } from './apiErrors';
import { createAttemptLock } from './attemptLock';
import { checkCodeword } from './codewordCheck';
import { switchCompany } from './companySwitch';
import { sessionAnswer } from './sessionAnswer';
import { signIn } from './signIn';
import { clearSessionCookie, requireSession, sessionIdOf, sessionOf } from './requireSession';

const SIGN_IN_LOCK = { maxFailures: 5, lockMs: 10 * 60_000 };
const CODEWORD_LOCK = { maxFailures: 5, lockMs: 5 * 60_000 };
const LOGOFF_TIMEOUT_MS = 2000;

const companySchema = z.object({
  servco_no: z.union([z.string().min(1).max(40), z.number().int()]).transform(String),
});
const codewordSchema = z.object({ codeword: z.string().max(128).default('') });

/** `/api/session`: sign-in, the current profile, sign-out, the company switch and the codeword check. */
export function sessionRoutes(ctx: GatewayDeps): Router {
  const router = Router();
  const signInLocks = createAttemptLock(ctx.redis, ctx.config.REDIS_PREFIX, SIGN_IN_LOCK);
  const codewordLocks = createAttemptLock(ctx.redis, ctx.config.REDIS_PREFIX, CODEWORD_LOCK);
  const signInRate = rateLimit({
    windowMs: 60_000,
    limit: ctx.config.LOGIN_RATE_PER_MIN,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => sendError(res, 'rate_limited'),
  });
  const withSession = requireSession(ctx);

  router.post('/', signInRate, signIn(ctx, signInLocks));

  router.get('/', withSession, (_req, res) => {
    res.json(sessionAnswer(ctx.config, sessionOf(res).profile));
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
    }
    clearSessionCookie(res, ctx.config);
    res.status(204).end();
  });

  router.post('/company', withSession, async (req, res) => {
    const body = companySchema.safeParse(req.body);
    if (!body.success) return sendError(res, 'bad_request', { message: 'Choose a service company.' });
    const session = sessionOf(res);
    const profile = switchCompany(session.profile, body.data.servco_no);
    if (!profile)
      return sendError(res, 'forbidden_agency', { message: 'That service company is not on your account.' });
    await ctx.sessions.update({ ...session, profile });
    res.json(sessionAnswer(ctx.config, profile));
  });

  router.post('/codeword', withSession, async (req, res) => {
    const body = codewordSchema.safeParse(req.body ?? {});
    if (!body.success) return sendError(res, 'bad_request');
    const session = sessionOf(res);
    const lockKey = `codeword:${session.id}`;
    const lockedMessage = 'Too many wrong entries. Please try again in 5 minutes.';
    if ((await codewordLocks.lockedFor(lockKey)) > 0)
      return sendError(res, 'locked', { ok: false, message: lockedMessage });
    const result = checkCodeword(session.profile, body.data.codeword);
    if (result.ok) {
      await codewordLocks.reset(lockKey);
      // The proof that lets the cancel that follows through (and carries the PIN upstream).
      await ctx.sessions.update({ ...session, codewordVerifiedAt: Date.now() });
      return res.json({ ok: true });
    }
    if (result.reason === 'mismatch' && result.counts && (await codewordLocks.fail(lockKey)).locked)
      return sendError(res, 'locked', { ok: false, message: lockedMessage });
    res.json({ ok: false, message: result.message });
  });

  return router;
}
