import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../../tests/support/redis';
import { createMemoryScreenCount, createRedisScreenCount, type ScreenCount } from './screenCount';

const turn = () => new Promise((r) => setImmediate(r));

function behaves(name: string, make: () => ScreenCount) {
  describe(name, () => {
    it("counts each screen in with the session's count so far, itself included, and out again", async () => {
      const count = make();
      expect(await count.open('s1', 'a')).toBe(1);
      expect(await count.open('s1', 'b')).toBe(2);
      expect(await count.open('s2', 'c')).toBe(1);
      await count.close('s1', 'a');
      expect(await count.open('s1', 'd')).toBe(2);
      count.stop();
    });

    it('gives screens that reconnect together the counts they would get one by one', async () => {
      const count = make();
      // Five in one turn, then three more in turns of their own while the first are counted.
      const together = ['a', 'b', 'c', 'd', 'e'].map((id) => count.open('wall', id));
      const later: Promise<number>[] = [];
      for (const id of ['f', 'g', 'h']) {
        await turn();
        later.push(count.open('wall', id));
      }
      expect([...(await Promise.all(together)), ...(await Promise.all(later))]).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8,
      ]);
      count.stop();
    });
  });
}

behaves('in memory', createMemoryScreenCount);

const reachable = await redisReachable();
describe.skipIf(!reachable)('in Redis', () => {
  const prefix = `test:screens:${process.pid}:${Date.now()}:`;
  let redis: Redis;
  const counts: ScreenCount[] = [];
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    for (const c of counts) c.stop();
    await cleanPrefix(prefix);
    redis.disconnect();
  });
  let n = 0;
  behaves('one process', () => {
    const c = createRedisScreenCount(redis, `${prefix}${n++}:`, 60_000);
    counts.push(c);
    return c;
  });

  it('counts the screens of every process on one sign-in, in one transaction per batch', async () => {
    const p = `${prefix}shared:`;
    const one = createRedisScreenCount(redis, p, 60_000);
    const two = createRedisScreenCount(redis, p, 60_000);
    counts.push(one, two);
    const multi = vi.spyOn(redis, 'multi');
    const opened = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => one.open('s', `one-${i}`)),
      ...Array.from({ length: 10 }, (_, i) => two.open('s', `two-${i}`)),
    ]);
    expect([...opened].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // One transaction per process for its ten screens.
    expect(multi).toHaveBeenCalledTimes(2);
    multi.mockRestore();
  });

  it('stops counting the screens of a process that vanished, after the TTL', async () => {
    let t = 1_000_000;
    const p = `${prefix}vanished:`;
    const gone = createRedisScreenCount(redis, p, 1000, undefined, () => t);
    const here = createRedisScreenCount(redis, p, 1000, undefined, () => t);
    counts.push(gone, here);
    await gone.open('s', 'x');
    await gone.open('s', 'y');
    gone.stop();
    t += 1500;
    expect(await here.open('s', 'z')).toBe(1);
  });
});
