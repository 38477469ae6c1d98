import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../../tests/support/redis';
import { createMemoryAttemptLock, createRedisAttemptLock, type AttemptLock } from './attemptLock';

const fail = async (lock: AttemptLock, key: string) => {
  const begun = await lock.begin(key);
  return begun.ok ? lock.settle(key, 'failed') : { refused: true };
};

describe('memory attempt lock', () => {
  const setup = () => {
    let t = 0;
    const lock = createMemoryAttemptLock({ maxFailures: 5, lockMs: 600_000, now: () => t });
    return { lock, advance: (ms: number) => (t += ms) };
  };

  it('locks a key for the lock time on the fifth failure in a row', async () => {
    const { lock, advance } = setup();
    for (let i = 1; i <= 4; i++) expect(await fail(lock, 'u')).toEqual({ failures: i, locked: false });
    expect(await fail(lock, 'u')).toEqual({ failures: 5, locked: true });
    expect(await lock.lockedFor('u')).toBe(600_000);
    expect(await lock.begin('u')).toEqual({ ok: false, lockedForMs: 600_000, busy: false });
    advance(599_999);
    expect(await lock.lockedFor('u')).toBe(1);
    advance(1);
    expect(await lock.lockedFor('u')).toBe(0);
    expect(await fail(lock, 'u')).toEqual({ failures: 1, locked: false });
  });

  it('a success resets the count; a neutral outcome neither counts nor resets', async () => {
    const { lock } = setup();
    for (let i = 0; i < 3; i++) await fail(lock, 'u');
    await lock.begin('u');
    expect(await lock.settle('u', 'neutral')).toEqual({ failures: 3, locked: false });
    await lock.begin('u');
    await lock.settle('u', 'succeeded');
    expect(await fail(lock, 'u')).toEqual({ failures: 1, locked: false });
  });

  it('failures far apart do not add up', async () => {
    const { lock, advance } = setup();
    for (let i = 0; i < 4; i++) await fail(lock, 'u');
    advance(600_000);
    expect(await fail(lock, 'u')).toEqual({ failures: 1, locked: false });
  });

  it('keys are independent', async () => {
    const { lock } = setup();
    for (let i = 0; i < 5; i++) await fail(lock, 'a');
    expect(await lock.lockedFor('b')).toBe(0);
  });

  it('attempts in flight count: a sixth concurrent attempt is refused before any settles', async () => {
    const { lock } = setup();
    const begun = await Promise.all(Array.from({ length: 8 }, () => lock.begin('u')));
    expect(begun.filter((b) => b.ok)).toHaveLength(5);
    // Refused as busy, not locked: once the five settle well, the next may go.
    expect(begun.filter((b) => !b.ok && b.busy)).toHaveLength(3);
  });

  it('a success that settles after the key was locked opens nothing and resets nothing', async () => {
    // A fixed clock: on the real one a millisecond may pass between the lock and the read.
    const lock = createMemoryAttemptLock({
      maxFailures: 5,
      lockMs: 600_000,
      inFlightCounts: false,
      now: () => 0,
    });
    expect((await lock.begin('u')).ok).toBe(true);
    for (let i = 0; i < 5; i++) await fail(lock, 'u');
    expect(await lock.settle('u', 'succeeded')).toEqual({ failures: 0, locked: true });
    expect(await lock.lockedFor('u')).toBe(600_000);
  });

  it('where attempts in flight do not count, many at once pass and only failures lock', async () => {
    const lock = createMemoryAttemptLock({ maxFailures: 5, lockMs: 600_000, inFlightCounts: false });
    const begun = await Promise.all(Array.from({ length: 30 }, () => lock.begin('wall')));
    expect(begun.every((b) => b.ok)).toBe(true);
    for (let i = 0; i < 30; i++) await lock.settle('wall', 'succeeded');
    for (let i = 0; i < 4; i++) expect(await fail(lock, 'wall')).toEqual({ failures: i + 1, locked: false });
    expect(await fail(lock, 'wall')).toEqual({ failures: 5, locked: true });
  });
});

const haveRedis = await redisReachable();
const prefix = `dlp-test-attempts-${randomUUID().slice(0, 8)}:`;

describe.skipIf(!haveRedis)('redis attempt lock', () => {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  afterAll(async () => {
    redis.disconnect();
    await cleanPrefix(prefix);
  });

  it('locks on the fifth failure, shared by two connections', async () => {
    const other = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      const a = createRedisAttemptLock(redis, prefix, { maxFailures: 5, lockMs: 60_000 });
      const b = createRedisAttemptLock(other, prefix, { maxFailures: 5, lockMs: 60_000 });
      for (let i = 1; i <= 4; i++)
        expect(await fail(i % 2 ? a : b, 'x')).toEqual({ failures: i, locked: false });
      expect(await fail(b, 'x')).toEqual({ failures: 5, locked: true });
      expect(await a.lockedFor('x')).toBeGreaterThan(59_000);
      expect((await a.begin('x')).ok).toBe(false);
    } finally {
      other.disconnect();
    }
  });

  it('where attempts in flight do not count, thirty sign-ins at once all pass', async () => {
    const lock = createRedisAttemptLock(redis, prefix, {
      maxFailures: 5,
      lockMs: 60_000,
      inFlightCounts: false,
    });
    const begun = await Promise.all(Array.from({ length: 30 }, () => lock.begin('wall')));
    expect(begun.every((b) => b.ok)).toBe(true);
  });

  it('a success that settles after the key was locked opens nothing', async () => {
    const lock = createRedisAttemptLock(redis, prefix, {
      maxFailures: 5,
      lockMs: 60_000,
      inFlightCounts: false,
    });
    expect((await lock.begin('late')).ok).toBe(true);
    for (let i = 0; i < 5; i++) await fail(lock, 'late');
    expect(await lock.settle('late', 'succeeded')).toEqual({ failures: 0, locked: true });
    expect(await lock.lockedFor('late')).toBeGreaterThan(59_000);
    expect(await lock.begin('late')).toMatchObject({ ok: false, busy: false });
  });

  it('twenty concurrent attempts: only five are let through', async () => {
    const lock = createRedisAttemptLock(redis, prefix, { maxFailures: 5, lockMs: 60_000 });
    const begun = await Promise.all(Array.from({ length: 20 }, () => lock.begin('y')));
    expect(begun.filter((b) => b.ok)).toHaveLength(5);
    expect(begun.filter((b) => !b.ok && b.busy)).toHaveLength(15);
    const settled = await Promise.all(Array.from({ length: 5 }, () => lock.settle('y', 'failed')));
    expect(settled.filter((s) => s.locked)).toHaveLength(1);
    expect(await lock.lockedFor('y')).toBeGreaterThan(0);
  });
});
