import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../../tests/support/redis';
import {
  createMemoryPushStore,
  deviceIdOf,
  sessionRefOf,
  type PushRecord,
  type PushStore,
} from './pushStore';
import { createRedisPushStore } from './redisPushStore';

const hasRedis = await redisReachable();

function record(endpoint: string, userRef: string, agencies: string[]): PushRecord {
  return {
    id: deviceIdOf(endpoint),
    userRef,
    sessionRef: sessionRefOf('s1'),
    label: 'Phone',
    createdAt: 1,
    subscription: { endpoint, keys: { p256dh: 'BPk', auth: 'au' } },
    preferences: { alarmTypes: [], agencies, quietHours: null, timeZone: 'UTC' },
  };
}

function storeContract(name: string, make: () => { store: PushStore; done?: () => Promise<void> }) {
  describe(name, () => {
    it('keeps one record per endpoint, indexed by user and by agency', async () => {
      const { store, done } = make();
      const a = record('https://push.example/a', 'u1', ['10', '11']);
      await store.put(a);
      await store.put(record('https://push.example/b', 'u2', ['11']));
      expect((await store.byUser('u1')).map((r) => r.id)).toEqual([a.id]);
      expect((await store.byAgency('11')).map((r) => r.userRef).sort()).toEqual(['u1', 'u2']);
      // The same browser subscribing again (now for one agency, by another user) replaces it.
      await store.put({ ...a, userRef: 'u2', preferences: { ...a.preferences, agencies: ['12'] } });
      expect(await store.byUser('u1')).toEqual([]);
      expect((await store.byAgency('10')).length).toBe(0);
      expect((await store.byAgency('12'))[0].userRef).toBe('u2');
      await store.remove(a.id);
      expect(await store.get(a.id)).toBeNull();
      expect((await store.byUser('u2')).length).toBe(1);
      await done?.();
    });
  });
}

storeContract('the memory push store', () => ({ store: createMemoryPushStore() }));

const prefixes: string[] = [];
afterAll(async () => {
  for (const p of prefixes) await cleanPrefix(p);
});

describe.skipIf(!hasRedis)('Redis', () => {
  storeContract('the Redis push store', () => {
    const prefix = `dlp-test-push-${randomUUID().slice(0, 8)}:`;
    prefixes.push(prefix);
    const redis = new Redis(TEST_REDIS_URL);
    return { store: createRedisPushStore(redis, prefix), done: async () => void redis.disconnect() };
  });
});
