import type { Redis } from 'ioredis';

/**
 * Counts attempts per key in fixed windows (pairing a code, asking for one): `take(key)` is
 * false once `max` attempts were made in the current window. With Redis every bridge process
 * counts in one place. NOTE: fixed windows are enough here: a code space of 25^6 and codes that
 * live 10 minutes leave a guesser at a few attempts per window no chance.
 */
export interface AttemptLimiter {
  take(key: string): Promise<boolean>;
}

export interface LimitRule {
  max: number;
  windowMs: number;
}

export function createMemoryLimiter(rule: LimitRule, now: () => number = Date.now): AttemptLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async take(key) {
      const t = now();
      if (windows.size > 10_000)
        for (const [k, w] of windows) if (t - w.start >= rule.windowMs) windows.delete(k);
      let w = windows.get(key);
      if (!w || t - w.start >= rule.windowMs) {
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      w.count++;
      return w.count <= rule.max;
    },
  };
}

export function createRedisLimiter(redis: Redis, prefix: string, rule: LimitRule): AttemptLimiter {
  return {
    async take(key) {
      const k = `${prefix}${key}`;
      const count = await redis.incr(k);
      if (count === 1) await redis.pexpire(k, rule.windowMs);
      return count <= rule.max;
    },
  };
}
