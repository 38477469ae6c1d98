import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../../tests/support/redis';
import type { LoginProfile } from '../../shared/upstream/loginProfile';
import { createMemorySessionStore, createRedisSessionStore, type SessionStore } from './sessionStore';

const profileOf = (contactNumber: string) => ({ contactNumber }) as LoginProfile;
const open = (store: SessionStore, contactNumber: string) =>
  store.create({
    username: `u${contactNumber}`,
    upstreamSessionId: randomUUID(),
    profile: profileOf(contactNumber),
  });

/** Ending a user's other sessions (two-factor turned on), whichever store holds them. */
function endingSessionsOfAUser(makeStore: () => SessionStore) {
  it("ends every session of the user but the one kept, and no one else's", async () => {
    const store = makeStore();
    const kept = await open(store, '500001');
    const others = [await open(store, '500001'), await open(store, '500001')];
    const someoneElse = await open(store, '500002');

    const ended = await store.endSessionsOf('500001', kept.id);
    expect(ended.map((s) => s.id).sort()).toEqual(others.map((s) => s.id).sort());
    for (const s of others) expect(await store.get(s.id)).toBeNull();
    expect(await store.get(kept.id)).not.toBeNull();
    expect(await store.get(someoneElse.id)).not.toBeNull();
    // An ended session stays ended.
    expect(await store.reinstate(others[0])).toBe(false);
    expect(await store.endSessionsOf('500001', kept.id)).toEqual([]);
  });
}

describe('memory session store', () => {
  endingSessionsOfAUser(() => createMemorySessionStore(60_000));
});

const haveRedis = await redisReachable();
const prefix = `dlp-test-sessions-${randomUUID().slice(0, 8)}:`;

describe.skipIf(!haveRedis)('redis session store', () => {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  afterAll(async () => {
    redis.disconnect();
    await cleanPrefix(prefix);
  });
  endingSessionsOfAUser(() => createRedisSessionStore(redis, prefix, 60_000));
});
