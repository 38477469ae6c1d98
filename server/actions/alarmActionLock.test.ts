import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../../tests/support/redis';
import {
  createMemoryAlarmActionLock,
  createRedisAlarmActionLock,
  whileBusy,
  type AlarmActionLock,
} from './alarmActionLock';

/** The attempt a holder files with its lease (its audit entry, as text). */
const ATTEMPT = '{"id":"a-1"}';

function behaves(name: string, make: () => AlarmActionLock, wait: (ms: number) => Promise<void>) {
  describe(name, () => {
    it('lets one attempt through; a second is busy while it runs and handled after it succeeded', async () => {
      const lock = make();
      const first = await lock.acquire('100', ATTEMPT);
      expect(first.state).toBe('acquired');
      expect((await lock.acquire('100', ATTEMPT)).state).toBe('busy');
      expect((await lock.acquire('101', ATTEMPT)).state).toBe('acquired');
      if (first.state === 'acquired') await lock.settle('100', first.token, true);
      expect((await lock.acquire('100', ATTEMPT)).state).toBe('handled');
      expect(await lock.markOf('100')).toBe('handled');
    });

    it('a failed attempt lets the next one through', async () => {
      const lock = make();
      const first = await lock.acquire('200', ATTEMPT);
      if (first.state === 'acquired') await lock.settle('200', first.token, false);
      expect((await lock.acquire('200', ATTEMPT)).state).toBe('acquired');
    });

    it('a lease its holder renews outlives its length; one left alone lapses', async () => {
      const lock = make();
      const first = await lock.acquire('500', ATTEMPT);
      if (first.state !== 'acquired') throw new Error('not acquired');
      for (let i = 0; i < 3; i++) {
        await wait(30);
        expect(await lock.renew('500', first.token)).toBe(true);
      }
      expect((await lock.acquire('500', ATTEMPT)).state).toBe('busy');
      await wait(80);
      expect(await lock.renew('500', first.token)).toBe(false);
      expect((await lock.acquire('500', ATTEMPT)).state).toBe('acquired');
    });

    it('the attempt of a holder that died is handed, once, to whoever comes next', async () => {
      const lock = make();
      const first = await lock.acquire('600', ATTEMPT);
      expect(first).toMatchObject({ state: 'acquired', orphan: null });
      expect(await lock.takeOrphan('600')).toBeNull();
      await wait(80);
      expect(await lock.takeOrphan('600')).toBe(ATTEMPT);
      expect(await lock.takeOrphan('600')).toBeNull();

      await lock.acquire('601', ATTEMPT);
      await wait(80);
      expect(await lock.acquire('601', '{"id":"a-2"}')).toMatchObject({ state: 'acquired', orphan: ATTEMPT });
    });

    it('a settled attempt leaves no orphan', async () => {
      const lock = make();
      const first = await lock.acquire('700', ATTEMPT);
      if (first.state === 'acquired') await lock.settle('700', first.token, false);
      await wait(80);
      expect(await lock.takeOrphan('700')).toBeNull();
    });

    it("a dead holder's attempt settled from the upstream marks the alarm settled, not handled", async () => {
      const lock = make();
      await lock.acquire('800', ATTEMPT);
      expect(await lock.markOf('800')).toBe('busy');
      await wait(80);
      expect(await lock.markOf('800')).toBeNull();
      const next = await lock.acquire('800', '{"id":"a-2"}');
      expect(next).toMatchObject({ state: 'acquired', orphan: ATTEMPT });
      await lock.markSettled('800');
      expect(await lock.markOf('800')).toBe('settled');
      expect((await lock.acquire('800', ATTEMPT)).state).toBe('settled');
      // The attempt filed with the taken lease goes with it: nobody settles it again.
      expect(await lock.takeOrphan('800')).toBeNull();
    });

    it('a lapsed attempt cannot release the lock of the one after it', async () => {
      const lock = make();
      const first = await lock.acquire('300', ATTEMPT);
      await wait(80);
      const second = await lock.acquire('300', ATTEMPT);
      expect(second.state).toBe('acquired');
      if (first.state === 'acquired') await lock.settle('300', first.token, false);
      expect((await lock.acquire('300', ATTEMPT)).state).toBe('busy');
    });
  });
}

describe('waiting while an attempt holds the alarm', () => {
  it('hears how the attempt in flight ended, or takes the lease once a dead holder lets it lapse', async () => {
    let now = 0;
    const lock = createMemoryAlarmActionLock({ leaseMs: 50, handledMs: 1000, now: () => now });
    const wait = { waitMs: 75, pollMs: 10, now: () => now, sleep: async (ms: number) => void (now += ms) };

    const live = await lock.acquire('900', ATTEMPT);
    if (live.state !== 'acquired') throw new Error('not acquired');
    let looks = 0;
    const handled = await whileBusy(async () => {
      if (++looks === 3) await lock.settle('900', live.token, true);
      return lock.acquire('900', ATTEMPT);
    }, wait);
    expect(handled.state).toBe('handled');

    await lock.acquire('901', ATTEMPT); // its holder dies: never renewed, never settled
    expect(await whileBusy(() => lock.acquire('901', '{"id":"a-2"}'), wait)).toMatchObject({
      state: 'acquired',
      orphan: ATTEMPT,
    });

    const slow = await lock.acquire('902', ATTEMPT);
    if (slow.state !== 'acquired') throw new Error('not acquired');
    const renewing = await whileBusy(async () => {
      await lock.renew('902', slow.token);
      return lock.acquire('902', ATTEMPT);
    }, wait);
    expect(renewing.state).toBe('busy');
  });
});

let clock = 0;
behaves(
  'in memory',
  () => createMemoryAlarmActionLock({ leaseMs: 50, handledMs: 1000, now: () => clock }),
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
  // NOTE: real time, so leases and waits are ten times the memory case's: a 30 ms wait on a busy
  // machine can take past a 50 ms lease, and the renewal would be judged late.
  behaves(
    'SET NX PX',
    () => createRedisAlarmActionLock(redis, prefix, { leaseMs: 500, handledMs: 10_000 }),
    (ms) => new Promise((r) => setTimeout(r, ms * 10)),
  );

  it('keeps its keys under the configured prefix', async () => {
    const lock = createRedisAlarmActionLock(redis, prefix, { leaseMs: 1000, handledMs: 1000 });
    await lock.acquire('400', ATTEMPT);
    expect(await redis.exists(`${prefix}alarmAction:400`)).toBe(1);
  });
});
