import type { Redis } from 'ioredis';

/**
 * Counts wrong attempts per key (a username, a client address) and locks the key for a while
 * after too many in a row (UL 1981: five failed sign-ins lock an account).
 *
 * NOTE: an attempt is taken (`begin`) before the secret is compared and settled after, in one
 * atomic step each, so concurrent wrong entries cannot get past the limit: attempts in flight
 * count toward it. A failure count is forgotten when nothing happened for `lockMs`.
 */
export interface AttemptLock {
  /**
   * Takes one attempt: refused (with the milliseconds left, at least 1) while the key is locked,
   * or (`busy`) while the failures so far plus the attempts in flight already reach the limit.
   */
  begin(key: string): Promise<AttemptBegun>;
  /**
   * Settles a begun attempt: a failure may lock the key, a success resets it, neutral only frees
   * it. `locked`: the key is locked now; a success on a key locked meanwhile resets nothing.
   */
  settle(key: string, outcome: AttemptOutcome): Promise<{ failures: number; locked: boolean }>;
  /** Milliseconds the key stays locked, 0 when it is open. */
  lockedFor(key: string): Promise<number>;
}

export type AttemptOutcome = 'failed' | 'succeeded' | 'neutral';

/** `busy`: not locked, but the attempts in flight could still lock it; one may follow when they settle. */
export type AttemptBegun = { ok: true } | { ok: false; lockedForMs: number; busy: boolean };

export interface AttemptLockOptions {
  maxFailures: number;
  lockMs: number;
  /**
   * Whether attempts in flight count toward the limit (default true: the sign-in, a codeword).
   * False lets any number through at once and only the failures, counted atomically, lock; many
   * wrong entries then reach the check. Right attempts that come at once wait their turn instead
   * (attemptTurn.ts).
   */
  inFlightCounts?: boolean;
  now?: () => number;
}

interface Entry {
  failures: number;
  pending: number;
  touchedAt: number;
  lockedUntil: number;
}

/** One-process lock state: the embedded default. Each call runs without an await: atomic. */
export function createMemoryAttemptLock({
  maxFailures,
  lockMs,
  inFlightCounts = true,
  now = Date.now,
}: AttemptLockOptions): AttemptLock {
  const entries = new Map<string, Entry>();
  const current = (key: string, t: number): Entry => {
    const e = entries.get(key);
    if (e && (e.lockedUntil > t || e.touchedAt + lockMs > t)) return e;
    const fresh = { failures: 0, pending: 0, touchedAt: t, lockedUntil: 0 };
    entries.set(key, fresh);
    return fresh;
  };
  const sweep = (t: number) => {
    for (const [k, e] of entries) if (e.lockedUntil <= t && e.touchedAt + lockMs <= t) entries.delete(k);
  };
  return {
    async begin(key) {
      const t = now();
      if (entries.size > 10_000) sweep(t);
      const e = current(key, t);
      if (e.lockedUntil > t) return { ok: false, lockedForMs: e.lockedUntil - t, busy: false };
      if (e.failures + (inFlightCounts ? e.pending : 0) >= maxFailures)
        return { ok: false, lockedForMs: lockMs, busy: true };
      e.pending++;
      e.touchedAt = t;
      return { ok: true };
    },
    async settle(key, outcome) {
      const t = now();
      const e = current(key, t);
      e.pending = Math.max(0, e.pending - 1);
      e.touchedAt = t;
      // NOTE: a success that lands after the key was locked (by attempts it raced) opens nothing.
      if (e.lockedUntil > t && outcome !== 'failed') return { failures: e.failures, locked: true };
      if (outcome === 'succeeded') e.failures = 0;
      if (outcome !== 'failed') return { failures: e.failures, locked: false };
      const failures = ++e.failures;
      if (failures < maxFailures) return { failures, locked: false };
      e.failures = 0;
      e.lockedUntil = t + lockMs;
      return { failures, locked: true };
    },
    async lockedFor(key) {
      const e = entries.get(key);
      return e ? Math.max(0, e.lockedUntil - now()) : 0;
    },
  };
}

// KEYS: count hash, lock key. ARGV: maxFailures, lockMs, in flight counts (1/0).
// Answers {1, 0}, {0, ms left} (locked) or {0, lockMs, 1} (busy).
const BEGIN = `local left = redis.call('pttl', KEYS[2])
if left > 0 then return {0, left, 0} end
local failures = tonumber(redis.call('hget', KEYS[1], 'failures') or '0')
local pending = 0
if ARGV[3] == '1' then pending = tonumber(redis.call('hget', KEYS[1], 'pending') or '0') end
if failures + pending >= tonumber(ARGV[1]) then return {0, tonumber(ARGV[2]), 1} end
redis.call('hincrby', KEYS[1], 'pending', 1)
redis.call('pexpire', KEYS[1], ARGV[2])
return {1, 0}`;

// KEYS: count hash, lock key. ARGV: maxFailures, lockMs, outcome. Answers {failures, locked}.
const SETTLE = `local pending = tonumber(redis.call('hget', KEYS[1], 'pending') or '0')
if pending > 0 then redis.call('hincrby', KEYS[1], 'pending', -1) end
if ARGV[3] ~= 'failed' and redis.call('pttl', KEYS[2]) > 0 then
  redis.call('pexpire', KEYS[1], ARGV[2])
  return {tonumber(redis.call('hget', KEYS[1], 'failures') or '0'), 1}
end
if ARGV[3] == 'succeeded' then redis.call('hset', KEYS[1], 'failures', 0) end
if ARGV[3] ~= 'failed' then
  redis.call('pexpire', KEYS[1], ARGV[2])
  return {tonumber(redis.call('hget', KEYS[1], 'failures') or '0'), 0}
end
local failures = redis.call('hincrby', KEYS[1], 'failures', 1)
if failures >= tonumber(ARGV[1]) then
  redis.call('set', KEYS[2], '1', 'PX', ARGV[2])
  redis.call('hset', KEYS[1], 'failures', 0)
  redis.call('pexpire', KEYS[1], ARGV[2])
  return {failures, 1}
end
redis.call('pexpire', KEYS[1], ARGV[2])
return {failures, 0}`;

const numberAt = (answer: unknown, i: number): number => (Array.isArray(answer) ? Number(answer[i] ?? 0) : 0);

/** Lock state shared by every bridge process (REDIS_URL), under the configured prefix. */
export function createRedisAttemptLock(
  redis: Redis,
  prefix: string,
  { maxFailures, lockMs, inFlightCounts = true }: AttemptLockOptions,
): AttemptLock {
  const countKey = (key: string) => `${prefix}attempts:${key}`;
  const lockKey = (key: string) => `${prefix}locked:${key}`;
  return {
    async begin(key) {
      const answer = await redis.eval(
        BEGIN,
        2,
        countKey(key),
        lockKey(key),
        maxFailures,
        lockMs,
        inFlightCounts ? 1 : 0,
      );
      return numberAt(answer, 0) === 1
        ? { ok: true }
        : { ok: false, lockedForMs: numberAt(answer, 1) || 1, busy: numberAt(answer, 2) === 1 };
    },
    async settle(key, outcome) {
      const answer = await redis.eval(SETTLE, 2, countKey(key), lockKey(key), maxFailures, lockMs, outcome);
      return { failures: numberAt(answer, 0), locked: numberAt(answer, 1) === 1 };
    },
    async lockedFor(key) {
      const ttl = await redis.pttl(lockKey(key));
      return ttl > 0 ? ttl : 0;
    },
  };
}

export function createAttemptLock(
  redis: Redis | null | undefined,
  prefix: string,
  opts: AttemptLockOptions,
): AttemptLock {
  return redis ? createRedisAttemptLock(redis, prefix, opts) : createMemoryAttemptLock(opts);
}
