import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../../tests/support/redis';
import {
  createMemoryAlarmActionLock,
  createRedisAlarmActionLock,
  type AlarmActionLock,
} from './alarmActionLock';

function behaves(name: string, make: () => AlarmActionLock, wait: (ms: number) => Promise<void>) {
  describe(name, () => {
    it('lets one attempt through; a second is busy while it runs and handled after it succeeded', async () => {
      const lock = make();
      const first = await lock.acquire('100');
      expect(first.state).toBe('acquired');
      expect((await lock.acquire('100')).state).toBe('busy');
      expect((await lock.acquire('101')).state).toBe('acquired');
      if (first.state === 'acquired') await lock.settle('100', first.token, true);
      expect((await lock.acquire('100')).state).toBe('handled');
    });

    it('a failed attempt lets the next one through', async () => {
      const lock = make();
      const first = await lock.acquire('200');
      if (first.state === 'acquired') await lock.settle('200', first.token, false);
      expect((await lock.acquire('200')).state).toBe('acquired');
    });

    it('a lapsed attempt cannot release the lock of the one after it', async () => {
      const lock = make();
      const first = await lock.acquire('300');
      await wait(80);
      const second = await lock.acquire('300');
      expect(second.state).toBe('acquired');
      if (first.state === 'acquired') await lock.settle('300', first.token, false);
      expect((await lock.acquire('300')).state).toBe('busy');
    });
  });
}

let clock = 0;
behaves(
  'in memory',
  () => createMemoryAlarmActionLock({ inflightMs: 50, handledMs: 1000, now: () => clock }),
  async (ms) => {
    clock += ms;
  },
);

const reachable = await redisReachable();
describe.skipIf(!reachable)('in Redis', () => {
  const prefix = `test:lock:${process.pid}:${Date.now()}:`;
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    redis?.disconnect();
    await cleanPrefix(prefix);
  });
  behaves(
    'SET NX PX',
    () => createRedisAlarmActionLock(redis, prefix, { inflightMs: 50, handledMs: 1000 }),
    (ms) => new Promise((r) => setTimeout(r, ms)),
  );

  it('keeps its keys under the configured prefix', async () => {
    const lock = createRedisAlarmActionLock(redis, prefix, { inflightMs: 1000, handledMs: 1000 });
    await lock.acquire('400');
    expect(await redis.exists(`${prefix}alarmAction:400`)).toBe(1);
  });
});
