import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../../tests/support/redis';
import { createMemoryPushClaims, type PendingPush, type PushClaims } from './pushClaims';
import { createRedisPushClaims } from './redisPushClaims';

const hasRedis = await redisReachable();
const LEASE_MS = 150;

function pending(key = `alarm:${randomUUID()}:dev`): PendingPush {
  return {
    key,
    deviceId: 'dev',
    alarm: { agencyIds: ['10'], type: 'FIRE ALARM' },
    message: { title: 'FIRE ALARM', body: 'CS# 1', url: '/' },
    ttlSec: 600,
    urgent: true,
    notAfter: Date.now() + 600_000,
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function claimsContract(name: string, make: () => { claims: PushClaims; done?: () => Promise<void> }) {
  describe(name, () => {
    it('a push is claimed once while it is sent, and never again once done', async () => {
      const { claims, done } = make();
      const p = pending();
      expect(await claims.claim(p, 60_000)).toBe(true);
      expect(await claims.claim(p, 60_000)).toBe(false);
      await claims.settle(p.key, 60_000);
      expect(await claims.claim(p, 60_000)).toBe(false);
      expect(await claims.reclaimExpired(60_000, 10)).toEqual([]);
      await done?.();
    });

    it('a claim whose holder died is taken over once its lease runs out, by one taker', async () => {
      const { claims, done } = make();
      const p = pending();
      expect(await claims.claim(p, LEASE_MS)).toBe(true);
      expect(await claims.reclaimExpired(60_000, 10)).toEqual([]);
      await pause(LEASE_MS + 50);
      expect(await claims.reclaimExpired(60_000, 10)).toEqual([p]);
      // The taker holds it now: no one else takes it, and the first claim path stays shut.
      expect(await claims.reclaimExpired(60_000, 10)).toEqual([]);
      expect(await claims.claim(p, 60_000)).toBe(false);
      await claims.settle(p.key, 60_000);
      await done?.();
    });
  });
}

claimsContract('the memory claims', () => ({ claims: createMemoryPushClaims() }));

const prefixes: string[] = [];
afterAll(async () => {
  for (const p of prefixes) await cleanPrefix(p);
});

describe.skipIf(!hasRedis)('Redis', () => {
  const make = () => {
    const prefix = `dlp-test-push-claims-${randomUUID().slice(0, 8)}:`;
    prefixes.push(prefix);
    const redis = new Redis(TEST_REDIS_URL);
    return { prefix, redis, claims: createRedisPushClaims(redis, prefix) };
  };
  claimsContract('the Redis claims', () => {
    const { redis, claims } = make();
    return { claims, done: async () => void redis.disconnect() };
  });

  it('two processes claiming the same push, or taking over the same dead claim: one wins', async () => {
    const a = make();
    const b = { redis: new Redis(TEST_REDIS_URL) };
    const second = createRedisPushClaims(b.redis, a.prefix);
    const p = pending();
    const wins = await Promise.all([a.claims.claim(p, LEASE_MS), second.claim(p, LEASE_MS)]);
    expect(wins.filter(Boolean)).toHaveLength(1);
    await pause(LEASE_MS + 50);
    const taken = await Promise.all([a.claims.reclaimExpired(60_000, 10), second.reclaimExpired(60_000, 10)]);
    expect(taken.flat()).toEqual([p]);
    a.redis.disconnect();
    b.redis.disconnect();
  });
});
