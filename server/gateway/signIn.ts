import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { readLogonAnswer, type LogonOutcome } from '../rights/logonAnswer';
import type { HttpDeps } from '../http/httpDeps';
import type { BridgeConfig } from '../config/bridgeConfig';
import { identityPortalSignIns } from '../identity/identityMetrics';
import { identityUsernames, usernameKey } from '../identity/identityUsernames';
import { createRefusalPace, type RefusalPace } from '../identity/refusalPace';
import { isUpstreamError } from '../upstream/upstreamError';
import { sendError } from '../http/apiErrors';
import type { AttemptLock, AttemptLockOptions, AttemptOutcome } from './attemptLock';
import { beginInTurn, type AttemptTurnOptions } from './attemptTurn';
import { sessionAnswer } from '../http/sessionAnswer';
import { twoFactorRequired, type TwoFactorSignIn } from './twoFactorSignIn';
import { sessionIdOf, setSessionCookie } from '../http/sessionGuard';

const credentialsSchema = z.object({
  username: z.string().trim().min(1).max(128),
  password: z.string().min(1).max(256),
});

type LogonResult =
  | LogonOutcome
  | { kind: 'failed'; code: 'upstream_timeout' | 'upstream_unavailable' | 'upstream_error'; status?: number };

type Settle = (outcome: AttemptOutcome) => Promise<{ locked: boolean }>;

/**
 * The portal's lock of a username: one refusal before the upstream's own lock
 * (UPSTREAM_LOCK_AFTER), so wrong passwords sent through the portal never spend an account's last
 * try and a stranger cannot lock anyone's account upstream through us; ten minutes, as the
 * upstream forgets (UL 1981 asks for at most five).
 */
export function signInLockOptions(config: Pick<BridgeConfig, 'UPSTREAM_LOCK_AFTER'>): AttemptLockOptions {
  return { maxFailures: Math.max(1, config.UPSTREAM_LOCK_AFTER - 1), lockMs: 10 * 60_000 };
}

/**
 * `POST /api/session`: signs in at the upstream, keeps the upstream session id and the full
 * profile in a bridge session, and gives the browser only an httpOnly cookie and the public
 * profile. Refusals in a row lock the username for ten minutes (signInLockOptions).
 *
 * NOTE: the bridge's own identities are no one's sign-in: their usernames are refused here as a
 * wrong password is (same answer, same lock, about the same time), and never sent upstream, so
 * nobody can sign in as the identity nor spend its tries toward the upstream's lock.
 */
export function signIn(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'metrics' | 'sessions' | 'sockets' | 'upstream'>,
  locks: AttemptLock,
  turn: AttemptTurnOptions,
  twoFactor?: Pick<TwoFactorSignIn, 'challengeFor'>,
  pace: RefusalPace = createRefusalPace(),
): RequestHandler {
  const identities = identityUsernames(ctx.config.BRIDGE_IDENTITIES);
  const identityTries = identityPortalSignIns(ctx.metrics);
  return async (req, res) => {
    const creds = credentialsSchema.safeParse(req.body);
    if (!creds.success) {
      sendError(res, 'bad_request', { message: 'Enter a username and a password.' });
      return;
    }
    const identity = identities.get(usernameKey(creds.data.username));
    if (identity !== undefined) {
      // Every try is counted and logged, also those the lock then refuses: someone knows the name.
      identityTries.inc({ identity });
      ctx.logger.warn(
        { identity },
        "portal sign-in named the bridge identity's username: refused without asking the upstream",
      );
    }
    const lockKey = `login:${creds.data.username.toLowerCase()}`;
    // The attempt is taken before the upstream is asked, and attempts in flight count
    // (attemptLock), so passwords sent at once get no more checks than the lock allows.
    const begun = await beginInTurn(locks, lockKey, turn);
    if (!begun.ok) {
      sendError(res, begun.busy ? 'rate_limited' : 'locked');
      return;
    }
    let settled = false;
    const settle: Settle = (outcome) => {
      settled = true;
      return locks.settle(lockKey, outcome);
    };
    try {
      if (identity === undefined) await logOn(req, res, creds.data, settle);
      else await refuseIdentity(res, settle);
    } finally {
      if (!settled) await locks.settle(lockKey, 'neutral');
    }
  };

  /** A sign-in naming a bridge identity: refused as a wrong password is, the upstream never asked. */
  async function refuseIdentity(res: Response, settle: Settle): Promise<void> {
    await pace.wait();
    const { locked } = await settle('failed');
    ctx.logger.info({ locked }, 'sign-in refused');
    sendError(res, locked ? 'locked' : 'invalid_credentials');
  }

  /** Asks the upstream and answers; settles the attempt when the upstream judged the password. */
  async function logOn(
    req: Request,
    res: Response,
    creds: z.infer<typeof credentialsSchema>,
    settle: Settle,
  ): Promise<void> {
    let outcome: LogonResult;
    const asked = performance.now();
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
      // NOTE: docs/product/shell-session-search.md#messages: a 404 from the login call reads
      // "Unable to connect.", like no answer at all.
      else if (e.kind === 'network' || status === 404)
        outcome = { kind: 'failed', code: 'upstream_unavailable' };
      else outcome = { kind: 'failed', code: 'upstream_error', status };
    }

    if (outcome.kind === 'failed')
      return sendError(res, outcome.code, outcome.status ? { upstreamStatus: outcome.status } : {});
    if (outcome.kind === 'malformed') return sendError(res, 'upstream_malformed');
    if (outcome.kind === 'refused') {
      pace.note(performance.now() - asked);
      const { locked } = await settle('failed');
      ctx.logger.info({ locked }, 'sign-in refused');
      return sendError(res, locked ? 'locked' : 'invalid_credentials');
    }

    // NOTE: with two-factor on the password alone resets nothing: only the accepted code does
    // (twoFactorSignIn.ts), so wrong codes keep counting across fresh password sign-ins.
    const needsCode = twoFactor !== undefined && twoFactorRequired(outcome.profile);
    // Checked again at the moment of success: attempts that raced this one may have locked the name.
    if ((await settle(needsCode ? 'neutral' : 'succeeded')).locked) return sendError(res, 'locked');
    if (needsCode) {
      const challenge = await twoFactor
        .challengeFor(creds.username, outcome.profile)
        .catch(() => 'failed' as const);
      if (challenge === 'failed') return sendError(res, 'upstream_unavailable');
      // challengeFor answers null only when no code is needed, which needsCode has ruled out.
      if (challenge) return void res.json({ twoFactor: challenge });
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
  }
}
