import type { Redis } from 'ioredis';

/**
 * Counts failures in a row per key and locks the key for a while after too many (UL 1981: an
 * account locks after 5 failed sign-ins). A failure count is forgotten when no failure came for
 * `lockMs`; a success resets it.
 */
export interface AttemptLock {
  /** Milliseconds the key stays locked, 0 when it is open. */
  lockedFor(key: string): Promise<number>;
  /** Records one failure; `locked` says whether this failure locked the key. */
  fail(key: string): Promise<{ failures: number; locked: boolean }>;
  reset(key: string): Promise<void>;
}

export interface AttemptLockOptions {
  maxFailures: number;
  lockMs: number;
  now?: () => number;
}

/** One-process lock state: the embedded default. */
export function createMemoryAttemptLock({
  maxFailures,
  lockMs,
  now = Date.now,
}: AttemptLockOptions): AttemptLock {
  const entries = new Map<string, { failures: number; lastFailureAt: number; lockedUntil: number }>();
  const sweep = (t: number) => {
    for (const [k, e] of entries) if (e.lockedUntil <= t && e.lastFailureAt + lockMs <= t) entries.delete(k);
  };
  return {
    async lockedFor(key) {
      const e = entries.get(key);
      return e ? Math.max(0, e.lockedUntil - now()) : 0;
    },
    async fail(key) {
      const t = now();
      if (entries.size > 10_000) sweep(t);
      const prev = entries.get(key);
      const failures = prev && prev.lastFailureAt + lockMs > t ? prev.failures + 1 : 1;
      const locked = failures >= maxFailures;
      entries.set(key, {
        failures: locked ? 0 : failures,
        lastFailureAt: t,
        lockedUntil: locked ? t + lockMs : (prev?.lockedUntil ?? 0),
      });
      return { failures, locked };
    },
    async reset(key) {
      const e = entries.get(key);
      if (e && e.lockedUntil > now()) e.failures = 0;
      else entries.delete(key);
    },
  };
}

/** Lock state shared by several bridge processes (REDIS_URL), under the configured prefix. */
export function createRedisAttemptLock(
  redis: Redis,
  prefix: string,
  { maxFailures, lockMs }: AttemptLockOptions,
): AttemptLock {
  const countKey = (key: string) => `${prefix}attempts:${key}`;
  const lockKey = (key: string) => `${prefix}locked:${key}`;
  return {
    async lockedFor(key) {
      const ttl = await redis.pttl(lockKey(key));
      return ttl > 0 ? ttl : 0;
    },
    async fail(key) {
      const answers = await redis.multi().incr(countKey(key)).pexpire(countKey(key), lockMs).exec();
      const failures = Number(answers?.[0]?.[1] ?? 1);
      const locked = failures >= maxFailures;
      if (locked) await redis.multi().set(lockKey(key), '1', 'PX', lockMs).del(countKey(key)).exec();
      return { failures, locked };
    },
    async reset(key) {
      await redis.del(countKey(key));
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
