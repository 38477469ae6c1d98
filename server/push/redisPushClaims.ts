import type { Redis } from 'ioredis';
import { pendingPushSchema, type PendingPush, type PushClaims } from './pushClaims';

/** Redis's own clock in ms, so that leases mean the same on every process. */
const NOW = `local t = redis.call('time') local now = t[1] * 1000 + math.floor(t[2] / 1000)`;

// KEYS: done, pending set, pending entry. ARGV: member, lease ms, entry JSON, entry ttl ms.
const CLAIM = `${NOW}
if redis.call('exists', KEYS[1]) == 1 then return 0 end
if redis.call('zscore', KEYS[2], ARGV[1]) then return 0 end
redis.call('zadd', KEYS[2], now + tonumber(ARGV[2]), ARGV[1])
redis.call('set', KEYS[3], ARGV[3], 'PX', ARGV[4])
return 1`;

// KEYS: done, pending set, pending entry. ARGV: member, keep ms.
const SETTLE = `redis.call('set', KEYS[1], '1', 'PX', ARGV[2])
redis.call('zrem', KEYS[2], ARGV[1])
redis.call('del', KEYS[3])
return 1`;

// KEYS: pending set. ARGV: lease ms, max, prefix of the entries' keys.
// NOTE: the entries' keys are built here from the prefix: one Redis, not a cluster.
const RECLAIM = `${NOW}
local due = redis.call('zrangebyscore', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[2]))
local out = {}
for _, m in ipairs(due) do
  local entry = redis.call('get', ARGV[3] .. m)
  if entry then
    redis.call('zadd', KEYS[1], now + tonumber(ARGV[1]), m)
    table.insert(out, entry)
  else
    redis.call('zrem', KEYS[1], m)
  end
end
return out`;

function parsed(text: unknown): PendingPush | null {
  if (typeof text !== 'string') return null;
  try {
    const r = pendingPushSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/**
 * Claims shared by every bridge process under `<prefix>push:`: `sent:<key>` for a push done (it
 * expires), the sorted set `pending` (each claim scored by when its lease runs out) and
 * `pending:<key>` holding what to send, which expires once the alarm is no longer news.
 */
export function createRedisPushClaims(
  redis: Redis,
  prefix: string,
  now: () => number = Date.now,
): PushClaims {
  const k = {
    done: (key: string) => `${prefix}push:sent:${key}`,
    pendingSet: `${prefix}push:pending`,
    entry: (key: string) => `${prefix}push:pending:${key}`,
  };
  return {
    async claim(p, leaseMs) {
      const entryTtl = Math.max(leaseMs, p.notAfter - now()) + 60_000;
      const won = await redis.eval(
        CLAIM,
        3,
        k.done(p.key),
        k.pendingSet,
        k.entry(p.key),
        p.key,
        String(leaseMs),
        JSON.stringify(p),
        String(Math.round(entryTtl)),
      );
      return won === 1;
    },
    async settle(key, keepMs) {
      await redis.eval(SETTLE, 3, k.done(key), k.pendingSet, k.entry(key), key, String(Math.max(1, keepMs)));
    },
    async reclaimExpired(leaseMs, max) {
      const texts = await redis.eval(RECLAIM, 1, k.pendingSet, String(leaseMs), String(max), k.entry(''));
      return (Array.isArray(texts) ? texts : []).map(parsed).filter((p): p is PendingPush => p !== null);
    },
  };
}
