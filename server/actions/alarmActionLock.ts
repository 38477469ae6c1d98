import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * One action per alarm: a dispatch or cancel takes the alarm's lock before it goes upstream. A
 * second attempt while the first is in flight, or after it succeeded, is refused, so a double
 * click or two screens acting on the same alarm cause one upstream action.
 */
export type LockAttempt = { state: 'acquired'; token: string } | { state: 'busy' } | { state: 'handled' };

export interface AlarmActionLock {
  acquire(alarmId: string): Promise<LockAttempt>;
  /** After the upstream answered: `done` marks the alarm handled, otherwise the lock is let go. */
  settle(alarmId: string, token: string, done: boolean): Promise<void>;
  /** Whether an alarm was handled lately (no lock is taken). */
  handled(alarmId: string): Promise<boolean>;
}

export interface AlarmActionLockOptions {
  /** How long an attempt may stay in flight before its lock lapses (longer than the upstream timeout). */
  inflightMs: number;
  /** How long a handled alarm is remembered. */
  handledMs: number;
  now?: () => number;
}

const HANDLED = 'handled';

/** One-process locks: the embedded default. */
export function createMemoryAlarmActionLock({
  inflightMs,
  handledMs,
  now = Date.now,
}: AlarmActionLockOptions): AlarmActionLock {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const live = (alarmId: string) => {
    const e = entries.get(alarmId);
    if (e && e.expiresAt <= now()) {
      entries.delete(alarmId);
      return undefined;
    }
    return e;
  };
  const sweep = () => {
    const t = now();
    for (const [k, e] of entries) if (e.expiresAt <= t) entries.delete(k);
  };
  return {
    async acquire(alarmId) {
      const e = live(alarmId);
      if (e) return { state: e.value === HANDLED ? 'handled' : 'busy' };
      if (entries.size > 10_000) sweep();
      const token = randomUUID();
      entries.set(alarmId, { value: token, expiresAt: now() + inflightMs });
      return { state: 'acquired', token };
    },
    async settle(alarmId, token, done) {
      if (done) {
        entries.set(alarmId, { value: HANDLED, expiresAt: now() + handledMs });
        return;
      }
      if (live(alarmId)?.value === token) entries.delete(alarmId);
    },
    async handled(alarmId) {
      return live(alarmId)?.value === HANDLED;
    },
  };
}

// Deletes the key only while it still holds this attempt's token.
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/** Locks shared by every bridge process (REDIS_URL): `SET NX PX` under the configured prefix. */
export function createRedisAlarmActionLock(
  redis: Redis,
  prefix: string,
  { inflightMs, handledMs }: AlarmActionLockOptions,
): AlarmActionLock {
  const key = (alarmId: string) => `${prefix}alarmAction:${alarmId}`;
  return {
    async acquire(alarmId) {
      const token = randomUUID();
      const taken = await redis.set(key(alarmId), token, 'PX', inflightMs, 'NX');
      if (taken === 'OK') return { state: 'acquired', token };
      const held = await redis.get(key(alarmId));
      return { state: held === HANDLED ? 'handled' : 'busy' };
    },
    async settle(alarmId, token, done) {
      if (done) await redis.set(key(alarmId), HANDLED, 'PX', handledMs);
      else await redis.eval(RELEASE, 1, key(alarmId), token);
    },
    async handled(alarmId) {
      return (await redis.get(key(alarmId))) === HANDLED;
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
