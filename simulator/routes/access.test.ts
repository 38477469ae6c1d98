import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSchema } from '../../shared/upstream/envelope';
import { loginProfileSchema, visibleAgencies } from '../../shared/upstream/loginProfile';
import type { RunningSimulator } from '../createSimulator';
import { get, post, signIn, startTestSimulator, type Answer } from '../../tests/support/simulator/simClient';

let sim: RunningSimulator;

beforeAll(async () => {
  ({ sim } = await startTestSimulator());
});
afterAll(() => sim.close());

describe('sessions and what a session may see', () => {
  it('says isSessionValid false for every call with an unknown session, and signs nobody in with a wrong password', async () => {
    const bad = await post(sim, '/Login/AuthLogon', { Username: 'owner', Password: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['Invalid username or password.']);
    for (const route of sim.simulator.routes.filter((r) => r.needsSession)) {
      const a =
        route.method === 'GET'
          ? await get(sim, route.path, {}, 'not-a-session')
          : await post(
              sim,
              route.path,
              { sessionGuid: 'not-a-session', methodName: 'GetSiteDetails' },
              'not-a-session',
            );
      expect(a.status, route.path).toBe(200);
      if (route.path === '/MASAPI/APIRequest')
        expect(a.body).toMatchObject({ HttpStatusCode: 401, Result: null });
      else expect(a.body, route.path).toMatchObject({ isSessionValid: false, result: null });
    }
  });

  it('takes the session id from the header, the query or the body', async () => {
    const { loginGUID: sid } = await signIn(sim, 'owner', 'owner123');
    const valid = (a: Answer) => expect(a.body.isSessionValid, a.text).toBe(true);
    const url = (q: string) => `${sim.url}/AlarmBuffer/GetEventTypes${q}`;
    const postRaw = (q: string, headers: Record<string, string>, body: unknown) =>
      fetch(url(q), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json(), text: '' }));
    valid(await postRaw('', { authorization: sid }, {}));
    valid(await postRaw('', { authorization: `Bearer ${sid}` }, {}));
    for (const key of ['CurentsessionId', 'SessionGUID', 'SessionGuid', 'sessionid', 'CurrentSessionId'])
      valid(await postRaw(`?${key}=${sid}`, {}, {}));
    for (const key of ['Curentsession', 'SessionGUID', 'sessionGuid', 'CurentsessionId', 'CurrentSessionId'])
      valid(await postRaw('', {}, { [key]: sid }));
    expect((await postRaw('', { authorization: 'Bearer stale' }, {})).body.isSessionValid).toBe(false);
  });

  it('answers a broken or oversized body with a 400/413 envelope and keeps serving', async () => {
    const broken = await fetch(`${sim.url}/AlarmBuffer/GetEventLogs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"AgencyId": ',
    });
    expect(broken.status).toBe(400);
    expect(envelopeSchema().parse(await broken.json()).errors).toEqual(['Invalid request body.']);
    const huge = await fetch(`${sim.url}/AlarmBuffer/GetEventLogs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'y'.repeat(1_100_000) }),
    });
    expect(huge.status).toBe(413);
    const { loginGUID } = await signIn(sim, 'owner', 'owner123');
    const invalid = await post(
      sim,
      '/AlarmBuffer/GetEventLogs',
      { AgencyId: '21001', DueValue: 9 },
      loginGUID,
    );
    expect(invalid.status).toBe(400);
    const unknown = await get(sim, '/No/Such/Path');
    expect(unknown.status).toBe(404);
  });

  it('expires a session after the idle TTL', async () => {
    const { sim: s, clock } = await startTestSimulator({ sessionTtlMs: 60_000 });
    try {
      const p = await signIn(s, 'owner', 'owner123');
      const call = () => post(s, '/AlarmBuffer/GetEventTypes', {}, p.loginGUID);
      clock.advance(50_000);
      expect((await call()).body.isSessionValid).toBe(true);
      clock.advance(50_000);
      expect((await call()).body.isSessionValid).toBe(true);
      clock.advance(61_000);
      expect((await call()).body.isSessionValid).toBe(false);
    } finally {
      await s.close();
    }
  });

  it('gives no rows of an agency the session may not see', async () => {
    const owner = await signIn(sim, 'owner', 'owner123');
    const multi = await signIn(sim, 'multi', 'multi123');
    const foreign = multi.agencyId;
    expect(visibleAgencies(loginProfileSchema().parse(owner)).has(foreign)).toBe(false);
    const refused = (a: Answer) =>
      expect(a.body, a.text).toMatchObject({
        isSessionValid: true,
        apiStatus: false,
        result: null,
        errors: ['Unauthorized agency.'],
      });
    const s = owner.loginGUID;
    refused(await post(sim, '/AlarmBuffer/GetEventLogs', { AgencyId: foreign, DueValue: null }, s));
    refused(await post(sim, '/AlarmBuffer/GetEventLogsLiveAlarm_Dev', { AgencyId: foreign }, s));
    refused(await post(sim, '/AlarmBuffer/GetEventLogsLiveAlarm', { AgencyId: foreign }, s));
    refused(await get(sim, '/AlarmBuffer/GetAgencyConfig', { AgencyId: foreign }, s));
    refused(
      await post(sim, '/AlarmBuffer/UpdateAgencyConfig', {}, s, {
        AgencyId: foreign,
        ColumnFormat: '[{"Prop":"cS_"}]',
      }),
    );
    refused(await post(sim, '/Dashboard/GetEventListChartData', { AgencyId: foreign }, s));
    refused(await get(sim, '/OnTest/GetUnclearedSystems', { AgencyId: foreign }, s));
    const foreignSite = sim.world.sitesOf(foreign)[0];
    refused(await get(sim, '/AlarmBuffer/GetSiteInfo', { SiteId: foreignSite.siteNo }, s));
    refused(await get(sim, '/Report/GetTestZonesReport', { SiteNo: foreignSite.siteNo }, s));
    const gw = await post(sim, '/MASAPI/APIRequest', {
      sessionGuid: s,
      methodName: 'GetSiteByServCoNo',
      arguments: [foreign],
    });
    expect(gw.body).toMatchObject({ Result: null, ErrorMessage: 'Unauthorized agency.' });
    const search = await post(
      sim,
      '/AdvancedSearch',
      { AdvancedSearchType: 1001, SearchByAccount: { Cs_No: sim.world.systemsOf(foreign)[0].csNo } },
      s,
    );
    expect(search.body.result).toEqual([]);
  });

  it('lets a user with several service companies read each, the corporate one by either number', async () => {
    const multi = await signIn(sim, 'multi', 'multi123');
    const corp = multi.serviceCompanyList.find((c) => c.servco_Type === 'C');
    expect(corp).toBeDefined();
    for (const c of multi.serviceCompanyList) {
      for (const id of new Set([c.servco_no, c.install_servco_no])) {
        const a = await post(
          sim,
          '/AlarmBuffer/GetEventLogs',
          { AgencyId: id, DueValue: 1, count: 3 },
          multi.loginGUID,
        );
        expect(a.body.apiStatus, `${id}: ${a.text}`).toBe(true);
        expect(a.body.result.eventLogList.length).toBeGreaterThan(0);
      }
    }
  });
});
