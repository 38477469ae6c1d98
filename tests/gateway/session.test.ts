import { describe, expect, it } from 'vitest';
import { startBridge } from '../../server/app/bridge';
import { loadConfig } from '../../server/config/bridgeConfig';
import { call, signIn, SIGNS_IN_OFTEN, stackPerFile } from './harness';

const gateway = stackPerFile(SIGNS_IN_OFTEN);

describe('sign-in', () => {
  it('sets an httpOnly SameSite=Lax cookie and answers the public profile without secrets', async () => {
    const s = await signIn(gateway.base, 'owner', 'owner123');
    expect(s.status).toBe(200);
    expect(s.setCookie).toHaveLength(1);
    expect(s.setCookie[0]).toMatch(/^dlp_session=[A-Za-z0-9_-]{20,}/);
    expect(s.setCookie[0]).toMatch(/HttpOnly/i);
    expect(s.setCookie[0]).toMatch(/SameSite=Lax/i);
    expect(s.setCookie[0]).toMatch(/Path=\//);
    expect(s.setCookie[0]).not.toMatch(/Secure/i);
    expect(s.body.isOwner).toBe(true);
    expect(s.body.profile).toMatchObject({ firstName: 'Olivia', lastName: 'Owens' });
    expect(s.body.profile.agencyId).toEqual(expect.any(String));
    expect(s.text).not.toMatch(/loginGUID|"pn"|tokenSecUser/i);
  });

  it('a sub-account is not the owner', async () => {
    const s = await signIn(gateway.base, 'dispatcher', 'dispatch123');
    expect(s.status).toBe(200);
    expect(s.body.isOwner).toBe(false);
  });

  it('a wrong password answers 401 invalid_credentials with the message to show', async () => {
    const s = await signIn(gateway.base, 'nobody', 'nope');
    expect(s.status).toBe(401);
    expect(s.body).toEqual({ error: 'invalid_credentials', message: 'Invalid username or password.' });
    expect(s.setCookie).toHaveLength(0);
  });

  it('a body without credentials is a 400', async () => {
    const a = await call(gateway.base, 'POST', '/api/session', { body: { username: '' } });
    expect(a.status).toBe(400);
    expect(a.body.error).toBe('bad_request');
  });

  it('four wrong passwords in a row lock the account for ten minutes, even for the right password', async () => {
    for (let i = 1; i <= 3; i++)
      expect((await signIn(gateway.base, 'dispatcher', `wrong${i}`)).status).toBe(401);
    const fourth = await signIn(gateway.base, 'dispatcher', 'wrong4');
    expect(fourth.status).toBe(423);
    expect(fourth.body).toEqual({
      error: 'locked',
      message: 'This account is locked for 10 minutes after too many failed sign-in attempts.',
    });
    const right = await signIn(gateway.base, 'DISPATCHER', 'dispatch123');
    expect(right.status).toBe(423);
    expect(right.setCookie).toHaveLength(0);
    // Another account is not affected.
    expect((await signIn(gateway.base, 'owner', 'owner123')).status).toBe(200);
  });

  it('a success resets the count of failures', async () => {
    for (let i = 0; i < 3; i++) await signIn(gateway.base, 'multi', 'wrong');
    expect((await signIn(gateway.base, 'multi', 'multi123')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await signIn(gateway.base, 'multi', 'wrong')).status).toBe(401);
    expect((await signIn(gateway.base, 'multi', 'multi123')).status).toBe(200);
  });
});

describe('the current session', () => {
  it('GET /api/session answers the profile with the cookie and 401 without', async () => {
    const s = await signIn(gateway.base, 'owner', 'owner123');
    const mine = await call(gateway.base, 'GET', '/api/session', { cookie: s.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(s.body);

    const none = await call(gateway.base, 'GET', '/api/session');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      error: 'no_session',
      message: 'Your session has expired. Please login again.',
    });

    const forged = await call(gateway.base, 'GET', '/api/session', {
      cookie: 'dlp_session=forged-session-id-0123456789',
    });
    expect(forged.status).toBe(401);
  });

  it('sign-out ends the session at the bridge and upstream and clears the cookie', async () => {
    const s = await signIn(gateway.base, 'owner', 'owner123');
    const upstreamSessions = gateway.stack.sim.simulator.sessions.size;
    const out = await call(gateway.base, 'DELETE', '/api/session', { cookie: s.cookie });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().join()).toMatch(/dlp_session=;.*Expires=Thu, 01 Jan 1970/i);
    expect(gateway.stack.sim.simulator.sessions.size).toBe(upstreamSessions - 1);
    expect((await call(gateway.base, 'GET', '/api/session', { cookie: s.cookie })).status).toBe(401);
    expect(
      (await call(gateway.base, 'POST', '/api/AlarmBuffer/GetEventTypes', { cookie: s.cookie, body: {} }))
        .status,
    ).toBe(401);
    // Signing out twice is harmless.
    expect((await call(gateway.base, 'DELETE', '/api/session', { cookie: s.cookie })).status).toBe(204);
  });
});

describe('the service-company switch (docs/product/shell-session-search.md#states)', () => {
  it('switches to a corporate company of the list and back to a dealer, and refuses others', async () => {
    const s = await signIn(gateway.base, 'multi', 'multi123');
    const companies: Array<{ servco_no: string; servco_Type: string; install_servco_no?: string }> =
      s.body.profile.serviceCompanyList;
    expect(companies.length).toBeGreaterThan(1);
    const corp = companies.find((c) => c.servco_Type.toUpperCase() === 'C');
    const dealer = companies.find((c) => c.servco_Type.toUpperCase() !== 'C');
    if (!corp || !dealer) throw new Error('the multi user needs a corporate and a dealer company');

    const toCorp = await call(gateway.base, 'POST', '/api/session/company', {
      cookie: s.cookie,
      body: { servco_no: corp.servco_no },
    });
    expect(toCorp.status).toBe(200);
    expect(toCorp.body.profile).toMatchObject({
      servco_no: corp.servco_no,
      agencyId: corp.servco_no,
      install_servco_Type: 'C',
      agencyIdForCorpAccount: corp.install_servco_no,
    });
    expect(
      (await call(gateway.base, 'GET', '/api/session', { cookie: s.cookie })).body.profile
        .install_servco_Type,
    ).toBe('C');

    const toDealer = await call(gateway.base, 'POST', '/api/session/company', {
      cookie: s.cookie,
      body: { servco_no: dealer.servco_no },
    });
    expect(toDealer.body.profile).toMatchObject({
      servco_no: dealer.servco_no,
      agencyId: dealer.servco_no,
      install_servco_Type: 'D',
    });

    const foreign = await call(gateway.base, 'POST', '/api/session/company', {
      cookie: s.cookie,
      body: { servco_no: '987654' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('forbidden_agency');
  });
});

describe('the cancel-dispatch codeword check (docs/product/live-alarms-and-testing.md#validation)', () => {
  it('answers the spec messages and never the codeword', async () => {
    const s = await signIn(gateway.base, 'owner', 'owner123');
    const check = (codeword: string) =>
      call(gateway.base, 'POST', '/api/session/codeword', { cookie: s.cookie, body: { codeword } });
    expect((await check('')).body).toEqual({ ok: false, message: 'Please enter password!' });
    expect((await check('9999')).body).toEqual({ ok: false, message: 'Invalid password!' });
    expect((await check('1234')).body).toEqual({ ok: true });
  });

  it('five wrong entries in a row lock the check for the session', async () => {
    const s = await signIn(gateway.base, 'multi', 'multi123');
    const check = (codeword: string) =>
      call(gateway.base, 'POST', '/api/session/codeword', { cookie: s.cookie, body: { codeword } });
    for (let i = 0; i < 4; i++) expect((await check('0000')).status).toBe(200);
    const fifth = await check('0000');
    expect(fifth.status).toBe(423);
    expect(fifth.body).toMatchObject({ ok: false, error: 'locked' });
    expect((await check('2468')).status).toBe(423);
  });

  it('needs a session', async () => {
    expect(
      (await call(gateway.base, 'POST', '/api/session/codeword', { body: { codeword: '1234' } })).status,
    ).toBe(401);
  });
});

describe('sign-in throttling and an unreachable upstream', () => {
  it('limits sign-in attempts per address', async () => {
    const bridge = await startBridge(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        UPSTREAM_URL: gateway.stack.sim.url,
        LOG_LEVEL: 'silent',
        LOGIN_RATE_PER_MIN: '3',
      }),
      { clientDir: null },
    );
    try {
      for (let i = 0; i < 3; i++) expect((await signIn(bridge.url, 'owner', 'owner123')).status).toBe(200);
      const fourth = await signIn(bridge.url, 'owner', 'owner123');
      expect(fourth.status).toBe(429);
      expect(fourth.body.error).toBe('rate_limited');
    } finally {
      await bridge.close();
    }
  });

  it('answers "Unable to connect." when the upstream cannot be reached, and is not ready', async () => {
    const bridge = await startBridge(
      loadConfig({ PORT: '0', HOST: '127.0.0.1', UPSTREAM_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent' }),
      { clientDir: null },
    );
    try {
      const s = await signIn(bridge.url, 'owner', 'owner123');
      expect(s.status).toBe(502);
      expect(s.body).toEqual({ error: 'upstream_unavailable', message: 'Unable to connect.' });
      expect((await call(bridge.url, 'GET', '/readyz')).status).toBe(503);
      expect((await call(bridge.url, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await bridge.close();
    }
  });
});
