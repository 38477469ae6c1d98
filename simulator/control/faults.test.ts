import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSchema } from '../../shared/upstream/envelope';
import { eventLogRowSchema, eventLogsResultSchema } from '../../shared/upstream/eventLogRow';
import type { RunningSimulator } from '../createSimulator';
import { control, get, post, signIn, startTestSimulator } from '../../tests/support/simulator/simClient';

let sim: RunningSimulator;
let sid: string;
let agencyId: string;

const eventLogs = () =>
  post(sim, '/AlarmBuffer/GetEventLogs', { AgencyId: agencyId, DueValue: 1, offset: 1, count: 5 }, sid);
const eventTypes = () => post(sim, '/AlarmBuffer/GetEventTypes', { IsAutoRefreshOn: true }, sid);

beforeAll(async () => {
  ({ sim } = await startTestSimulator());
  const p = await signIn(sim, 'owner', 'owner123');
  sid = p.loginGUID;
  agencyId = p.agencyId;
});
afterEach(() => control(sim, '/faults', undefined, 'DELETE'));
afterAll(() => sim.close());

describe('faults', () => {
  it('adds latency to the path named, and only there', async () => {
    await control(sim, '/faults', { path: '/AlarmBuffer/GetEventTypes', latencyMs: 500 });
    let t = Date.now();
    expect((await eventTypes()).status).toBe(200);
    expect(Date.now() - t).toBeGreaterThanOrEqual(490);
    t = Date.now();
    await eventLogs();
    expect(Date.now() - t).toBeLessThan(400);
  });

  it('answers HTTP 500 at the error rate', async () => {
    await control(sim, '/faults', { errorRate: 1 });
    expect((await eventLogs()).status).toBe(500);
    await control(sim, '/faults', undefined, 'DELETE');
    await control(sim, '/faults', { errorRate: 0 });
    expect((await eventLogs()).status).toBe(200);
  });

  it('answers a fixed status until cleared, but never on /_sim', async () => {
    await control(sim, '/faults', { status: 503 });
    expect((await eventLogs()).status).toBe(503);
    expect((await eventTypes()).status).toBe(503);
    expect((await fetch(`${sim.url}/_sim/health`)).status).toBe(200);
    await control(sim, '/faults', undefined, 'DELETE');
    expect((await eventLogs()).status).toBe(200);
  });

  it('sends a Retry-After with its status when asked, in seconds or as an HTTP-date', async () => {
    // The answer's headers, which the test client's answers leave out.
    const eventLogs = () =>
      fetch(`${sim.url}/AlarmBuffer/GetEventLogs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: sid },
        body: JSON.stringify({ AgencyId: agencyId, DueValue: 1, offset: 1, count: 5 }),
      });
    await control(sim, '/faults', {
      path: '/AlarmBuffer/GetEventLogs',
      status: 429,
      retryAfter: 30,
      count: 1,
    });
    const limited = await eventLogs();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    const date = 'Sun, 01 Mar 2026 12:00:30 GMT';
    await control(sim, '/faults', { status: 503, retryAfter: date, count: 1 });
    const unavailable = await eventLogs();
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe(date);
    // Without `retryAfter`, no header.
    await control(sim, '/faults', { status: 503, count: 1 });
    expect((await eventLogs()).headers.get('retry-after')).toBeNull();
  });

  it('breaks the schema of a malformed answer', async () => {
    await control(sim, '/faults', { malformed: true });
    const logs = await eventLogs();
    expect(logs.status).toBe(200);
    expect(envelopeSchema().parse(logs.body).isSessionValid).toBe(true);
    expect(eventLogsResultSchema(eventLogRowSchema()).safeParse(logs.body.result).success).toBe(false);
    expect(envelopeSchema().safeParse((await eventTypes()).body).success).toBe(false);
  });

  it('truncates the JSON of a malformed answer when asked', async () => {
    await control(sim, '/faults', { malformed: 'truncated', path: '/AlarmBuffer/GetEventLogs' });
    const logs = await eventLogs();
    expect(logs.status).toBe(200);
    expect(logs.body).toBeUndefined();
    expect(() => JSON.parse(logs.text)).toThrow();
  });

  it('reports a valid session as expired, in the envelope and on the gateway', async () => {
    await control(sim, '/faults', { expiredSession: true });
    expect((await eventLogs()).body).toMatchObject({ isSessionValid: false });
    const gw = await post(sim, '/MASAPI/APIRequest', {
      sessionGuid: sid,
      methodName: 'GetSiteByServCoNo',
      arguments: [agencyId],
    });
    expect(gw.body).toMatchObject({ HttpStatusCode: 401 });
    await control(sim, '/faults', undefined, 'DELETE');
    expect((await eventLogs()).body).toMatchObject({ isSessionValid: true });
  });

  it('applies to the next N requests only when count is set', async () => {
    await control(sim, '/faults', { status: 502, count: 2, path: '/AlarmBuffer/GetEventLogs' });
    expect((await eventLogs()).status).toBe(502);
    expect((await eventTypes()).status).toBe(200);
    expect((await eventLogs()).status).toBe(502);
    expect((await eventLogs()).status).toBe(200);
    expect((await control(sim, '/faults', undefined, 'GET')).faults).toEqual([]);
  });

  it('lists the faults set and refuses an unknown field', async () => {
    const { fault } = await control(sim, '/faults', { latencyMs: 1, path: 'AlarmBuffer/GetEventLogs' });
    expect((await control(sim, '/faults', undefined, 'GET')).faults).toEqual([fault]);
    const bad = await fetch(`${sim.url}/_sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lag: 5 }),
    });
    expect(bad.status).toBe(400);
    expect((await get(sim, '/AlarmBuffer/GetAgencyConfig', { AgencyId: agencyId }, sid)).status).toBe(200);
  });
});
