import type { Redis } from 'ioredis';
import { countInWindow } from '../support/redisWindowCount';

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

export function createSendNowLimits(d: SendNowLimitsDeps): SendNowLimits {
  const windows = new Map<string, { hits: number; endsAt: number }>();

  async function hit(key: string): Promise<{ hits: number; leftMs: number }> {
    if (d.redis) {
      // An answer of another shape refuses: a send is never let through uncounted.
      return (
        (await countInWindow(d.redis, d.prefix + key, WINDOW_MS)) ?? { hits: Infinity, leftMs: WINDOW_MS }
      );
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
