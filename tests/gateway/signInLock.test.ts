import { describe, expect, it } from 'vitest';
import { connectScreen, waitFor } from '../support/screen';
import { call, clearFaults, fault, signIn, SIGNS_IN_OFTEN, stackPerFile } from './harness';

/**
 * The sign-in lock under hostile input (issue "Hostile input" #4, #11): passwords sent at once get
 * no more checks than the lock allows, a success cannot outrun the lock, wrong one-time codes
 * count until a code is accepted, and turning two-factor on ends the user's other sessions. The
 * portal locks a username after four refusals, one before the upstream's lock (UPSTREAM_LOCK_AFTER 5).
 */
const gateway = stackPerFile(SIGNS_IN_OFTEN);

/** How many password checks reached the upstream since the last reset. */
async function passwordChecks(): Promise<number> {
  const stats = (await fetch(`${gateway.stack.sim.url}/_sim/stats`).then((r) => r.json())) as {
    byPath: Record<string, { requests: number }>;
  };
  return Object.entries(stats.byPath)
    .filter(([path]) => /login\/authlogon$/i.test(path))
    .reduce((n, [, s]) => n + s.requests, 0);
}
const resetStats = () => fetch(`${gateway.stack.sim.url}/_sim/stats/reset`, { method: 'POST' });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cookieOf = (a: { headers: Headers }) =>
  a.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
const otp = (path: string, body: unknown) => call(gateway.base, 'POST', `/api/session/otp${path}`, { body });

async function turnTwoFactorOn(cookie: string, contactNumber: string) {
  return call(gateway.base, 'POST', '/api/Contact/UpdateContactSettings', {
    cookie,
    body: { ContactNo: Number(contactNumber), TwoFactorFlag: 'Y', TwoFactorCount: 1 },
  });
}

/** Signs in with the password and answers the one-time password challenge it got, code sent. */
async function passwordStep(username: string, password: string): Promise<string> {
  const first = await signIn(gateway.base, username, password);
  expect(first.status).toBe(200);
  const { challenge } = first.body.twoFactor;
  expect((await otp('/send', { challenge, address: 0 })).body).toEqual({ sent: true });
  return challenge;
}

describe('passwords sent at once (#4)', () => {
  it('twenty at once get no more than four checks upstream, and the right one among them no session', async () => {
    await resetStats();
    await fault(gateway.stack.sim, { path: '/Login/AuthLogon', latencyMs: 300 });
    try {
      const wrong = Array.from({ length: 19 }, (_, i) => signIn(gateway.base, 'dispatcher', `wrong${i}`));
      // The right password comes while the wrong ones are still being checked.
      await pause(100);
      const right = await signIn(gateway.base, 'dispatcher', 'dispatch123');
      const answers = await Promise.all(wrong);

      expect(await passwordChecks()).toBeLessThanOrEqual(4);
      expect(right.status).toBe(423);
      expect(right.body.error).toBe('locked');
      expect(right.setCookie).toHaveLength(0);
      expect(answers.filter((a) => a.status === 401)).toHaveLength(3);
      expect(answers.filter((a) => a.status === 423)).toHaveLength(16);
    } finally {
      await clearFaults(gateway.stack.sim);
    }
  });

  it('a wall of screens signing in as one user at once all get in, a few at a time', async () => {
    await fault(gateway.stack.sim, { path: '/Login/AuthLogon', latencyMs: 100 });
    try {
      const all = await Promise.all(
        Array.from({ length: 12 }, () => signIn(gateway.base, 'owner', 'owner123')),
      );
      expect(all.map((a) => a.status)).toEqual(Array(12).fill(200));
      expect(all.every((a) => a.setCookie.length === 1)).toBe(true);
    } finally {
      await clearFaults(gateway.stack.sim);
    }
  });
});

describe('turning two-factor on', () => {
  it("ends the user's other sessions and tells their live screens, and keeps the one that turned it on", async () => {
    const mine = await signIn(gateway.base, 'owner', 'owner123');
    const other = await signIn(gateway.base, 'owner', 'owner123');
    const someoneElse = await signIn(gateway.base, 'multi', 'multi123');
    const screen = connectScreen(gateway.base, other.cookie);
    await screen.connected();
    let told = false;
    screen.socket.on('session.expired', () => (told = true));

    const set = await turnTwoFactorOn(mine.cookie, mine.body.profile.contactNumber);
    expect(set.body.result).toBe('ok');

    expect((await call(gateway.base, 'GET', '/api/session', { cookie: other.cookie })).status).toBe(401);
    await waitFor('the other session’s screen to be told and closed', () => told && !screen.socket.connected);
    expect((await call(gateway.base, 'GET', '/api/session', { cookie: mine.cookie })).status).toBe(200);
    expect((await call(gateway.base, 'GET', '/api/session', { cookie: someoneElse.cookie })).status).toBe(
      200,
    );
    screen.close();
  });
});

describe('wrong one-time codes (#11)', () => {
  it('a right password does not reset them: four in a row lock the name across fresh sign-ins', async () => {
    const { body, cookie } = await signIn(gateway.base, 'multi', 'multi123');
    expect((await turnTwoFactorOn(cookie, body.profile.contactNumber)).body.result).toBe('ok');

    const first = await passwordStep('multi', 'multi123');
    for (let i = 0; i < 3; i++)
      expect((await otp('', { challenge: first, code: '111111' })).status).toBe(401);
    const second = await passwordStep('multi', 'multi123');
    const fourth = await otp('', { challenge: second, code: '111111' });
    expect(fourth.status).toBe(423);
    expect(fourth.body.error).toBe('locked');
    expect((await signIn(gateway.base, 'multi', 'multi123')).status).toBe(423);
  });

  it('the accepted code resets them', async () => {
    // The owner has two-factor on from the test above.
    const first = await passwordStep('owner', 'owner123');
    for (let i = 0; i < 3; i++)
      expect((await otp('', { challenge: first, code: '111111' })).status).toBe(401);
    const second = await passwordStep('owner', 'owner123');
    const right = await otp('', { challenge: second, code: '123456' });
    expect(right.status).toBe(200);
    expect((await call(gateway.base, 'GET', '/api/session', { cookie: cookieOf(right) })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await signIn(gateway.base, 'owner', 'wrong')).status).toBe(401);
  });
});
