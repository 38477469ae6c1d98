import { randomBytes } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { envelopeSchema } from '../../shared/upstream/envelope';
import type { LoginProfile } from '../../shared/upstream/loginProfile';
import { isUpstreamError } from '../upstream/upstreamError';
import { sendError } from '../http/apiErrors';
import type { AttemptLock } from './attemptLock';
import { beginInTurn, type AttemptTurnOptions } from './attemptTurn';
import type { HttpDeps } from '../http/httpDeps';
import { sessionAnswer } from '../http/sessionAnswer';
import { sessionIdOf, setSessionCookie } from '../http/sessionGuard';

/**
 * Two-factor sign-in: when the login record says the user's two-factor switch is on
 * (accountInfo mobile_user_flag Y, docs/product/reports-and-settings.md#screens), the bridge
 * creates no session after the password. It answers a challenge instead; the user picks a phone or
 * e-mail on record, the upstream sends a one-time password (MASAPI/TwoFactorAuthentication 2001,
 * resend 2002), and only a code the upstream validates (2003) creates the session. Wrong codes
 * count toward the username's sign-in lock, as wrong passwords do, and only the accepted code
 * resets that count (the password alone does not: signIn.ts).
 */

const CHALLENGE_TTL_MS = 10 * 60_000;
const OTP_MODE = { send: 2001, resend: 2002, validate: 2003 } as const;

interface OtpTarget {
  type: 'M' | 'EM';
  value: string;
}

interface PendingSignIn {
  username: string;
  profile: LoginProfile;
  addresses: OtpTarget[];
  chosen: number | null;
  requestId: number | null;
}

/** Whether the login record asks for a one-time password. */
export function twoFactorRequired(profile: Pick<LoginProfile, 'accountInfo'>): boolean {
  const flag = profile.accountInfo.find((a) => a.prompt.toLowerCase() === 'mobile_user_flag');
  return (flag?.status_descr ?? '').trim().toUpperCase() === 'Y';
}

/** What the browser sees of an address: enough to recognise it, not to read it. */
export function maskAddress(a: OtpTarget): string {
  if (a.type === 'EM') {
    const [name, domain = ''] = a.value.split('@');
    return `${name.slice(0, 1)}***@${domain}`;
  }
  return `(***) ***-${a.value.slice(-4)}`;
}

interface ChallengeStore {
  put(id: string, p: PendingSignIn): Promise<void>;
  get(id: string): Promise<PendingSignIn | null>;
  drop(id: string): Promise<void>;
}

function challengeStore(redis: Redis | null, prefix: string): ChallengeStore {
  if (redis) {
    const key = (id: string) => `${prefix}signin2fa:${id}`;
    return {
      put: async (id, p) => void (await redis.set(key(id), JSON.stringify(p), 'PX', CHALLENGE_TTL_MS)),
      get: async (id) => {
        const text = await redis.get(key(id));
        return text ? (JSON.parse(text) as PendingSignIn) : null;
      },
      drop: async (id) => void (await redis.del(key(id))),
    };
  }
  const pending = new Map<string, { p: PendingSignIn; until: number }>();
  return {
    put: async (id, p) => {
      const now = Date.now();
      for (const [k, v] of pending) if (v.until <= now) pending.delete(k);
      pending.set(id, { p, until: now + CHALLENGE_TTL_MS });
    },
    get: async (id) => {
      const e = pending.get(id);
      return e && e.until > Date.now() ? e.p : null;
    },
    drop: async (id) => void pending.delete(id),
  };
}

/** A row of `Contact/GetContactPhones`, where a second factor is sent (upstream:check reads it too). */
export const phoneRecord = z
  .object({
    phone_number: z.string().nullish(),
    email_address: z.string().nullish(),
    phonetype_id: z.string().nullish(),
  })
  .passthrough();

const challengeSchema = z.object({ challenge: z.string().min(16).max(128) });
const sendSchema = challengeSchema.extend({ address: z.number().int().min(0).max(50) });
const verifySchema = challengeSchema.extend({
  code: z
    .string()
    .trim()
    .regex(/^\d{4,10}$/),
});

export interface TwoFactorSignIn {
  /** After the password was accepted: a challenge to answer, or null when no code is needed. */
  challengeFor(
    username: string,
    profile: LoginProfile,
  ): Promise<{ challenge: string; addresses: object[] } | null>;
  /** `/api/session/otp`: send, resend, verify. */
  routes: Router;
}

export function twoFactorSignIn(
  ctx: Pick<HttpDeps, 'config' | 'redis' | 'sessions' | 'sockets' | 'upstream'>,
  locks: AttemptLock,
  turn: AttemptTurnOptions,
): TwoFactorSignIn {
  const store = challengeStore(ctx.redis, ctx.config.REDIS_PREFIX);

  async function addressesOf(profile: LoginProfile): Promise<OtpTarget[]> {
    const { json } = await ctx.upstream.passThrough('GET', 'Contact/GetContactPhones', {
      sessionId: profile.loginGUID,
      query: { CurentsessionId: profile.loginGUID },
      retry: true,
    });
    const env = envelopeSchema().safeParse(json);
    const list = env.success ? z.array(phoneRecord).safeParse(env.data.result) : null;
    if (!list?.success) return [];
    return list.data.flatMap((r): OtpTarget[] => {
      const isEmail = (r.phonetype_id ?? '').toUpperCase() === 'EM' || (!r.phone_number && !!r.email_address);
      const value = (isEmail ? r.email_address : r.phone_number)?.trim();
      return value ? [{ type: isEmail ? 'EM' : 'M', value }] : [];
    });
  }

  /** One call of MASAPI/TwoFactorAuthentication with the pending upstream session; its errors or its Id. */
  async function otp(p: PendingSignIn, mode: number, code?: string) {
    const target = p.addresses[p.chosen ?? 0];
    const { json } = await ctx.upstream.passThrough('POST', 'MASAPI/TwoFactorAuthentication', {
      sessionId: p.profile.loginGUID,
      alarmApi: true,
      body: {
        sessionGuid: p.profile.loginGUID,
        Id: p.requestId ?? 0,
        ContactNumber: Number(p.profile.contactNumber),
        ElectronicAddressType: target.type,
        AddressValue: target.value,
        ActionFrom: 'SignIn',
        TwoFactorAuthMode: mode,
        AppName: 'DealerPortal',
        OTP: code === undefined ? null : Number(code),
      },
    });
    const env = envelopeSchema().safeParse(json);
    if (!env.success) return { errors: ['Unable to process your request.'], id: null };
    const errors = (env.data.errors ?? []).filter((e) => e.trim() !== '');
    if (errors.length > 0 || env.data.apiStatus === false)
      return { errors: errors.length ? errors : ['Unable to process your request.'], id: null };
    const id = z.object({ Id: z.coerce.number() }).safeParse(env.data.result);
    return { errors: [] as string[], id: id.success ? id.data.Id : null };
  }

  const pendingOf = async (req: Request, res: Response, schema: typeof challengeSchema) => {
    const body = schema.safeParse(req.body);
    if (!body.success) return void sendError(res, 'bad_request');
    const p = await store.get(body.data.challenge);
    if (!p) return void sendError(res, 'invalid_credentials', { message: 'Please sign in again.' });
    return { p, id: body.data.challenge };
  };

  const routes = Router();

  routes.post('/send', async (req, res) => {
    const body = sendSchema.safeParse(req.body);
    const found = await pendingOf(req, res, challengeSchema);
    if (!found) return;
    if (!body.success || body.data.address >= found.p.addresses.length) return sendError(res, 'bad_request');
    const p = { ...found.p, chosen: body.data.address };
    const sent = await otp(p, OTP_MODE.send).catch(() => null);
    if (!sent) return sendError(res, 'upstream_unavailable');
    if (sent.errors.length)
      return res.status(400).json({ error: 'otp_failed', message: sent.errors.join('\n') });
    await store.put(found.id, { ...p, requestId: sent.id });
    res.json({ sent: true });
  });

  routes.post('/resend', async (req, res) => {
    const found = await pendingOf(req, res, challengeSchema);
    if (!found) return;
    if (found.p.chosen === null) return sendError(res, 'bad_request');
    const sent = await otp(found.p, OTP_MODE.resend).catch(() => null);
    if (!sent) return sendError(res, 'upstream_unavailable');
    if (sent.errors.length)
      return res.status(400).json({ error: 'otp_failed', message: sent.errors.join('\n') });
    res.json({ sent: true });
  });

  routes.post('/', async (req, res) => {
    const body = verifySchema.safeParse(req.body);
    const found = await pendingOf(req, res, challengeSchema);
    if (!found) return;
    if (!body.success)
      return res.status(400).json({ error: 'otp_failed', message: 'Enter the one-time password.' });
    if (found.p.chosen === null) return sendError(res, 'bad_request');
    const lockKey = `login:${found.p.username.toLowerCase()}`;
    const begun = await beginInTurn(locks, lockKey, turn);
    if (!begun.ok) {
      if (begun.busy) return sendError(res, 'rate_limited');
      await store.drop(found.id);
      return sendError(res, 'locked');
    }
    let checked: Awaited<ReturnType<typeof otp>> | null = null;
    try {
      checked = await otp(found.p, OTP_MODE.validate, body.data.code);
    } catch (e) {
      await locks.settle(lockKey, 'neutral');
      if (!isUpstreamError(e)) throw e;
      return sendError(res, 'upstream_unavailable');
    }
    if (checked.errors.length) {
      const { locked } = await locks.settle(lockKey, 'failed');
      if (locked) {
        await store.drop(found.id);
        return sendError(res, 'locked');
      }
      return res.status(401).json({ error: 'otp_failed', message: checked.errors.join('\n') });
    }
    // The accepted code is the sign-in's success: the only thing that resets the failure count.
    const { locked } = await locks.settle(lockKey, 'succeeded');
    await store.drop(found.id);
    if (locked) return sendError(res, 'locked');
    const previous = sessionIdOf(req);
    if (previous) {
      await ctx.sessions.delete(previous);
      await ctx.sockets.closeSession(previous).catch(() => undefined);
    }
    const session = await ctx.sessions.create({
      username: found.p.username,
      upstreamSessionId: found.p.profile.loginGUID,
      profile: found.p.profile,
    });
    setSessionCookie(res, ctx.config, session);
    res.json(sessionAnswer(ctx.config, session.profile));
  });

  return {
    routes,
    async challengeFor(username, profile) {
      if (!twoFactorRequired(profile)) return null;
      const addresses = await addressesOf(profile);
      const challenge = randomBytes(24).toString('base64url');
      await store.put(challenge, { username, profile, addresses, chosen: null, requestId: null });
      return {
        challenge,
        addresses: addresses.map((a, index) => ({ index, type: a.type, label: maskAddress(a) })),
      };
    },
  };
}
