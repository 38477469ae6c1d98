import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../../tests/support/redis';
import { createRedisWallStore } from './redisWallStore';
import { createMemoryWallStore, type WallDevice, type WallStore } from './wallStore';

const hasRedis = await redisReachable();
const prefix = `test:walls:${randomUUID().slice(0, 8)}:`;
const redis = hasRedis ? new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 }) : null;

afterAll(async () => {
  if (!redis) return;
  await cleanPrefix(prefix);
  redis.disconnect();
});

const device = (id: string, over: Partial<WallDevice> = {}): WallDevice => ({
  id,
  secretHash: 'hash',
  dealerId: '100',
  agencyId: '100',
  feedAgencyId: '100',
  agencyName: 'Dealer 100',
  views: ['alarms'],
  name: `Wall ${id}`,
  pairedBy: { contactNumber: '500001', username: 'owner', name: 'Olivia Owens' },
  createdAt: Date.now(),
  lastSeenAt: null,
  lastAddress: null,
  ...over,
});

const pendingOf = (id: string, code: string, ttl = 60_000) => ({
  id,
  secretHash: 'h',
  code,
  createdAt: Date.now(),
  expiresAt: Date.now() + ttl,
});

const stores: Array<[string, () => WallStore]> = [['memory', () => createMemoryWallStore()]];
if (redis) stores.push(['redis', () => createRedisWallStore(redis, prefix)]);

describe.each(stores)('the %s wall store', (_name, make) => {
  const uid = () => `w${randomUUID().replace(/-/g, '').slice(0, 20)}`;

  it('holds a code for one waiting wall, and a code is claimed once', async () => {
    const s = make();
    const code = `C${randomUUID().slice(0, 5)}`;
    const id = uid();
    expect(await s.addPending(pendingOf(id, code))).toBe(true);
    expect(await s.addPending(pendingOf(uid(), code))).toBe(false);
    expect((await s.claimCode(code))?.id).toBe(id);
    expect(await s.claimCode(code)).toBeNull();
    await s.markPaired(id, 'dev1');
    expect((await s.pending(id))?.deviceId).toBe('dev1');
    expect((await s.takePending(id))?.id).toBe(id);
    expect(await s.takePending(id)).toBeNull();
  });

  it("gives a claimed code back to its waiting wall, never over another wall's", async () => {
    const s = make();
    const code = `R${randomUUID().slice(0, 5)}`;
    const first = pendingOf(uid(), code);
    await s.addPending(first);
    await s.claimCode(code);
    await s.releaseCode(first);
    expect((await s.claimCode(code))?.id).toBe(first.id);
    const second = pendingOf(uid(), code);
    expect(await s.addPending(second)).toBe(true);
    await s.releaseCode(first);
    expect((await s.claimCode(code))?.id).toBe(second.id);
  });

  it('forgets a code when it expires', async () => {
    const s = make();
    const code = `E${randomUUID().slice(0, 5)}`;
    const id = uid();
    await s.addPending(pendingOf(id, code, 50));
    await new Promise((r) => setTimeout(r, 120));
    expect(await s.pending(id)).toBeNull();
    expect(await s.claimCode(code)).toBeNull();
  });

  it('keeps walls by agency and by pairing user, and removes them', async () => {
    const s = make();
    const agency = `A${randomUUID().slice(0, 6)}`;
    const a = device(uid(), { agencyId: agency });
    const b = device(uid(), {
      agencyId: agency,
      pairedBy: { contactNumber: `C${agency}`, username: 'u', name: 'U' },
    });
    await s.save(a);
    await s.save(b);
    expect((await s.byAgencies([agency])).map((w) => w.id).sort()).toEqual([a.id, b.id].sort());
    expect((await s.byPairer(`C${agency}`)).map((w) => w.id)).toEqual([b.id]);
    const seen = Date.now();
    await s.touch(a.id, seen, '10.0.0.9');
    expect(await s.device(a.id)).toMatchObject({ lastSeenAt: seen, lastAddress: '10.0.0.9' });
    expect(await s.remove(a.id)).toBe(true);
    expect(await s.remove(a.id)).toBe(false);
    expect(await s.device(a.id)).toBeNull();
    expect((await s.byAgencies([agency])).map((w) => w.id)).toEqual([b.id]);
  });
});

describe.skipIf(!redis)('the Redis wall store', () => {
  it('writes only under its own prefix, and a second store on it (a restarted bridge) reads the walls', async () => {
    const own = `${prefix}restart:`;
    const first = createRedisWallStore(redis!, own);
    await first.save(device('wRestartAAAAAAAAAAAA'));
    const keys = await redis!.keys(`${own}*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) expect(k.startsWith(`${own}wall:`)).toBe(true);
    const second = createRedisWallStore(redis!, own);
    expect((await second.device('wRestartAAAAAAAAAAAA'))?.name).toBe('Wall wRestartAAAAAAAAAAAA');
    await cleanPrefix(own);
    expect(await redis!.keys(`${own}*`)).toEqual([]);
  });
});
