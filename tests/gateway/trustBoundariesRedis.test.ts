import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { createRedisSessionStore } from '../../server/session/sessionStore';
import { redisReachable, TEST_REDIS_URL } from '../support/redis';
import { startTwoBridges, type TwoBridges } from '../support/twoBridges';
import { connectScreen, waitFor } from '../support/screen';
import { call, signIn } from './harness';

const haveRedis = await redisReachable();

describe.skipIf(!haveRedis)('trust boundaries with two bridges sharing Redis', () => {
  let stack: TwoBridges;
  let a: Bridge;
  let b: Bridge;
  let prefix: string;
  beforeAll(async () => {
    stack = await startTwoBridges('trust', { API_RATE_PER_MIN: '6' });
    ({ a, b, prefix } = stack);
  });
  afterAll(async () => {
    await stack?.close();
  });

  const codeword = (bridge: Bridge, cookie: string, entry: string) =>
    call(bridge.url, 'POST', '/api/session/codeword', { cookie, body: { codeword: entry } });

  it('wrong codeword entries on two bridges and in two sessions add up to the lock', async () => {
    const onA = await signIn(a.url, 'dispatcher', 'dispatch123');
    const onB = await signIn(b.url, 'dispatcher', 'dispatch123');
    for (let i = 0; i < 4; i++) {
      const answer = i % 2 ? await codeword(b, onB.cookie, '1111') : await codeword(a, onA.cookie, '1111');
      expect(answer.body).toEqual({ ok: false, message: 'Invalid password!' });
    }
    const fifth = await codeword(b, onB.cookie, '1111');
    expect(fifth.status).toBe(423);
    expect(fifth.body.message).toBe('Too many wrong entries. Please try again in 5 minutes.');
    expect((await codeword(a, onA.cookie, '4321')).status).toBe(423);
    const fresh = await signIn(a.url, 'dispatcher', 'dispatch123');
    expect((await codeword(a, fresh.cookie, '4321')).status).toBe(423);
  });

  it('concurrent wrong entries across both bridges cannot get more than five checks', async () => {
    const onA = await signIn(a.url, 'multi', 'multi123');
    const onB = await signIn(b.url, 'multi', 'multi123');
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        i % 2 ? codeword(b, onB.cookie, '1357') : codeword(a, onA.cookie, '1357'),
      ),
    );
    const invalid = answers.filter((x) => x.body?.message === 'Invalid password!');
    const locked = answers.filter((x) => x.status === 423);
    expect(invalid.length).toBeLessThanOrEqual(4);
    expect(invalid.length + locked.length).toBe(answers.length);
    expect((await codeword(a, onA.cookie, '2468')).status).toBe(423);
  });

  it("a session's /api rate counts on both bridges", async () => {
    const { cookie } = await signIn(a.url, 'owner', 'owner123');
    for (let i = 0; i < 6; i++)
      expect(
        (await call(i % 2 ? b.url : a.url, 'GET', '/api/GetRecentlyAccessedSites', { cookie })).status,
      ).toBe(200);
    expect((await call(b.url, 'GET', '/api/GetRecentlyAccessedSites', { cookie })).status).toBe(429);
  });

  it("a company switch on one bridge keeps the session's screens on the other working", async () => {
    const multi = await signIn(a.url, 'multi', 'multi123');
    const companies: { servco_no?: string; servco_Type: string }[] = multi.body.profile.serviceCompanyList;
    const dealer = companies.find((c) => c.servco_Type.toUpperCase() !== 'C')!.servco_no!;
    const corporate = companies.find((c) => c.servco_Type.toUpperCase() === 'C')!.servco_no!;
    const screen = connectScreen(b.url, multi.cookie);
    try {
      await screen.connected();
      expect((await screen.subscribe({ feed: 'alarms', agencyId: dealer })).ok).toBe(true);
      const switched = await call(a.url, 'POST', '/api/session/company', {
        cookie: multi.cookie,
        body: { servco_no: corporate },
      });
      expect(switched.body.profile.install_servco_Type).toBe('C');
      // The screen on the other bridge re-read the session: it still sees what the session may see.
      await waitFor('the rights re-read', async () => {
        const ack = await screen.subscribe({ feed: 'alarms', agencyId: corporate });
        return ack.ok;
      });
      expect(screen.socket.connected).toBe(true);
    } finally {
      screen.close();
    }
  });

  it('a session update after sign-out does not bring the session back', async () => {
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      const store = createRedisSessionStore(redis, prefix, 60_000);
      const s = await store.create({
        username: 'owner',
        upstreamSessionId: 'u-1',
        profile: {} as never,
      });
      await store.delete(s.id);
      // The codeword proof or a company switch that was in flight when the user signed out.
      await store.update({ ...s, codewordVerifiedAt: Date.now() });
      expect(await store.get(s.id)).toBeNull();
      expect(await store.reinstate(s)).toBe(false);
    } finally {
      redis.disconnect();
    }
  });

  it('a codeword check racing a sign-out through the bridges leaves the session ended', async () => {
    const { cookie } = await signIn(a.url, 'owner', 'owner123');
    await Promise.all([
      call(a.url, 'POST', '/api/session/codeword', { cookie, body: { codeword: '1234' } }),
      call(b.url, 'DELETE', '/api/session', { cookie }),
    ]);
    expect((await call(a.url, 'GET', '/api/session', { cookie })).status).toBe(401);
    expect((await call(b.url, 'GET', '/api/session', { cookie })).status).toBe(401);
  });
});
