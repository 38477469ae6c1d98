import type { Redis } from 'ioredis';

/**
 * Upstream paths the upstream asked every bridge to leave alone for a while (a 429 or 503 with
 * Retry-After): in memory for one process, in Redis for every bridge on it.
 */
export interface UpstreamHolds {
  /** Holds `path` until `until` (ms since the epoch); a later hold already set stays. */
  hold(path: string, until: number): Promise<void>;
  /** When the hold on `path` ends, or null when it is not held at `now`. */
  heldUntil(path: string, now: number): Promise<number | null>;
}

export function createMemoryHolds(): UpstreamHolds {
  const holds = new Map<string, number>();
  return {
    async hold(path, until) {
      holds.set(path, Math.max(until, holds.get(path) ?? 0));
    },
    async heldUntil(path, now) {
      const until = holds.get(path);
      if (until == null || until <= now) {
        holds.delete(path);
        return null;
      }
      return until;
    },
  };
}

// KEYS[1]: the hold's key. ARGV: until (ms), ttl (ms). A later end already set stays.
const HOLD = `
local ends = tonumber(ARGV[1])
local old = tonumber(redis.call('get', KEYS[1]) or '0')
if old >= ends then return 0 end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/**
 * Holds every bridge on one Redis keeps to. A process also keeps the holds it heard of, so a
 * Redis away for a moment does not let it forget a hold it set or read.
 * NOTE: ends are times by the setting bridge's clock: bridges keep their clocks in step (NTP), as
 * the request budget and the poll lease already ask.
 */
export function createRedisHolds(
  redis: Redis,
  prefix: string,
  onError?: (err: unknown) => void,
): UpstreamHolds {
  const local = createMemoryHolds();
  const key = (path: string) => `${prefix}upstreamHold:${path}`;
  return {
    async hold(path, until) {
      await local.hold(path, until);
      const ttl = Math.max(1, Math.ceil(until - Date.now()));
      await redis
        .eval(HOLD, 1, key(path), String(until), String(ttl))
        .catch((err: unknown) => onError?.(err));
    },
    async heldUntil(path, now) {
      const mine = await local.heldUntil(path, now);
      if (mine != null) return mine;
      try {
        const text = await redis.get(key(path));
        const until = text == null ? Number.NaN : Number(text);
        if (!Number.isFinite(until) || until <= now) return null;
        await local.hold(path, until);
        return until;
      } catch (err) {
        onError?.(err);
        return null;
      }
    },
  };
}
