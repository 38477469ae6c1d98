import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../createSimulator';
import { get, post, signIn, startTestSimulator, type Answer } from '../../tests/support/simulator/simClient';

let sim: RunningSimulator;
let owner: Awaited<ReturnType<typeof signIn>>;
let multi: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  ({ sim } = await startTestSimulator());
  owner = await signIn(sim, 'owner', 'owner123');
  multi = await signIn(sim, 'multi', 'multi123');
});
afterAll(() => sim.close());

const refused = (a: Answer) =>
  expect(a.body, a.text).toEqual({
    isSessionValid: true,
    apiStatus: false,
    result: null,
    errors: ['Unauthorized agency.'],
  });

describe('the reports see only the agencies of the session', () => {
  it('refuses a service company outside the session, however its field is spelled, with no rows', async () => {
    const foreign = multi.servco_no;
    const s = owner.loginGUID;
    const reads: Array<[string, Record<string, string | number>]> = [
      ['/Dashboard/GetGrowthAttritiontData', { servcoNo: foreign }],
      ['/Home/GetAccountAttritionChart', { servcoNo: foreign }],
      ['/Dashboard/GetAddCancelData', { ServcoNo: foreign, Type: 'Add', MonthIndex: 1 }],
      ['/Home/GetExcessiveActivity', { servcoNo: foreign, Mode: 'last30' }],
      ['/Home/GetExcessiveDispatch', { SERVCONO: foreign, mode: 'last30', isCountIncluded: 'true' }],
      ['/Dashboard/GetActualEventDetails', { ServcoNo: foreign, Mode: 3 }],
      ['/Dashboard/GetActualEvents', { servco_no: foreign, key: 'last30' }],
      ['/Report/GetUnrestoredZonesReport', { ServcoNo: foreign }],
      ['/Home/GetNoActivityReport', { Servco_no: foreign, dateType: 'Month' }],
      ['/GetSiteByServCoNo', { ServcoNo: foreign }],
      ...['4618', 'DISC', 'SRS', 'CNFM', 'RA', 'ARD'].map(
        (EventId): [string, Record<string, string | number>] => [
          '/Report/GetDealerEventActivity',
          { servcoNo: foreign, DateRangeType: 'last30', EventId },
        ],
      ),
    ];
    for (const [path, query] of reads) refused(await get(sim, path, query, s));
    const cs = sim.world.systemsOf(foreign)[0].csNo;
    for (const path of ['/Report/GetZoneSummaryReport', '/Report/GetContactSummaryReport']) {
      refused(await post(sim, path, { CurentsessionId: s, Servco_no: foreign, CsNo: cs }, s));
      // Its own company with another agency's account: refused the same way.
      refused(await post(sim, path, { CurentsessionId: s, Servco_no: owner.servco_no, CsNo: cs }, s));
    }
    const corp = multi.serviceCompanyList.find((c) => c.servco_Type === 'C');
    refused(await post(sim, '/Report/GetContactSummaryReportByCorpNo', { CorpNo: corp?.servco_no }, s));
  });

  it('covers every agency of the session when no service company is named', async () => {
    const s = multi.loginGUID;
    const companies = multi.serviceCompanyList.map((c) => c.install_servco_no);
    const growth = (await get(sim, '/Dashboard/GetGrowthAttritiontData', {}, s)).body.result;
    expect(growth.map((g: { servco_no: string }) => g.servco_no)).toEqual(
      multi.serviceCompanyList.map((c) => c.servco_no),
    );
    const ra = (await get(sim, '/Report/GetDealerEventActivity', { EventId: 'RA' }, s)).body.result;
    const servcos = new Set(ra.dealerEventActivityList.map((r: { servco_no: string }) => r.servco_no));
    expect([...servcos].sort()).toEqual([...companies].sort());
    // The corporate account by either number.
    const corp = multi.serviceCompanyList.find((c) => c.servco_Type === 'C');
    for (const n of [corp?.servco_no, corp?.install_servco_no]) {
      const a = await get(sim, '/Report/GetUnrestoredZonesReport', { ServcoNo: n ?? '' }, s);
      expect(a.body.apiStatus, a.text).toBe(true);
    }
    const byCorp = await post(sim, '/Report/GetContactSummaryReportByCorpNo', { CorpNo: corp?.servco_no }, s);
    const rows = JSON.parse(byCorp.body.result) as Array<{ servco_no: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.servco_no))).toEqual(new Set([corp?.install_servco_no]));
  });

  it('answers 400 for a range, event id, month or date type it does not know', async () => {
    const s = owner.loginGUID;
    const bad: Array<[string, Record<string, string | number>, string]> = [
      ['/Home/GetExcessiveActivity', { Mode: 'last7years' }, 'Mode'],
      ['/Report/GetDealerEventActivity', { EventId: 'XYZ' }, 'EventId'],
      ['/Report/GetDealerEventActivity', { EventId: 'DISC', DateRangeType: 9 }, 'DateRangeType'],
      ['/Dashboard/GetAddCancelData', { Type: 'Add', MonthIndex: 14 }, 'MonthIndex'],
      ['/Dashboard/GetAddCancelData', { Type: 'Grow' }, 'Type'],
      ['/Home/GetNoActivityReport', { dateType: 'Week' }, 'dateType'],
      ['/Home/GetNoActivityReport', { dateType: 'Select' }, 'startDate'],
    ];
    for (const [path, query, field] of bad) {
      const a = await get(sim, path, query, s);
      expect(a.status, `${path} ${a.text}`).toBe(400);
      expect(a.body.errors[0]).toMatch(new RegExp(`^${field}`));
    }
  });

  it('checks the account of the zone and contact reports as the screens do', async () => {
    const s = owner.loginGUID;
    const body = { CurentsessionId: s, Servco_no: owner.servco_no };
    const empty = await post(sim, '/Report/GetZoneSummaryReport', { ...body, CsNo: '' }, s);
    expect(empty.body.errors).toEqual(['Please enter account no.']);
    const unknown = await post(sim, '/Report/GetContactSummaryReport', { ...body, CsNo: 'C99999999' }, s);
    expect(unknown.body.errors).toEqual(['Please enter valid account no.']);
    const dealer = await post(sim, '/Report/GetContactSummaryReportByCorpNo', { CorpNo: owner.servco_no }, s);
    expect(dealer.body.errors).toEqual(['Please enter valid corporate account no.']);
    const letters = await post(sim, '/Report/GetContactSummaryReportByCorpNo', { CorpNo: 'ABC' }, s);
    expect(letters.status).toBe(400);
  });
});
