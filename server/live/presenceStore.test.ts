import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresenceMessage } from '../../shared/live/protocol';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../../tests/support/redis';
import { createMemoryPresenceStore, createRedisPresenceStore, type PresenceStore } from './presenceStore';

const entry = (socketId: string, alarmId: string, agencyId = 'A1'): PresenceMessage => ({
  agencyId,
  alarmId,
  userName: `user ${socketId}`,
  action: 'dispatch',
  socketId,
});

function behaves(name: string, make: () => PresenceStore) {
  describe(name, () => {
    it('keeps one entry per screen and agency, and answers what a set or clear replaced', async () => {
      const store = make();
      expect(await store.set(entry('s1', '100'))).toBeNull();
      expect(await store.set(entry('s1', '101'))).toEqual(entry('s1', '100'));
      await store.set(entry('s2', '100'));
      await store.set(entry('s3', '100', 'B2'));
      expect((await store.list('A1')).map((e) => `${e.socketId}:${e.alarmId}`).sort()).toEqual([
        's1:101',
        's2:100',
      ]);
      expect(await store.get('A1', 's2')).toEqual(entry('s2', '100'));
      expect(await store.clear('A1', 's1')).toEqual(entry('s1', '101'));
      expect(await store.clear('A1', 's1')).toBeNull();
      expect((await store.list('A1')).map((e) => e.socketId)).toEqual(['s2']);
      expect((await store.list('B2')).map((e) => e.socketId)).toEqual(['s3']);
    });
  });
}

behaves('in memory', createMemoryPresenceStore);

const reachable = await redisReachable();
describe.skipIf(!reachable)('in Redis', () => {
  const prefix = `test:presence:${process.pid}:${Date.now()}:`;
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    redis?.disconnect();
    await cleanPrefix(prefix);
  });
  behaves('a hash per agency', () => createRedisPresenceStore(redis, prefix, 60_000));

  it('every process reads the same presences', async () => {
    const one = createRedisPresenceStore(redis, `${prefix}shared:`, 60_000);
    const two = createRedisPresenceStore(redis, `${prefix}shared:`, 60_000);
    await one.set(entry('p1', '500'));
    expect(await two.list('A1')).toEqual([entry('p1', '500')]);
    await one.clear('A1', 'p1');
  });

  it('drops entries of a process that stopped re-stamping them, and the hash expires', async () => {
    let now = 1_000_000;
    const gone = createRedisPresenceStore(
      redis,
      `${prefix}ttl:`,
      1000,
      () => {},
      () => now,
    );
    await gone.set(entry('dead', '600'));
    expect(await redis.pttl(`${prefix}ttl:presence:A1`)).toBeGreaterThan(0);
    now += 1500;
    expect(await gone.list('A1')).toEqual([]);
    expect(await redis.hlen(`${prefix}ttl:presence:A1`)).toBe(0);
    await gone.clear('A1', 'dead');
  });
});
