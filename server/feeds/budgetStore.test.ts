import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../../tests/support/redis';
import { busiestSecond } from '../../tests/support/busiestSecond';
import { createMemoryBudgetStore, createRedisBudgetStore, type BudgetStore } from './budgetStore';

const hasRedis = await redisReachable();
const prefix = `test:budget:${randomUUID().slice(0, 8)}:`;
const redis = hasRedis ? new Redis(TEST_REDIS_URL) : null;
afterAll(async () => {
  redis?.disconnect();
  if (hasRedis) await cleanPrefix(prefix);
});

/** Two processes' stores: the memory store shared, or two Redis stores on one prefix. */
function stores(kind: 'memory' | 'redis', name: string): [BudgetStore, BudgetStore] {
  if (kind === 'memory') {
    const s = createMemoryBudgetStore();
    return [s, s];
  }
  const p = `${prefix}${name}:`;
  return [createRedisBudgetStore(redis!, p), createRedisBudgetStore(redis!, p)];
}

for (const kind of ['memory', 'redis'] as const)
  describe.skipIf(kind === 'redis' && !hasRedis)(`the shared request budget (${kind})`, () => {
    it('lets two processes together make at most the limit in any one-second window, and that many', async () => {
      const [a, b] = stores(kind, 'window');
      const start = 7_000_000_037;
      const taken: number[] = [];
      // Both ask every 7 ms for 5 seconds, far more than the 20 a second allowed.
      for (let now = start; now < start + 5000; now += 7) {
        const [x, y] = await Promise.all([a.take(now, 20), b.take(now + 3, 20)]);
        if (x) taken.push(now);
        if (y) taken.push(now + 3);
      }
      expect(busiestSecond(taken)).toBeLessThanOrEqual(20);
      // About 20 per 1.25 s (budgetStore.ts, SLOTS) over 5 s.
      expect(taken.length).toBeGreaterThanOrEqual(75);
    });

    it('lowers the limit at once: a backed-off process takes nothing while the window is full', async () => {
      const [a, b] = stores(kind, 'lower');
      const now = 8_000_000_000;
      for (let i = 0; i < 10; i++) expect(await a.take(now + i, 50)).toBe(true);
      expect(await b.take(now + 20, 5)).toBe(false);
      expect(await b.take(now + 20, 50)).toBe(true);
    });

    it('shows each process the others’ demand, and forgets a process that stopped saying it', async () => {
      const [a, b] = stores(kind, 'demand');
      const now = 9_000_000_000;
      await a.shareDemand('a', { weight: 8, maxRps: 4, watched: ['alarms:1'] }, now);
      const seen = await b.shareDemand('b', { weight: 2, maxRps: 8, watched: [] }, now + 500);
      expect(seen.map((e) => e.owner).sort()).toEqual(['a', 'b']);
      expect(seen.find((e) => e.owner === 'a')?.demand).toEqual({
        weight: 8,
        maxRps: 4,
        watched: ['alarms:1'],
      });
      const later = await b.shareDemand('b', { weight: 2, maxRps: 8, watched: [] }, now + 6000);
      expect(later.map((e) => e.owner)).toEqual(['b']);
    });
  });
