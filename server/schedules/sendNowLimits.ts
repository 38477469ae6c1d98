import type { Redis } from 'ioredis';

/**
 * How often "Send now" may be pressed: per user and per agency (the dealer), each in a fixed
 * one-minute window, counted in Redis across bridges when there is one, else in this process.
 */
export interface SendNowLimits {
  /** Counts one press; answers which limit it is over, or null when it may go. */
  take(user: string, agencyId: string): Promise<{ over: 'user' | 'agency'; retryAfterS: number } | null>;
}

export interface SendNowLimitsDeps {
  perUser: number;
  perAgency: number;
  redis: Redis | null;
  /** Key prefix, e.g. `${REDIS_PREFIX}rate:sendNow:`. */
  prefix: string;
  now: () => number;
  /** A Redis failure lets the press go (as the API rate limit and the daily cap do) and is told here. */
  onStoreError: (e: unknown) => void;
}

const WINDOW_MS = 60_000;

// One atomic step: count the hit, start the window on the first, answer count and ms left.
const INCREMENT = `local hits = redis.call('incr', KEYS[1])
local left = redis.call('pttl', KEYS[1])
if left < 0 then
  redis.call('pexpire', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {hits, left}`;

export function createSendNowLimits(d: SendNowLimitsDeps): SendNowLimits {
  const windows = new Map<string, { hits: number; endsAt: number }>();

  async function hit(key: string): Promise<{ hits: number; leftMs: number }> {
    if (d.redis) {
      const answer = await d.redis.eval(INCREMENT, 1, d.prefix + key, WINDOW_MS);
      const [hits, left] = Array.isArray(answer) ? answer.map(Number) : [Infinity, WINDOW_MS];
      return { hits, leftMs: left };
    }
    const now = d.now();
    for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
    const w = windows.get(key) ?? { hits: 0, endsAt: now + WINDOW_MS };
    w.hits++;
    windows.set(key, w);
    return { hits: w.hits, leftMs: w.endsAt - now };
  }

  return {
    async take(user, agencyId) {
      try {
        const u = await hit(`user:${user.toLowerCase()}`);
        if (u.hits > d.perUser) return { over: 'user', retryAfterS: Math.ceil(u.leftMs / 1000) };
        const a = await hit(`agency:${agencyId}`);
        if (a.hits > d.perAgency) return { over: 'agency', retryAfterS: Math.ceil(a.leftMs / 1000) };
        return null;
      } catch (e) {
        d.onStoreError(e);
        return null;
      }
    },
  };
}
