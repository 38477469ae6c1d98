import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * One action per alarm: a dispatch or cancel takes the alarm's lock before it goes upstream. A
 * second attempt while the first is in flight, or after it succeeded, is refused, so a double
 * click or two screens acting on the same alarm cause one upstream action.
 *
 * The lock is a short lease that its holder renews while the upstream call runs: it belongs to a
 * live process and ends within `leaseMs` of that process's death, not after a fixed time. Beside
 * it the lock keeps the attempt the holder wrote ahead (its audit entry, as text); an attempt left
 * without a live lease is an orphan (its process died), and exactly one later caller takes it to
 * settle from the upstream's own state.
 *
 * NOTE: an alarm is marked `handled` only when an attempt was seen through (its holder settled it
 * done); one whose dead holder's attempt was settled from the upstream's state is `settled`: the
 * alarm left the active list, but nobody saw who or what did it, so no one is told "handled by
 * another user" for it.
 */
export type LockAttempt =
  | {
      state: 'acquired';
      token: string;
      /** The attempt of a holder that died before it settled, taken over by this caller. */
      orphan: string | null;
    }
  | { state: LockMark };

/**
 * What stands on an alarm: an attempt in flight (`busy`, its holder alive or not yet known dead),
 * an attempt seen through (`handled`), or a dead holder's attempt settled from the upstream's
 * state (`settled`).
 */
export type LockMark = 'busy' | 'handled' | 'settled';

export interface AlarmActionLock {
  /** How long a lease lasts unless renewed; its holder renews it well within that. */
  readonly leaseMs: number;
  /** Takes the lease and files `attempt` with it. */
  acquire(key: string, attempt: string): Promise<LockAttempt>;
  /** Extends the lease while the holder still has it; false when it was lost. */
  renew(key: string, token: string): Promise<boolean>;
  /** After the attempt ended: `done` marks the alarm handled, otherwise the lock is let go. */
  settle(key: string, token: string, done: boolean): Promise<void>;
  /**
   * Marks an alarm `settled` (an orphan settled as carried out from the upstream's state), whoever
   * holds its lease; the attempt filed beside it is dropped.
   */
  markSettled(key: string): Promise<void>;
  /** What stands on an alarm now, null when nothing does (no lock is taken). */
  markOf(key: string): Promise<LockMark | null>;
  /** The attempt of a holder that died, removed so no one else settles it too; null if none. */
  takeOrphan(key: string): Promise<string | null>;
}

export interface AlarmActionLockOptions {
  /** How long a lease lasts unless renewed: how soon a dead holder's lock ends. */
  leaseMs: number;
  /** How long a handled alarm, and an attempt left by a dead holder, are remembered. */
  handledMs: number;
  now?: () => number;
}

const HANDLED = 'handled';
const SETTLED = 'settled';
/** A lock's value as a mark: a token is an attempt in flight. */
const markOfValue = (value: string): LockMark =>
  value === HANDLED ? 'handled' : value === SETTLED ? 'settled' : 'busy';

/** One-process locks: the embedded default. */
export function createMemoryAlarmActionLock({
  leaseMs,
  handledMs,
  now = Date.now,
}: AlarmActionLockOptions): AlarmActionLock {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const attempts = new Map<string, { attempt: string; expiresAt: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  const sweep = () => {
    const t = now();
    for (const [k, e] of entries) if (e.expiresAt <= t) entries.delete(k);
    for (const [k, a] of attempts) if (a.expiresAt <= t) attempts.delete(k);
  };
  const orphanOf = (key: string) => {
    const a = attempts.get(key);
    attempts.delete(key);
    return a && a.expiresAt > now() ? a.attempt : null;
  };
  return {
    leaseMs,
    async acquire(key, attempt) {
      const e = live(key);
      if (e) return { state: markOfValue(e.value) };
      if (entries.size > 10_000) sweep();
      const token = randomUUID();
      const orphan = orphanOf(key);
      entries.set(key, { value: token, expiresAt: now() + leaseMs });
      attempts.set(key, { attempt, expiresAt: now() + handledMs });
      return { state: 'acquired', token, orphan };
    },
    async renew(key, token) {
      const e = live(key);
      if (e?.value !== token) return false;
      e.expiresAt = now() + leaseMs;
      return true;
    },
    async settle(key, token, done) {
      if (live(key)?.value !== token) return;
      attempts.delete(key);
      if (done) entries.set(key, { value: HANDLED, expiresAt: now() + handledMs });
      else entries.delete(key);
    },
    async markSettled(key) {
      entries.set(key, { value: SETTLED, expiresAt: now() + handledMs });
      attempts.delete(key);
    },
    async markOf(key) {
      const e = live(key);
      return e ? markOfValue(e.value) : null;
    },
    async takeOrphan(key) {
      return live(key) ? null : orphanOf(key);
    },
  };
}

// KEYS: lock, attempt. ARGV: token, lease ms, attempt, remembered ms. Answers the orphan it
// replaced ('' if none) when taken, else the lock's value.
const ACQUIRE = `
if redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then
  local orphan = redis.call('GET', KEYS[2]) or ''
  redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4])
  return {1, orphan}
end
return {0, redis.call('GET', KEYS[1]) or ''}`;
// Extends the lease only while it still holds this attempt's token.
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
// KEYS: lock, attempt. ARGV: token, done, remembered ms. Only the holder settles.
const SETTLE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[2])
if ARGV[2] == '1' then return redis.call('SET', KEYS[1], 'handled', 'PX', ARGV[3]) end
return redis.call('DEL', KEYS[1])`;
// An attempt is an orphan once no lease or handled mark stands beside it.
const TAKE_ORPHAN = `
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
local v = redis.call('GET', KEYS[2])
if v then redis.call('DEL', KEYS[2]) end
return v`;

/** Locks shared by every bridge process (REDIS_URL), under the configured prefix. */
export function createRedisAlarmActionLock(
  redis: Redis,
  prefix: string,
  { leaseMs, handledMs }: AlarmActionLockOptions,
): AlarmActionLock {
  const lockKey = (key: string) => `${prefix}alarmAction:${key}`;
  const attemptKey = (key: string) => `${prefix}alarmAttempt:${key}`;
  const text = (v: unknown) => (typeof v === 'string' ? v : Buffer.isBuffer(v) ? v.toString('utf8') : '');
  return {
    leaseMs,
    async acquire(key, attempt) {
      const token = randomUUID();
      const answer: unknown = await redis.eval(
        ACQUIRE,
        2,
        lockKey(key),
        attemptKey(key),
        token,
        leaseMs,
        attempt,
        handledMs,
      );
      const [taken, value] = Array.isArray(answer) ? answer : [0, ''];
      if (taken === 1) return { state: 'acquired', token, orphan: text(value) || null };
      return { state: markOfValue(text(value)) };
    },
    async renew(key, token) {
      return (await redis.eval(RENEW, 1, lockKey(key), token, leaseMs)) === 1;
    },
    async settle(key, token, done) {
      await redis.eval(SETTLE, 2, lockKey(key), attemptKey(key), token, done ? '1' : '0', handledMs);
    },
    async markSettled(key) {
      await redis.multi().set(lockKey(key), SETTLED, 'PX', handledMs).del(attemptKey(key)).exec();
    },
    async markOf(key) {
      const value = await redis.get(lockKey(key));
      return value === null ? null : markOfValue(value);
    },
    async takeOrphan(key) {
      const v: unknown = await redis.eval(TAKE_ORPHAN, 2, lockKey(key), attemptKey(key));
      return text(v) || null;
    },
  };
}

export function createAlarmActionLock(
  redis: Redis | null | undefined,
  prefix: string,
  opts: AlarmActionLockOptions,
): AlarmActionLock {
  return redis ? createRedisAlarmActionLock(redis, prefix, opts) : createMemoryAlarmActionLock(opts);
}

export interface LockWait {
  /** How long to wait at most while another attempt holds the alarm. */
  waitMs: number;
  /** How often to look again (the lock may live in Redis: no event to await). */
  pollMs: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits while an attempt holds the alarm, for as long as `wait` allows: the attempt settles (the
 * alarm is then handled, or free again), or its dead holder's lease lapses (its attempt is then an
 * orphan). So a second screen hears how a colleague's attempt ended, and an attempt of a bridge
 * that died is never mistaken for someone's handling. `take`: one look (acquire, or markOf).
 */
export async function whileBusy<T extends { state: LockMark | 'acquired' | null }>(
  take: () => Promise<T>,
  { waitMs, pollMs, sleep = defaultSleep, now = Date.now }: LockWait,
): Promise<T> {
  const until = now() + waitMs;
  for (;;) {
    const look = await take();
    if (look.state !== 'busy' || now() >= until) return look;
    await sleep(pollMs);
  }
}
