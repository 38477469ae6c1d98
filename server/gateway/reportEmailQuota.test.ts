import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../../tests/support/redis';
import { createReportEmailQuota } from './reportEmailQuota';

const at = (iso: string) => Date.parse(iso);

function quota(perDay: number, now: () => number) {
  return createReportEmailQuota({ perDay, redis: null, prefix: 'test:', now, onStoreError: vi.fn() });
}

describe('the daily cap of report e-mails', () => {
  it('lets a user send up to the cap in a UTC day, then refuses', async () => {
    const q = quota(2, () => at('2025-03-01T10:00:00Z'));
    expect([await q.take('owner'), await q.take('owner'), await q.take('owner')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('counts each user alone, whatever the case of the name', async () => {
    const q = quota(1, () => at('2025-03-01T10:00:00Z'));
    expect(await q.take('Owner')).toBe(true);
    expect(await q.take('owner')).toBe(false);
    expect(await q.take('tech')).toBe(true);
  });

  it('starts again on the next UTC day', async () => {
    let now = at('2025-03-01T23:59:00Z');
    const q = quota(1, () => now);
    expect(await q.take('owner')).toBe(true);
    expect(await q.take('owner')).toBe(false);
    now = at('2025-03-02T00:01:00Z');
    expect(await q.take('owner')).toBe(true);
  });
});

const haveRedis = await redisReachable();

describe.skipIf(!haveRedis)('the daily cap in Redis', () => {
  const prefix = `test:reportEmail:${process.pid}:${Date.now()}:`;
  const a = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  const b = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  afterAll(async () => {
    await cleanPrefix(prefix);
    a.disconnect();
    b.disconnect();
  });

  it('holds across two bridges sharing one Redis', async () => {
    const now = () => at('2025-03-01T10:00:00Z');
    const onA = createReportEmailQuota({ perDay: 3, redis: a, prefix, now, onStoreError: vi.fn() });
    const onB = createReportEmailQuota({ perDay: 3, redis: b, prefix, now, onStoreError: vi.fn() });
    const taken = [await onA.take('owner'), await onB.take('owner'), await onA.take('owner')];
    expect(taken).toEqual([true, true, true]);
    expect(await onB.take('owner')).toBe(false);
    expect(await onA.take('owner')).toBe(false);
    expect(await a.pttl(`${prefix}2025-03-01:owner`)).toBeGreaterThan(24 * 60 * 60_000);
  });

  it('lets the send go, and says so, when Redis does not answer', async () => {
    const gone = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    gone.on('error', () => {});
    const onStoreError = vi.fn();
    const q = createReportEmailQuota({ perDay: 1, redis: gone, prefix, now: Date.now, onStoreError });
    expect(await q.take('owner')).toBe(true);
    expect(onStoreError).toHaveBeenCalled();
    gone.disconnect();
  });
});
