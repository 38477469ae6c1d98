import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisReachable } from '../support/redis';
import { connectScreen, waitFor } from '../support/screen';
import { startTwoBridges, type TwoBridges } from '../support/twoBridges';
import { call, clearFaults, fault, signIn } from './harness';

const haveRedis = await redisReachable();

/** The sign-in lock and the end of sessions at the two-factor switch, across bridge processes. */
describe.skipIf(!haveRedis)('two bridges sharing Redis: the sign-in lock and two-factor', () => {
  let stack: TwoBridges;
  beforeAll(async () => {
    stack = await startTwoBridges('signinlock', { LOGIN_RATE_PER_MIN: '1000' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('passwords sent at once to both bridges get no more than four checks upstream, one short of its lock', async () => {
    const { a, b, sim } = stack;
    await fetch(`${sim.url}/_sim/stats/reset`, { method: 'POST' });
    await fault(sim, { path: '/Login/AuthLogon', latencyMs: 300 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signIn(i % 2 ? a.url : b.url, 'dispatcher', `wrong${i}`)),
      );
      const stats = await fetch(`${sim.url}/_sim/stats`).then((r) => r.json());
      const checks = Object.entries(stats.byPath as Record<string, { requests: number }>)
        .filter(([path]) => /login\/authlogon$/i.test(path))
        .reduce((n, [, s]) => n + s.requests, 0);
      expect(checks).toBeLessThanOrEqual(4);
      expect(answers.filter((x) => x.status === 401)).toHaveLength(3);
      expect(answers.filter((x) => x.status === 423)).toHaveLength(17);
      expect((await signIn(a.url, 'dispatcher', 'dispatch123')).status).toBe(423);
    } finally {
      await clearFaults(sim);
    }
  });

  it("turning two-factor on at one bridge ends the user's other sessions on the other, and their screens", async () => {
    const { a, b } = stack;
    const mine = await signIn(a.url, 'owner', 'owner123');
    const other = await signIn(b.url, 'owner', 'owner123');
    const screen = connectScreen(b.url, other.cookie);
    await screen.connected();
    let told = false;
    screen.socket.on('session.expired', () => (told = true));

    const set = await call(a.url, 'POST', '/api/Contact/UpdateContactSettings', {
      cookie: mine.cookie,
      body: { ContactNo: Number(mine.body.profile.contactNumber), TwoFactorFlag: 'Y', TwoFactorCount: 1 },
    });
    expect(set.body.result).toBe('ok');

    for (const bridge of [a, b])
      expect((await call(bridge.url, 'GET', '/api/session', { cookie: other.cookie })).status).toBe(401);
    await waitFor('the ended session’s screen to be told and closed', () => told && !screen.socket.connected);
    expect((await call(b.url, 'GET', '/api/session', { cookie: mine.cookie })).status).toBe(200);
    screen.close();
  });
});
