import type { Redis } from 'ioredis';
import { z } from 'zod';
import { waitAfterRefusals, waitAfterUnavailable } from './signInBackoff';

/**
 * Who may try to sign the bridge identity in, and when: one attempt at a time per username, and
 * none before the back-off after the last failures has passed. With Redis the state is shared by
 * every bridge process, so several processes (each holding some agencies' leases) together never
 * make more attempts than one would: the upstream's lock counts the account's refusals, not ours.
 */
export interface SignInGate {
  /**
   * Takes the one attempt, or says when the next one may start and how many refusals in a row the
   * account has had (counted by every process), so a process that made none still reports them.
   */
  begin(username: string): Promise<{ ok: true } | { ok: false; retryAt: number; refusals: number }>;
  /** Settles the attempt taken; answers the refusals in a row and when the next attempt may start. */
  settle(username: string, outcome: SignInVerdict): Promise<{ refusals: number; retryAt: number }>;
}

/** `unavailable`: the upstream did not judge the password (no answer, a 5xx, garbage). */
export type SignInVerdict = 'ok' | 'refused' | 'unavailable';

/** The longest one attempt may take before another may start (it is abandoned by then). */
const ATTEMPT_MS = 30_000;
/** State left after this long without an attempt is forgotten (longer than any back-off). */
const KEEP_MS = 2 * 60 * 60_000;
/** Another process is signing the same account in: try once it has settled, soon. */
const BUSY_RETRY_MS = 1000;
const WAIT_TABLE = 12;

/** One process: the embedded default. Each call runs without an await, so it is atomic. */
export function createMemorySignInGate(now: () => number = Date.now): SignInGate {
  const state = new Map<
    string,
    { refusals: number; unavailable: number; nextAt: number; busyUntil: number }
  >();
  const of = (u: string) => {
    let s = state.get(u);
    if (!s) state.set(u, (s = { refusals: 0, unavailable: 0, nextAt: 0, busyUntil: 0 }));
    return s;
  };
  return {
    async begin(username) {
      const s = of(username);
      const t = now();
      if (s.nextAt > t) return { ok: false, retryAt: s.nextAt, refusals: s.refusals };
      if (s.busyUntil > t)
        return { ok: false, retryAt: Math.min(s.busyUntil, t + BUSY_RETRY_MS), refusals: s.refusals };
      s.busyUntil = t + ATTEMPT_MS;
      return { ok: true };
    },
    async settle(username, outcome) {
      const s = of(username);
      const t = now();
      s.busyUntil = 0;
      if (outcome === 'ok') {
        state.delete(username);
        return { refusals: 0, retryAt: 0 };
      }
      if (outcome === 'refused') s.nextAt = t + waitAfterRefusals(++s.refusals);
      else s.nextAt = t + waitAfterUnavailable(++s.unavailable);
      return { refusals: s.refusals, retryAt: s.nextAt };
    },
  };
}

const BEGIN = `
local s = redis.call('hmget', KEYS[1], 'nextAt', 'busyUntil', 'refusals')
local now = tonumber(ARGV[1])
local nextAt = tonumber(s[1] or '0')
local busy = tonumber(s[2] or '0')
local refusals = tonumber(s[3] or '0')
if nextAt > now then return {0, tostring(nextAt), refusals} end
if busy > now then return {0, tostring(math.min(busy, now + ${BUSY_RETRY_MS})), refusals} end
redis.call('hset', KEYS[1], 'busyUntil', tostring(now + tonumber(ARGV[2])))
redis.call('pexpire', KEYS[1], ARGV[3])
return {1, '0'}`;

// ARGV: now, outcome, keepMs, then WAIT_TABLE waits after refusals, then WAIT_TABLE after unavailable.
const SETTLE = `
local now = tonumber(ARGV[1])
local n = ${WAIT_TABLE}
if ARGV[2] == 'ok' then redis.call('del', KEYS[1]) return {0, '0'} end
redis.call('hdel', KEYS[1], 'busyUntil')
local field = ARGV[2] == 'refused' and 'refusals' or 'unavailable'
local count = redis.call('hincrby', KEYS[1], field, 1)
local offset = ARGV[2] == 'refused' and 3 or (3 + n)
local wait = tonumber(ARGV[offset + math.min(count, n)])
local nextAt = now + wait
redis.call('hset', KEYS[1], 'nextAt', tostring(nextAt))
redis.call('pexpire', KEYS[1], ARGV[3])
local refusals = tonumber(redis.call('hget', KEYS[1], 'refusals') or '0')
return {refusals, tostring(nextAt)}`;

const scriptAnswer = z.tuple([z.number(), z.string()]);
const beginAnswer = z.tuple([z.number(), z.string()], z.number());

/** Shared by every bridge process under `${prefix}identitySignIn:{username}`. */
export function createRedisSignInGate(
  redis: Redis,
  prefix: string,
  now: () => number = Date.now,
): SignInGate {
  const key = (u: string) => `${prefix}identitySignIn:${u.toLowerCase()}`;
  const waits = (f: (n: number) => number) => Array.from({ length: WAIT_TABLE }, (_, i) => String(f(i + 1)));
  return {
    async begin(username) {
      const [ok, at, refusals = 0] = beginAnswer.parse(
        await redis.eval(BEGIN, 1, key(username), String(now()), String(ATTEMPT_MS), String(KEEP_MS)),
      );
      return ok === 1 ? { ok: true } : { ok: false, retryAt: Number(at), refusals };
    },
    async settle(username, outcome) {
      const [refusals, at] = scriptAnswer.parse(
        await redis.eval(
          SETTLE,
          1,
          key(username),
          String(now()),
          outcome,
          String(KEEP_MS),
          ...waits(waitAfterRefusals),
          ...waits(waitAfterUnavailable),
        ),
      );
      return { refusals, retryAt: Number(at) };
    },
  };
}
