import { describe, expect, it } from 'vitest';
import { call, signIn, SIGNS_IN_OFTEN, stackPerFile } from './harness';

/**
 * The trust boundaries of the gateway, tried as a second dealer or a sub-account would: the
 * codeword lock, the menu the bridge enforces, the limits, same-origin writes, the operator's
 * endpoints, and agencies of another real dealer.
 */
const gateway = stackPerFile(SIGNS_IN_OFTEN);

const codeword = (cookie: string, entry: string) =>
  call(gateway.base, 'POST', '/api/session/codeword', { cookie, body: { codeword: entry } });

/** The SelectedNavIds of a sign-in's profile. */
const navIdsOf = (profile: { sitePreferences?: string | null }) =>
  (JSON.parse(profile.sitePreferences ?? '[{}]') as { SelectedNavIds?: string }[])[0].SelectedNavIds;

describe('the cancel-dispatch codeword lock', () => {
  it('counts wrong entries per user across sessions: signing in again does not reset it', async () => {
    const first = await signIn(gateway.base, 'multi', 'multi123');
    for (let i = 0; i < 3; i++)
      expect((await codeword(first.cookie, '1111')).body.message).toBe('Invalid password!');
    const second = await signIn(gateway.base, 'multi', 'multi123');
    expect((await codeword(second.cookie, '1111')).body.message).toBe('Invalid password!');
    // The fifth wrong entry, in the second session, locks the user.
    const fifth = await codeword(second.cookie, '1111');
    expect(fifth.status).toBe(423);
    expect(fifth.body).toMatchObject({
      ok: false,
      error: 'locked',
      message: 'Too many wrong entries. Please try again in 5 minutes.',
    });
    // Even the right codeword, from a third session, is refused while locked.
    const third = await signIn(gateway.base, 'multi', 'multi123');
    expect((await codeword(third.cookie, '2468')).status).toBe(423);
  });

  it('concurrent wrong entries get no more than five checks', async () => {
    const { cookie } = await signIn(gateway.base, 'dispatcher', 'dispatch123');
    const answers = await Promise.all(Array.from({ length: 12 }, () => codeword(cookie, '9999')));
    const checked = answers.filter((a) => a.status === 200);
    expect(checked.length).toBeLessThanOrEqual(4);
    expect(answers.filter((a) => a.status === 423).length).toBe(answers.length - checked.length);
    expect((await codeword(cookie, '4321')).status).toBe(423);
  });
});

describe('the sign-in lock', () => {
  it('many screens signing in as one user at once all get in (only failures count)', async () => {
    const all = await Promise.all(
      Array.from({ length: 12 }, () => signIn(gateway.base, 'owner', 'owner123')),
    );
    expect(all.map((a) => a.status)).toEqual(Array(12).fill(200));
  });
});

describe('menu permissions enforced by the bridge', () => {
  it("a sub-account's own preference save keeps its menu; the owner still changes it", async () => {
    const dispatcher = await signIn(gateway.base, 'dispatcher', 'dispatch123');
    expect(navIdsOf(dispatcher.body.profile)).toBe('1,3,4,7');
    const save = await call(gateway.base, 'POST', '/api/Contact/GetOrUpdateSitePreference', {
      cookie: dispatcher.cookie,
      body: { Mode: 'UPDATE', SelectedNavIds: '1,2,3,4,5,6,7', GraphsView: 9001, IsDarkTheme: false },
    });
    expect(save.status).toBe(200);
    expect(save.body.apiStatus).toBe(true);
    const again = await signIn(gateway.base, 'dispatcher', 'dispatch123');
    expect(navIdsOf(again.body.profile)).toBe('1,3,4,7');
    // The rest of the save went through.
    expect(JSON.parse(again.body.profile.sitePreferences)[0]).toMatchObject({
      GraphsView: 9001,
      IsDarkTheme: false,
    });

    // Another contact's preferences are the owner's business only.
    const owner = await signIn(gateway.base, 'owner', 'owner123');
    const foreign = await call(gateway.base, 'POST', '/api/Contact/GetOrUpdateSitePreference', {
      cookie: dispatcher.cookie,
      body: { Mode: 'UPDATE', SelectedContactNo: owner.body.profile.contactNumber, IsDarkTheme: true },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('forbidden_owner');

    // The owner gives the sub-account two reports of Alarm Activity only.
    const set = await call(gateway.base, 'POST', '/api/Contact/UpdateChildSitePreference', {
      cookie: owner.cookie,
      body: { contact_no: dispatcher.body.profile.contactNumber, SelectedNavIds: '1,3,401,7' },
    });
    expect(set.body.result).toBe('Menu settings saved successfully.');
    const narrowed = await signIn(gateway.base, 'dispatcher', 'dispatch123');
    expect(navIdsOf(narrowed.body.profile)).toBe('1,3,401,7');

    // Now the Unrestored Zones report is outside its menu, the Actuals report inside.
    const unrestored = await call(gateway.base, 'GET', '/api/Report/GetUnrestoredZonesReport', {
      cookie: narrowed.cookie,
      query: { ServcoNo: narrowed.body.profile.servco_no },
    });
    expect(unrestored.status).toBe(403);
    expect(unrestored.body).toMatchObject({
      error: 'forbidden_menu',
      message: 'You do not have permission to access this page (Unrestored Zones).',
    });
    const actuals = await call(gateway.base, 'GET', '/api/Dashboard/GetActualEvents', {
      cookie: narrowed.cookie,
      query: { key: 'last30' },
    });
    expect(actuals.status).toBe(200);
    // The opt-out list (a gateway method) is refused the same way.
    const optOut = await call(gateway.base, 'POST', '/api/MASAPI/APIRequest', {
      cookie: narrowed.cookie,
      body: { methodName: 'GetOptOutListByServcoNo', arguments: [narrowed.body.profile.servco_no] },
    });
    expect(optOut.status).toBe(403);
    expect(optOut.body.error).toBe('forbidden_menu');

    // The owner gives the whole group back through the site-preference call, under the same checks.
    const tooMuch = await call(gateway.base, 'POST', '/api/Contact/GetOrUpdateSitePreference', {
      cookie: owner.cookie,
      body: {
        Mode: 'UPDATE',
        SelectedContactNo: dispatcher.body.profile.contactNumber,
        SelectedNavIds: '1,6',
      },
    });
    expect(tooMuch.body.errors).toEqual(['Security Settings cannot be given to a sub-account.']);
    const back = await call(gateway.base, 'POST', '/api/Contact/GetOrUpdateSitePreference', {
      cookie: owner.cookie,
      body: {
        Mode: 'UPDATE',
        SelectedContactNo: dispatcher.body.profile.contactNumber,
        SelectedNavIds: '1,3,4,7',
      },
    });
    expect(back.body.apiStatus).toBe(true);
    expect(navIdsOf((await signIn(gateway.base, 'dispatcher', 'dispatch123')).body.profile)).toBe('1,3,4,7');
  });

  it('a sub-account calling a report or hand-off outside its menu gets 403 with a clear message', async () => {
    const { cookie, body } = await signIn(gateway.base, 'dispatcher', 'dispatch123');
    const servco = body.profile.servco_no;
    const zone = await call(gateway.base, 'POST', '/api/Report/GetZoneSummaryReport', {
      cookie,
      body: { Servco_no: servco, CsNo: '1' },
    });
    expect(zone.status).toBe(403);
    expect(zone.body.message).toBe('You do not have permission to access this page (Zone Report).');
    const certificate = await call(gateway.base, 'GET', '/api/GetMonitorCertificateDetails', {
      cookie,
      query: { CsNo: '1' },
    });
    expect(certificate.status).toBe(403);
    const security = await call(gateway.base, 'POST', '/api/Contact/UpdateChildSitePreference', {
      cookie,
      body: { contact_no: body.profile.contactNumber, SelectedNavIds: '1,2,3,4,5,7' },
    });
    expect(security.status).toBe(403);
    // The Data Management item is a hand-off without an account; a CS# hand-off is every screen's.
    const dataManagement = await call(gateway.base, 'GET', '/api/GetMasWebPlusTransfer', {
      cookie,
      query: { SiteNo: '', SystemNo: '', Cs_No: '', DMTool: '7002' },
    });
    expect(dataManagement.status).toBe(403);
    expect(dataManagement.body.message).toBe(
      'You do not have permission to access this page (Data Management).',
    );
    // Calls every screen needs stay open.
    expect((await call(gateway.base, 'GET', '/api/GetRecentlyAccessedSites', { cookie })).status).toBe(200);
    expect((await call(gateway.base, 'GET', '/api/GetAllAccountsBySeqNo', { cookie })).status).toBe(200);
    // The owner has every item.
    const owner = await signIn(gateway.base, 'owner', 'owner123');
    const ownerZone = await call(gateway.base, 'POST', '/api/Report/GetZoneSummaryReport', {
      cookie: owner.cookie,
      body: { Servco_no: owner.body.profile.servco_no, CsNo: '1' },
    });
    expect(ownerZone.status).toBe(200);
  });

  it('the simulator refuses the same calls as the monitoring center does', async () => {
    const login = await fetch(`${gateway.stack.sim.url}/Login/AuthLogon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Username: 'dispatcher', Password: 'dispatch123' }),
    });
    const guid = ((await login.json()) as { result: { loginGUID: string; servco_no: string } }).result;
    const post = async (path: string, body: unknown) =>
      (await fetch(`${gateway.stack.sim.url}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: guid.loginGUID },
        body: JSON.stringify(body),
      }).then((r) => r.json())) as { apiStatus: boolean; errors: string[] };
    const widen = await post('Contact/GetOrUpdateSitePreference', {
      Mode: 'UPDATE',
      SelectedNavIds: '1,2,3,4,5,7',
    });
    expect(widen).toMatchObject({
      apiStatus: false,
      errors: ['Only the account owner can change the menu settings of sub-accounts.'],
    });
    const zone = await post('Report/GetZoneSummaryReport', { Servco_no: guid.servco_no, CsNo: '1' });
    expect(zone).toMatchObject({
      apiStatus: false,
      errors: ['You do not have permission to access this page.'],
    });
  });
});

describe('body limits', () => {
  it('a call gets no more body than it needs: 413 beyond its limit', async () => {
    const { cookie } = await signIn(gateway.base, 'owner', 'owner123');
    const big = await call(gateway.base, 'POST', '/api/OnTest/SaveOnTest', {
      cookie,
      body: { Comment: 'x'.repeat(20_000) },
    });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('payload_too_large');
    const signInBody = await call(gateway.base, 'POST', '/api/session', {
      body: { username: 'owner', password: 'x'.repeat(5000) },
    });
    expect(signInBody.status).toBe(413);
  });

  it('the report e-mail takes a PDF up to 5 MB, not more', async () => {
    const { cookie } = await signIn(gateway.base, 'owner', 'owner123');
    const multipart = (size: number) => {
      const boundary = 'b0undary';
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const head = `${field('toAddress', 'dealer@example.com')}${field('subject', 'Test Zones Report')}--${boundary}\r\nContent-Disposition: form-data; name="pdfFile"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      const tail = `\r\n--${boundary}--\r\n`;
      const data = new Uint8Array(head.length + size + tail.length);
      data.set(new TextEncoder().encode(head));
      data.fill(0x41, head.length, head.length + size);
      // A real PDF starts so: the bridge refuses any other attachment.
      data.set(new TextEncoder().encode('%PDF-'), head.length);
      data.set(new TextEncoder().encode(tail), head.length + size);
      return { rawBody: data, contentType: `multipart/form-data; boundary=${boundary}` };
    };
    const tooBig = await call(gateway.base, 'POST', '/api/MASAPI/sendReportEmail', {
      cookie,
      ...multipart(6 * 1024 * 1024),
    });
    expect(tooBig.status).toBe(413);
    const fits = await call(gateway.base, 'POST', '/api/MASAPI/sendReportEmail', {
      cookie,
      ...multipart(4 * 1024 * 1024),
    });
    expect(fits.status).toBe(200);
    expect(fits.body.result).toBe('Report email sent successfully.');
  });
});

describe('requests from another site of the same domain', () => {
  it('writes need Sec-Fetch-Site same-origin; same-site is refused', async () => {
    const { cookie } = await signIn(gateway.base, 'owner', 'owner123');
    const write = (site: string) =>
      fetch(`${gateway.base}/api/session/codeword`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': site },
        body: '{"codeword":""}',
      });
    const sameSite = await write('same-site');
    expect(sameSite.status).toBe(403);
    expect(((await sameSite.json()) as { error: string }).error).toBe('cross_site');
    expect((await write('same-origin')).status).toBe(200);
    // A GET that writes (the manual signal) is a write too: not from a typed address either.
    const typed = await fetch(`${gateway.base}/api/alarm/SetManualSignal?CsNo=1&EventId=4618`, {
      headers: { cookie, 'sec-fetch-site': 'none' },
    });
    expect(typed.status).toBe(403);
    const read = await fetch(`${gateway.base}/api/session`, {
      headers: { cookie, 'sec-fetch-site': 'none' },
    });
    expect(read.status).toBe(200);
  });
});

describe('agencies of another real dealer', () => {
  it("owner and multi cannot reach each other's agencies, however the field is nested", async () => {
    const owner = await signIn(gateway.base, 'owner', 'owner123');
    const multi = await signIn(gateway.base, 'multi', 'multi123');
    const ownerAgency: string = owner.body.profile.agencyId;
    const multiAgencies: string[] = multi.body.profile.serviceCompanyList.map(
      (c: { servco_no?: string; install_servco_no?: string }) => c.servco_no ?? c.install_servco_no,
    );
    const multiDealer = multiAgencies.find((a) => a !== ownerAgency)!;
    expect(multiAgencies).not.toContain(ownerAgency);

    const ownerReadsMulti = await call(gateway.base, 'POST', '/api/AlarmBuffer/GetEventLogs', {
      cookie: owner.cookie,
      body: { AgencyId: multiDealer, offset: 1, count: 10 },
    });
    expect(ownerReadsMulti.status).toBe(403);
    expect(ownerReadsMulti.body.error).toBe('forbidden_agency');
    const multiReadsOwner = await call(gateway.base, 'GET', '/api/Report/GetUnrestoredZonesReport', {
      cookie: multi.cookie,
      query: { ServcoNo: ownerAgency },
    });
    expect(multiReadsOwner.status).toBe(403);
    const banner = await call(gateway.base, 'POST', '/api/Contact/GetDealerBannerByServcoNo', {
      cookie: multi.cookie,
      query: { ServcoNo: ownerAgency },
    });
    expect(banner.status).toBe(403);
    const sites = await call(gateway.base, 'POST', '/api/MASAPI/APIRequest', {
      cookie: multi.cookie,
      body: { methodName: 'GetSiteByServCoNo', arguments: [ownerAgency] },
    });
    expect(sites.status).toBe(403);

    // Nested: an agency inside an object of the body, or inside a gateway argument.
    const nested = await call(gateway.base, 'POST', '/api/Dashboard/GetEventListChartData', {
      cookie: owner.cookie,
      body: { AgencyId: ownerAgency, Filter: { Scope: [{ AgencyId: multiDealer }] } },
    });
    expect(nested.status).toBe(403);
    expect(nested.body.message).toBe('You do not have access to that agency (Filter.Scope.0.AgencyId).');
    const nestedArgument = await call(gateway.base, 'POST', '/api/MASAPI/APIRequest', {
      cookie: multi.cookie,
      body: { methodName: 'GetSiteDetails', arguments: [{ site: { servco_no: ownerAgency } }] },
    });
    expect(nestedArgument.status).toBe(403);
    // The owner's own agency, nested, passes.
    const own = await call(gateway.base, 'POST', '/api/Dashboard/GetEventListChartData', {
      cookie: owner.cookie,
      body: { AgencyId: ownerAgency, Filter: { Scope: [{ AgencyId: ownerAgency }] } },
    });
    expect(own.status).toBe(200);
  });
});
