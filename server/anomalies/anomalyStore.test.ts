import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS, type AnomalyEpisode } from '../../shared/anomalies/anomalyApi';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../../tests/support/redis';
import { createMemoryAnomalyStore, createRedisAnomalyStore, type AnomalyStore } from './anomalyStore';

const hasRedis = await redisReachable();

function episode(over: Partial<AnomalyEpisode> = {}): AnomalyEpisode {
  return {
    id: randomUUID(),
    agencyId: '10',
    kind: 'runaway',
    csNo: 'C1',
    siteNo: '1',
    systemNo: '2',
    siteName: 'Corner Shop',
    count: 20,
    window: 60,
    startedAt: 1,
    updatedAt: 1,
    ...over,
  };
}

function storeContract(name: string, make: () => AnomalyStore) {
  describe(name, () => {
    it('an account has one open episode of a kind: the second opener is told no, one closer is told yes', async () => {
      const store = make();
      const a = episode();
      expect(await store.create(a)).toBe(1);
      expect(await store.create(episode())).toBe(0);
      expect(await store.create(episode({ kind: 'repeatAlarms' }))).toBe(2);
      await store.update({ ...a, count: 25 });
      await store.update(episode({ count: 99 }));
      expect((await store.open('10')).map((e) => [e.kind, e.count]).sort()).toEqual([
        ['repeatAlarms', 20],
        ['runaway', 25],
      ]);
      expect(await store.open('20')).toEqual([]);
      expect(await store.close(a)).toBe(3);
      expect(await store.close(a)).toBe(0);
    });

    it('each opening and closing is one revision of the agency, read with its list', async () => {
      const store = make();
      expect(await store.listed('10')).toEqual({ episodes: [], rev: 0 });
      const a = episode();
      await store.create(a);
      await store.create(episode({ agencyId: '20' }));
      await store.update({ ...a, count: 30 });
      expect(await store.listed('10')).toEqual({ episodes: [{ ...a, count: 30 }], rev: 1 });
      await store.close(a);
      expect(await store.listed('10')).toEqual({ episodes: [], rev: 2 });
      expect((await store.listed('20')).rev).toBe(1);
    });

    it("a dealer's thresholds are the defaults until its owner sets them", async () => {
      const store = make();
      expect(await store.thresholds('10')).toEqual({ thresholds: DEFAULT_THRESHOLDS, defaults: true });
      const t = { runawaySignals: 5, runawayMinutes: 10, repeatAlarms: 4, repeatHours: 12 };
      await store.setThresholds('10', t);
      expect(await store.thresholds('10')).toEqual({ thresholds: t, defaults: false });
      expect((await store.thresholds('20')).defaults).toBe(true);
    });
  });
}

storeContract('memory anomaly store', createMemoryAnomalyStore);

const prefix = `test:anomalies:${randomUUID()}:`;
const redis = hasRedis ? new Redis(TEST_REDIS_URL) : null;
afterAll(async () => {
  redis?.disconnect();
  if (hasRedis) await cleanPrefix(prefix);
});
if (redis)
  storeContract('Redis anomaly store', () => createRedisAnomalyStore(redis, `${prefix}${randomUUID()}:`));
else it.skip('Redis anomaly store (no Redis at REDIS_URL)', () => {});
