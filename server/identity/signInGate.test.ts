import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../../tests/support/redis';
import { QUICK_TRIES, UPSTREAM_FORGETS_MS } from './signInBackoff';
import { createMemorySignInGate, createRedisSignInGate, type SignInGate } from './signInGate';

const hasRedis = await redisReachable();
const prefix = `test:gate:${randomUUID().slice(0, 8)}:`;
const redis = hasRedis ? new Redis(TEST_REDIS_URL) : null;
afterAll(async () => {
  redis?.disconnect();
  if (hasRedis) await cleanPrefix(prefix);
});

/** Two processes' gates over one store: the memory gate shared, or two Redis gates on one prefix. */
function gates(kind: 'memory' | 'redis', now: () => number): [SignInGate, SignInGate] {
  if (kind === 'memory') {
    const g = createMemorySignInGate(now);
    return [g, g];
  }
  return [createRedisSignInGate(redis!, prefix, now), createRedisSignInGate(redis!, prefix, now)];
}

for (const kind of ['memory', 'redis'] as const)
  describe.skipIf(kind === 'redis' && !hasRedis)(`the identity sign-in gate (${kind})`, () => {
    it('lets one process try at a time, and after refusals none tries before the back-off, whichever process asks', async () => {
      let t = 5_000_000;
      const user = `bridge-${kind}-${randomUUID().slice(0, 6)}`;
      const [a, b] = gates(kind, () => t);
      expect(await a.begin(user)).toEqual({ ok: true });
      const busy = await b.begin(user);
      expect(busy).toMatchObject({ ok: false, refusals: 0 });
      let refused = 0;
      let settled = await a.settle(user, 'refused');
      refused++;
      expect(settled.refusals).toBe(1);
      // Processes taking turns over a day, each trying as soon as it may.
      const triedAt = [t];
      for (let step = 0; step < 24 * 60; step++) {
        t += 60_000;
        const g = step % 2 ? a : b;
        const turn = await g.begin(user);
        if (!turn.ok) continue;
        triedAt.push(t);
        settled = await g.settle(user, 'refused');
        refused++;
      }
      for (const at of triedAt)
        expect(triedAt.filter((x) => x >= at && x - at < UPSTREAM_FORGETS_MS).length).toBeLessThanOrEqual(
          QUICK_TRIES,
        );
      expect(settled.refusals).toBe(refused);
      // A process that made none of those sign-ins hears how many refusals the account met.
      expect(await b.begin(user)).toMatchObject({ ok: false, refusals: refused });
      // A success resets it for every process.
      t = settled.retryAt;
      expect(await b.begin(user)).toEqual({ ok: true });
      await b.settle(user, 'ok');
      expect(await a.begin(user)).toEqual({ ok: true });
    });
  });
