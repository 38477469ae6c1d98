import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type Bridge } from '../../server/app/bridge';
import { loadConfig } from '../../server/config/bridgeConfig';
import { call, signIn, startStack, type Stack } from './harness';

/** A bridge with small limits, an operator token and one other allowed origin. */
const OPS_TOKEN = 'ops-token-for-the-test-0123456789';
const OTHER_ORIGIN = 'https://portal.example.com';
let stack: Stack;
let base: string;

beforeAll(async () => {
  stack = await startStack({
    API_RATE_PER_MIN: '5',
    CODEWORD_RATE_PER_MIN: '3',
    OPS_TOKEN,
    ALLOWED_ORIGINS: OTHER_ORIGIN,
  });
  base = stack.bridge.url;
});
afterAll(() => stack?.close());

describe('rate limits', () => {
  it('a session gets 429 with a clear message past its /api rate; another session is not held up', async () => {
    const a = await signIn(base, 'owner', 'owner123');
    const b = await signIn(base, 'dispatcher', 'dispatch123');
    for (let i = 0; i < 5; i++)
      expect((await call(base, 'GET', '/api/GetRecentlyAccessedSites', { cookie: a.cookie })).status).toBe(
        200,
      );
    const over = await call(base, 'POST', '/api/MASAPI/APIRequest', {
      cookie: a.cookie,
      body: { methodName: 'GetSiteDetails', arguments: [] },
    });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      error: 'too_many_requests',
      message: 'Too many requests from this session. Please wait a minute and try again.',
    });
    expect((await call(base, 'GET', '/api/GetRecentlyAccessedSites', { cookie: b.cookie })).status).toBe(200);
  });

  it('codeword checks are rate limited per address', async () => {
    const { cookie } = await signIn(base, 'multi', 'multi123');
    for (let i = 0; i < 3; i++)
      expect(
        (await call(base, 'POST', '/api/session/codeword', { cookie, body: { codeword: '' } })).status,
      ).toBe(200);
    const over = await call(base, 'POST', '/api/session/codeword', { cookie, body: { codeword: '2468' } });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Too many attempts. Please wait a minute and try again.');
  });
});

describe("the operator's endpoints", () => {
  it('/metrics is for the operator token only', async () => {
    const anonymous = await call(base, 'GET', '/metrics');
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.error).toBe('ops_only');
    expect(anonymous.text).not.toContain('bridge_');
    const wrong = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(403);
    const operator = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(operator.status).toBe(200);
    expect(await operator.text()).toContain('bridge_http_requests_total');
  });

  it('/readyz answers anonymous callers a bare status; the operator sees the upstream', async () => {
    expect((await call(base, 'GET', '/readyz')).body).toEqual({ ok: true });
    const operator = await fetch(`${base}/readyz`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(await operator.json()).toEqual({ ok: true, upstream: 'reachable' });
  });
});

describe('without an operator token', () => {
  let down: Bridge;
  beforeAll(async () => {
    // An upstream nobody listens on: a readiness probe that called it would fail.
    down = await startBridge(
      loadConfig({ PORT: '0', HOST: '127.0.0.1', UPSTREAM_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent' }),
      { clientDir: null },
    );
  });
  afterAll(() => down?.close());

  it('a caller through a proxy gets no detail; /readyz never calls the upstream for it', async () => {
    const proxied = { 'x-forwarded-for': '203.0.113.7' };
    expect((await fetch(`${down.url}/metrics`, { headers: proxied })).status).toBe(403);
    const ready = await fetch(`${down.url}/readyz`, { headers: proxied });
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true });
    // A scrape on the bridge's own port, from this machine, is the operator's.
    expect((await fetch(`${down.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${down.url}/metrics`)).status).toBe(200);
  });
});

describe('the content security policy', () => {
  it("connects to the page's own origin and ALLOWED_ORIGINS only", async () => {
    const csp = (await fetch(`${base}/`)).headers.get('content-security-policy') ?? '';
    const connect = (/connect-src ([^;]*)/.exec(csp)?.[1] ?? '').split(' ');
    expect(connect).toEqual([
      "'self'",
      `ws://${new URL(base).host}`,
      OTHER_ORIGIN,
      'wss://portal.example.com',
    ]);
  });

  it('a write from an allowed origin passes, whatever Sec-Fetch-Site says', async () => {
    const { cookie } = await signIn(base, 'owner', 'owner123');
    const res = await fetch(`${base}/api/session/company`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': 'application/json',
        'sec-fetch-site': 'cross-site',
        origin: OTHER_ORIGIN,
      },
      body: '{}',
    });
    expect(res.status).toBe(400);
  });
});
