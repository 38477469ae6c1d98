import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startStack, type Stack } from './harness';

let stack: Stack;
let base: string;
let cookie: string;
let agencyId: string;
let servcoNo: string;
let otherAgency: { agencyId: string; servcoNo: string };

beforeAll(async () => {
  stack = await startStack();
  base = stack.bridge.url;
  const s = await signIn(base, 'owner', 'owner123');
  cookie = s.cookie;
  agencyId = s.body.profile.agencyId;
  servcoNo = s.body.profile.servco_no;
  // An agency that exists upstream but is not the owner's.
  const foreign = stack.sim.world.serviceCompanies.find(
    (c) => c.installServcoNo !== agencyId && c.servcoNo !== servcoNo,
  );
  if (!foreign) throw new Error('the simulator needs a second agency');
  otherAgency = { agencyId: foreign.installServcoNo, servcoNo: foreign.servcoNo };
});
afterAll(() => stack?.close());

/** A page of the owner's active alarms, through the bridge. */
async function activeAlarms() {
  const a = await call(base, 'POST', '/api/AlarmBuffer/GetEventLogsLiveAlarm_Dev', {
    cookie,
    body: { AgencyId: agencyId, offset: 1, count: 50 },
  });
  expect(a.status).toBe(200);
  return a.body.result.eventLogList as Array<{
    cs_No: string;
    site_No: string;
    system_No: string;
    alarminc_No: string;
    alarm_event_id: string | null;
    event_Descr: string | null;
  }>;
}

describe('one call of each family through /api', () => {
  it('AlarmBuffer: the event history, validated, with the session injected by the bridge', async () => {
    const a = await call(base, 'POST', '/api/AlarmBuffer/GetEventLogs', {
      cookie,
      body: { AgencyId: agencyId, offset: 1, count: 10, ColumnName: 'eventDate', SortType: 'desc' },
    });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ isSessionValid: true, errors: [] });
    const rows = a.body.result.eventLogList;
    expect(rows.length).toBe(10);
    expect(rows[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        cS_: expect.any(String),
        eventrpt_id: expect.any(String),
        eventDate: expect.any(String),
      }),
    );
  });

  it('a session field the browser sends is dropped: a forged one changes nothing', async () => {
    const a = await call(base, 'POST', '/api/AlarmBuffer/GetEventTypes', {
      cookie,
      query: { CurentsessionId: 'forged' },
      body: { Curentsession: 'forged', SessionGUID: 'forged' },
    });
    expect(a.status).toBe(200);
    expect(a.body.result).toEqual(
      expect.arrayContaining([expect.objectContaining({ eventrpt_id: 'B', descr: 'BURGLARY' })]),
    );
  });

  it('Dashboard: the event chart data', async () => {
    const a = await call(base, 'POST', '/api/Dashboard/GetEventListChartData', {
      cookie,
      body: { AgencyId: agencyId, DueValue: 1, EventId: null },
    });
    expect(a.status).toBe(200);
    expect(a.body.isSessionValid).toBe(true);
    expect(Array.isArray(a.body.result)).toBe(true);
  });

  it('OnTest: the test categories', async () => {
    const a = await call(base, 'GET', '/api/OnTest/GetTestCategory', { cookie });
    expect(a.status).toBe(200);
    expect(a.body.result[0]).toEqual(
      expect.objectContaining({ testcat_id: expect.anything(), descr: expect.any(String) }),
    );
  });

  it('Report: the test zones report of a site', async () => {
    const site = stack.sim.world.sitesOf(agencyId)[0];
    const a = await call(base, 'GET', '/api/Report/GetTestZonesReport', {
      cookie,
      query: { SiteNo: String(site.siteNo) },
    });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ isSessionValid: true });
  });

  it('Contact: the site preference', async () => {
    const a = await call(base, 'POST', '/api/Contact/GetOrUpdateSitePreference', {
      cookie,
      body: { Mode: 'GET' },
    });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ isSessionValid: true });
  });

  it('AdvancedSearch: an account search', async () => {
    const city = stack.sim.world.sitesOf(agencyId)[0].city;
    const a = await call(base, 'POST', '/api/AdvancedSearch', {
      cookie,
      body: { AdvancedSearchType: 1001, SearchByAccount: { City: city } },
    });
    expect(a.status).toBe(200);
    expect(a.body.result.length).toBeGreaterThan(0);
    expect(a.body.result[0]).toEqual(
      expect.objectContaining({ cs_no: expect.any(String), city: expect.any(String) }),
    );
  });

  it('GET GetRecentlyAccessedSites answers a list', async () => {
    const a = await call(base, 'GET', '/api/GetRecentlyAccessedSites', { cookie });
    expect(a.status).toBe(200);
    expect(Array.isArray(a.body.result)).toBe(true);
  });

  it('MASAPI gateway: sites of the own service company', async () => {
    const a = await call(base, 'POST', '/api/MASAPI/APIRequest', {
      cookie,
      body: { methodName: 'GetSiteByServCoNo', arguments: [servcoNo] },
    });
    expect(a.status).toBe(200);
    expect(a.body.HttpStatusCode).toBe(200);
    expect(a.body.Result.length).toBeGreaterThan(0);
  });

  it('MASAPI gateway: an unknown method is refused before the upstream', async () => {
    const a = await call(base, 'POST', '/api/MASAPI/APIRequest', {
      cookie,
      body: { methodName: 'DropDatabase', arguments: [] },
    });
    expect(a.status).toBe(400);
    expect(a.body.error).toBe('bad_request');
  });

  it('multipart report e-mail passes through with its content type', async () => {
    const boundary = 'bridge-test-boundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="pdfFile"; filename="report.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 test\r\n`;
    const body =
      part('toAddress', 'a@example.com') +
      part('subject', 'Report') +
      part('body', 'See attached.') +
      part('fileName', 'report.pdf') +
      file +
      `--${boundary}--\r\n`;
    const a = await call(base, 'POST', '/api/MASAPI/sendReportEmail', {
      cookie,
      rawBody: body,
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ isSessionValid: true, result: 'Report email sent successfully.' });
  });

  it('a path outside the allowlist is a JSON 404', async () => {
    const a = await call(base, 'GET', '/api/Admin/DeleteEverything', { cookie });
    expect(a.status).toBe(404);
    expect(a.body.error).toBe('not_found');
  });

  it('every allowlisted call needs a session', async () => {
    const a = await call(base, 'POST', '/api/AlarmBuffer/GetEventLogs', { body: { AgencyId: agencyId } });
    expect(a.status).toBe(401);
    expect(a.body).toEqual({ error: 'no_session', message: 'Your session has expired. Please login again.' });
  });
});

describe('no one sees another agency', () => {
  it('a forged AgencyId gives 403 and no rows', async () => {
    const a = await call(base, 'POST', '/api/AlarmBuffer/GetEventLogs', {
      cookie,
      body: { AgencyId: otherAgency.agencyId, offset: 1, count: 10 },
    });
    expect(a.status).toBe(403);
    expect(a.body.error).toBe('forbidden_agency');
    expect(a.body.result).toBeUndefined();
  });

  it('a forged agency in the query or in a gateway argument is refused too', async () => {
    const q = await call(base, 'GET', '/api/AlarmBuffer/GetAgencyConfig', {
      cookie,
      query: { AgencyId: otherAgency.agencyId },
    });
    expect(q.status).toBe(403);
    const g = await call(base, 'POST', '/api/MASAPI/APIRequest', {
      cookie,
      body: { methodName: 'GetOptOutListByServcoNo', arguments: [otherAgency.servcoNo] },
    });
    expect(g.status).toBe(403);
    expect(g.body.Result).toBeUndefined();
  });
});

describe('cancel dispatch through the bridge', () => {
  it('ClearAlarm is refused until the codeword was typed, then the bridge supplies the PIN', async () => {
    let alarms = await activeAlarms();
    if (alarms.length === 0) {
      const cs = stack.sim.world.systemsOf(agencyId)[0].csNo;
      await fetch(`${stack.sim.url}/_sim/signals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ csNo: cs, eventId: 'B' }),
      });
      alarms = await activeAlarms();
    }
    const alarm = alarms[0];
    // (constant, site, system, contact number, event id, incident no, description, PIN, CS no, user name)
    const args = [
      1,
      alarm.site_No,
      alarm.system_No,
      '500001',
      alarm.alarm_event_id,
      alarm.alarminc_No,
      'Cancelled from a test',
      'not-the-pin',
      alarm.cs_No,
      'owner',
    ];
    const refused = await call(base, 'POST', '/api/MASAPI/APIRequest', {
      cookie,
      body: { methodName: 'ClearAlarm', arguments: args },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'codeword_required', message: 'Please enter password!' });

    expect(
      (await call(base, 'POST', '/api/session/codeword', { cookie, body: { codeword: '1234' } })).body,
    ).toEqual({ ok: true });
    const cleared = await call(base, 'POST', '/api/MASAPI/APIRequest', {
      cookie,
      body: { methodName: 'ClearAlarm', arguments: args },
    });
    expect(cleared.status).toBe(200);
    // The upstream checks the PIN (the browser sent a wrong one): it passed, the alarm is cleared.
    expect(cleared.body.ErrorMessage ?? null, JSON.stringify(cleared.body)).toBeNull();
    expect((await activeAlarms()).some((a) => a.alarminc_No === alarm.alarminc_No)).toBe(false);
  });
});

/** A GET as a browser sends it, with the bytes as they come over the wire (not decoded). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; encoding: string | undefined; vary: string; bytes: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            vary: String(res.headers.vary ?? ''),
            bytes: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('answers of /api travel compressed', () => {
  it('the account list comes as brotli or gzip, as the browser accepts, and decodes to the same rows', async () => {
    const url = `${base}/api/GetAllAccountsBySeqNo`;
    const plain = await rawGet(url, { cookie, 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.encoding).toBeUndefined();
    const rows = JSON.parse(plain.bytes.toString('utf8'));
    expect(rows.result.length).toBeGreaterThan(10);

    const br = await rawGet(url, { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.encoding).toBe('br');
    expect(br.vary).toMatch(/Accept-Encoding/i);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(rows);

    const gz = await rawGet(url, { cookie, 'accept-encoding': 'gzip' });
    expect(gz.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.bytes).toString('utf8'))).toEqual(rows);
  });
});
