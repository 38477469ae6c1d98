import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startStack, type Stack } from './harness';

/**
 * Two-factor that protects something (issue 13): with the user's two-factor switch on, the
 * bridge's sign-in creates no session until the one-time password the upstream sent is accepted,
 * and wrong codes count toward the sign-in lock. Own stack: it changes the demo owner's state.
 */
let stack: Stack;
let base: string;

beforeAll(async () => {
  stack = await startStack();
  base = stack.bridge.url;
});
afterAll(() => stack?.close());

const otp = (path: string, body: unknown) => call(base, 'POST', `/api/session/otp${path}`, { body });

async function turnTwoFactor(username: string, password: string, on: boolean) {
  const { cookie, body } = await signIn(base, username, password);
  const set = await call(base, 'POST', '/api/Contact/UpdateContactSettings', {
    cookie,
    body: { ContactNo: Number(body.profile.contactNumber), TwoFactorFlag: on ? 'Y' : 'N', TwoFactorCount: 1 },
  });
  expect(set.body.result).toBe('ok');
}

describe('sign-in with two-factor on', () => {
  it('asks for the one-time password before the session exists, and accepts only the right one', async () => {
    await turnTwoFactor('owner', 'owner123', true);
    const first = await signIn(base, 'owner', 'owner123');
    expect(first.status).toBe(200);
    expect(first.setCookie).toEqual([]);
    expect(first.body.twoFactor.addresses).toEqual([
      { index: 0, type: 'M', label: '(***) ***-0101' },
      { index: 1, type: 'EM', label: 'o***@example.com' },
    ]);
    const { challenge } = first.body.twoFactor;

    expect((await otp('', { challenge, code: '123456' })).status).toBe(400);
    expect((await otp('/send', { challenge, address: 1 })).body).toEqual({ sent: true });
    const outbox = await fetch(`${stack.sim.url}/_sim/outbox`).then((r) => r.json());
    expect(outbox.otps.at(-1)).toMatchObject({ address: 'olivia.owens@example.com', code: '123456' });

    const wrong = await otp('', { challenge, code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'otp_failed', message: 'Invalid one-time password.' });
    expect((await otp('/resend', { challenge })).body).toEqual({ sent: true });

    const right = await otp('', { challenge, code: '123456' });
    expect(right.status).toBe(200);
    expect(right.body.profile.firstName).toBe('Olivia');
    const cookie = right.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect((await call(base, 'GET', '/api/session', { cookie })).status).toBe(200);
    // The challenge is spent.
    expect((await otp('', { challenge, code: '123456' })).status).toBe(401);
  });

  it('four wrong codes lock the username, as four wrong passwords do', async () => {
    await turnTwoFactor('multi', 'multi123', true);
    const { body } = await signIn(base, 'multi', 'multi123');
    const { challenge } = body.twoFactor;
    await otp('/send', { challenge, address: 0 });
    for (let i = 0; i < 3; i++) expect((await otp('', { challenge, code: '111111' })).status).toBe(401);
    expect((await otp('', { challenge, code: '111111' })).status).toBe(423);
    expect((await signIn(base, 'multi', 'multi123')).status).toBe(423);
  });

  it('two-factor off: the password alone signs in', async () => {
    const owner = await signIn(base, 'dispatcher', 'dispatch123');
    expect(owner.body.profile).toBeDefined();
    expect(owner.setCookie.length).toBeGreaterThan(0);
  });
});

describe('a page load re-reads the menu', () => {
  it("the owner's change to a sub-account's menu applies at the sub-account's next page load", async () => {
    const dispatcher = await signIn(base, 'dispatcher', 'dispatch123');
    const owner = await signIn(base, 'owner', 'owner123');
    // The owner has two-factor on from the first test: finish that sign-in.
    const code = await otp('/send', { challenge: owner.body.twoFactor.challenge, address: 0 });
    expect(code.body).toEqual({ sent: true });
    const done = await otp('', { challenge: owner.body.twoFactor.challenge, code: '123456' });
    const ownerCookie = done.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const set = await call(base, 'POST', '/api/Contact/UpdateChildSitePreference', {
      cookie: ownerCookie,
      body: { contact_no: Number(dispatcher.body.profile.contactNumber), SelectedNavIds: '7,1' },
    });
    expect(set.body.result).toBe('Menu settings saved successfully.');
    const reload = await call(base, 'GET', '/api/session', { cookie: dispatcher.cookie });
    expect(JSON.parse(reload.body.profile.sitePreferences)[0].SelectedNavIds).toBe('7,1');
    const outside = await call(base, 'GET', '/api/Report/GetUnrestoredZonesReport', {
      cookie: dispatcher.cookie,
      query: { ServcoNo: dispatcher.body.profile.servco_no },
    });
    expect(outside.status).toBe(403);
  });
});
