import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, clearFaults, fault, signIn, startStack, type Stack } from './harness';

let stack: Stack;
let base: string;

// A short upstream timeout so the timeout case runs fast.
beforeAll(async () => {
  stack = await startStack({ UPSTREAM_TIMEOUT_MS: '1000' });
  base = stack.bridge.url;
});
afterEach(() => clearFaults(stack.sim));
afterAll(() => stack?.close());

async function owner() {
  const s = await signIn(base, 'owner', 'owner123');
  return { cookie: s.cookie, agencyId: s.body.profile.agencyId as string };
}

const eventLogs = (cookie: string, agencyId: string) =>
  call(base, 'POST', '/api/AlarmBuffer/GetEventLogs', {
    cookie,
    body: { AgencyId: agencyId, offset: 1, count: 5 },
  });

describe('session expiry upstream', () => {
  it('isSessionValid false gives 401 with the message, and the bridge session is gone', async () => {
    const { cookie, agencyId } = await owner();
    await fault(stack.sim, { path: '/AlarmBuffer/GetEventLogs', expiredSession: true, count: 1 });
    const a = await eventLogs(cookie, agencyId);
    expect(a.status).toBe(401);
    expect(a.body).toEqual({
      error: 'session_expired',
      message: 'Your session has expired. Please login again.',
    });
    expect(a.headers.getSetCookie().join()).toMatch(/dlp_session=;/);
    expect((await call(base, 'GET', '/api/session', { cookie })).status).toBe(401);
    expect((await eventLogs(cookie, agencyId)).status).toBe(401);
  });

  it('the gateway saying HttpStatusCode 401 ends the session too', async () => {
    const { cookie } = await owner();
    await fault(stack.sim, { path: '/MASAPI/APIRequest', expiredSession: true, count: 1 });
    const a = await call(base, 'POST', '/api/MASAPI/APIRequest', {
      cookie,
      body: { methodName: 'GetSiteDetails', arguments: [1] },
    });
    expect(a.status).toBe(401);
    expect(a.body.message).toBe('Your session has expired. Please login again.');
    expect((await call(base, 'GET', '/api/session', { cookie })).status).toBe(401);
  });

  it('an upstream HTTP 403 ends the session', async () => {
    const { cookie } = await owner();
    await fault(stack.sim, { path: '/OnTest/GetTestCategory', status: 403, count: 1 });
    const a = await call(base, 'GET', '/api/OnTest/GetTestCategory', { cookie });
    expect(a.status).toBe(401);
    expect(a.body.error).toBe('session_expired');
    expect((await call(base, 'GET', '/api/session', { cookie })).status).toBe(401);
  });

  it('an upstream HTTP 403 is told apart (cause forbidden): the live-alarm and report screens word it differently', async () => {
    const { cookie } = await owner();
    await fault(stack.sim, { path: '/OnTest/GetTestCategory', status: 403, count: 1 });
    const a = await call(base, 'GET', '/api/OnTest/GetTestCategory', { cookie });
    expect(a.status).toBe(401);
    expect(a.body).toMatchObject({ error: 'session_expired', cause: 'forbidden' });
  });
});

describe('a broken upstream answer', () => {
  it.each([true, 'truncated', 'html'] as const)(
    'malformed (%s) gives a clean 502 and the bridge keeps serving',
    async (malformed) => {
      const { cookie, agencyId } = await owner();
      await fault(stack.sim, { path: '/AlarmBuffer/GetEventLogs', malformed, count: 1 });
      const a = await eventLogs(cookie, agencyId);
      expect(a.status).toBe(502);
      expect(a.body).toEqual({
        error: 'upstream_malformed',
        message: 'The monitoring center sent an answer that could not be read.',
      });
      expect(a.headers.get('content-type')).toMatch(/application\/json/);
      // The session survives and the next call works.
      const next = await eventLogs(cookie, agencyId);
      expect(next.status).toBe(200);
      expect((await call(base, 'GET', '/healthz')).status).toBe(200);
    },
  );

  it('a malformed gateway answer gives a clean 502', async () => {
    const { cookie } = await owner();
    await fault(stack.sim, { path: '/MASAPI/APIRequest', malformed: true, count: 1 });
    const a = await call(base, 'POST', '/api/MASAPI/APIRequest', {
      cookie,
      body: { methodName: 'GetSiteDetails', arguments: [1] },
    });
    expect(a.status).toBe(502);
    expect(a.body.error).toBe('upstream_malformed');
  });

  it('a read retries an upstream 500 and succeeds', async () => {
    const { cookie, agencyId } = await owner();
    await fault(stack.sim, { path: '/AlarmBuffer/GetEventLogs', status: 500, count: 1 });
    expect((await eventLogs(cookie, agencyId)).status).toBe(200);
  });

  it('a write is not retried: an upstream 500 gives 502 upstream_error', async () => {
    const { cookie } = await owner();
    await fault(stack.sim, { path: '/Contact/GetOrUpdateSitePreference', status: 500, count: 1 });
    const a = await call(base, 'POST', '/api/Contact/GetOrUpdateSitePreference', {
      cookie,
      body: { Mode: 'GET' },
    });
    expect(a.status).toBe(502);
    expect(a.body).toMatchObject({ error: 'upstream_error', message: 'Simulated HTTP 500.' });
  });

  it('an upstream that does not answer in time gives 504', async () => {
    const { cookie } = await owner();
    await fault(stack.sim, { path: '/Contact/GetOrUpdateSitePreference', latencyMs: 3000, count: 1 });
    const a = await call(base, 'POST', '/api/Contact/GetOrUpdateSitePreference', {
      cookie,
      body: { Mode: 'GET' },
    });
    expect(a.status).toBe(504);
    expect(a.body.error).toBe('upstream_timeout');
  });
});

describe('request limits', () => {
  it('an oversized JSON body gives 413', async () => {
    const { cookie, agencyId } = await owner();
    const a = await call(base, 'POST', '/api/AlarmBuffer/GetEventLogs', {
      cookie,
      body: { AgencyId: agencyId, pad: 'x'.repeat(300 * 1024) },
    });
    expect(a.status).toBe(413);
    expect(a.body).toEqual({ error: 'payload_too_large', message: 'The request body is too large.' });
  });

  it('a body that is not JSON gives 400, a long query value too', async () => {
    const { cookie } = await owner();
    const bad = await call(base, 'POST', '/api/AlarmBuffer/GetEventTypes', {
      cookie,
      rawBody: '{"a":',
      contentType: 'application/json',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('bad_json');
    const long = await call(base, 'GET', '/api/GetSearchEventLists', {
      cookie,
      query: { servtype_id: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
  });
});

describe('health, metrics and security headers', () => {
  it('/healthz, /readyz and /metrics answer', async () => {
    expect((await call(base, 'GET', '/healthz')).body).toEqual({ ok: true });
    expect((await call(base, 'GET', '/readyz')).status).toBe(200);
    const m = await call(base, 'GET', '/metrics');
    expect(m.status).toBe(200);
    expect(m.headers.get('content-type')).toMatch(/text\/plain/);
    expect(m.text).toContain('bridge_http_requests_total');
    expect(m.text).toContain('bridge_upstream_latency_seconds_bucket');
  });

  it('the CSP header is on the client page "/" and on /api', async () => {
    const page = await call(base, 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    const api = await call(base, 'GET', '/api/session');
    for (const a of [page, api]) {
      const csp = a.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      // The page's own origin (and its live socket), never a websocket of any host.
      const connect = (/connect-src ([^;]*)/.exec(csp)?.[1] ?? '').split(' ');
      expect(connect).toContain("'self'");
      expect(connect).not.toContain('ws:');
      expect(connect).not.toContain('wss:');
      expect(connect.filter((s) => s.startsWith('ws'))).toEqual([`ws://${new URL(base).host}`]);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(a.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('an unknown path outside /api answers the client page, and errors are never HTML', async () => {
    expect((await call(base, 'GET', '/dashboardDetails')).text).toContain('<div id="root">');
    const a = await call(base, 'POST', '/nothing-here', { body: {} });
    expect(a.status).toBe(404);
    expect(a.body.error).toBe('not_found');
  });
});

describe('requests from other sites', () => {
  it('are refused when the browser says they are cross-site, or a write comes from a foreign origin', async () => {
    const { cookie } = await owner();
    const get = await fetch(`${base}/api/alarm/SetManualSignal?CsNo=1&EventId=4618`, {
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(get.status).toBe(403);
    expect((await get.json()).error).toBe('cross_site');
    const post = await fetch(`${base}/api/session/codeword`, {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{"codeword":"1"}',
    });
    expect(post.status).toBe(403);
    const same = await fetch(`${base}/api/session`, {
      headers: { cookie, 'sec-fetch-site': 'same-origin', origin: base },
    });
    expect(same.status).toBe(200);
  });
});
