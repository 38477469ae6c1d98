import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_EVENT_TYPES } from '../../shared/eventTypes';
import type { RunningSimulator } from '../createSimulator';
import { control, get, post, signIn, startTestSimulator } from '../../tests/support/simulator/simClient';

/**
 * The reports of docs/product/reports-and-settings.md agree with the simulator's own store: each number below is recomputed from
 * world.events, world.incidents, world.sites and world.contacts, not through the report code.
 */

let sim: RunningSimulator;
let sid: string;
const AGENCY = '21001'; // the owner's dealer, home state CA
const DAY = 86_400_000;

beforeAll(async () => {
  ({ sim } = await startTestSimulator());
  sid = (await signIn(sim, 'owner', 'owner123')).loginGUID;
});
afterAll(() => sim.close());

const monthOf = (ms: number) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: 'long',
  }).format(ms);
const incidents = () => [...sim.world.incidents.history()].filter((i) => i.agencyId === AGENCY);
const within = (at: number | null, days: number) => at != null && at >= sim.world.now() - days * DAY;
const activity = async (EventId: string, DateRangeType: string | number) =>
  (await get(sim, '/Report/GetDealerEventActivity', { servcoNo: AGENCY, DateRangeType, EventId }, sid)).body
    .result;

describe('the reports agree with the event store', () => {
  it('counts the cancellations of each month as the incidents cancelled from the text app (4618)', async () => {
    const cancelled = incidents().filter((i) => i.outcome === 'cancelled' && within(i.closedAt, 180));
    expect(cancelled.length).toBeGreaterThan(0);
    const byMonth = new Map<string, Set<string>>();
    const counts = new Map<string, number>();
    for (const i of cancelled) {
      const m = monthOf(i.closedAt ?? 0);
      counts.set(m, (counts.get(m) ?? 0) + 1);
      byMonth.set(m, (byMonth.get(m) ?? new Set()).add(i.csNo));
    }
    const r = await activity('4618', 6);
    const summary = r.dealerEventActivityMonthlySummary as Array<{
      canmonthname: string;
      canyear: number;
      cancount: number;
      canacctsList: string[];
    }>;
    for (const s of summary) {
      const m = `${s.canmonthname} ${s.canyear}`;
      expect(s.cancount, m).toBe(counts.get(m) ?? 0);
      expect(new Set(s.canacctsList), m).toEqual(byMonth.get(m) ?? new Set());
    }
    expect(summary.reduce((n, s) => n + s.cancount, 0)).toBe(cancelled.length);
    // Six or seven calendar months of the 180-day range, oldest first, zeros included.
    expect(summary.length).toBeGreaterThanOrEqual(6);
    const rows = r.dealerEventActivityList as Array<{ cs_no: string; sig_count: number }>;
    expect(rows.reduce((n, row) => n + row.sig_count, 0)).toBe(cancelled.length);
    expect(new Set(rows.map((row) => row.cs_no))).toEqual(new Set(cancelled.map((i) => i.csNo)));
  });

  it('lists as opt-outs exactly the contacts flagged optOut', async () => {
    const a = await post(sim, '/MASAPI/APIRequest', {
      sessionGuid: sid,
      methodName: 'GetOptOutListByServcoNo',
      arguments: [AGENCY],
    });
    const flagged = sim.world.contactsOf(AGENCY).filter((c) => c.optOut && c.siteNo != null);
    expect(flagged.length).toBeGreaterThan(0);
    const key = (x: { FirstName: string; LastName: string; ContactDetails: string }) =>
      `${x.FirstName}|${x.LastName}|${x.ContactDetails}`;
    expect(a.body.Result.map(key).sort()).toEqual(
      flagged
        .map((c) => key({ FirstName: c.firstName, LastName: c.lastName, ContactDetails: c.phone }))
        .sort(),
    );
  });

  it('lists as excessive the accounts with more than 10 alarm signals, with their counts per event id', async () => {
    const events = sim.world.events
      .ofAgencyBetween(AGENCY, sim.world.now() - 30 * DAY)
      .filter((e) => ALARM_EVENT_TYPES.includes(e.eventrptId));
    const perAccount = new Map<string, number>();
    for (const e of events) perAccount.set(e.csNo, (perAccount.get(e.csNo) ?? 0) + 1);
    const excessive = [...perAccount].filter(([, n]) => n > 10).map(([cs]) => cs);
    const rows = (await get(sim, '/Home/GetExcessiveActivity', { servcoNo: AGENCY, Mode: 'last30' }, sid))
      .body.result as Array<{ cs_no: string; event_id: string; event_count: number }>;
    expect(new Set(rows.map((r) => r.cs_no))).toEqual(new Set(excessive));
    for (const r of rows)
      expect(r.event_count).toBe(events.filter((e) => e.csNo === r.cs_no && e.eventId === r.event_id).length);
  });

  it('counts actual events as the alarms dispatched or verified, and agency dispatches as dispatched incidents', async () => {
    const raised = incidents().filter((i) => within(i.at, 30));
    const actual = raised.filter(
      (i) =>
        i.outcome === 'dispatched' || i.eventIds.some((id) => sim.world.events.get(id)?.eventId === 'BV'),
    );
    for (const [path, query] of [
      ['/Dashboard/GetActualEventDetails', { ServcoNo: AGENCY, Mode: 'last30' }],
      ['/Dashboard/GetActualEvents', { key: 3 }],
    ] as const) {
      const rows = (await get(sim, path, query, sid)).body.result as Array<{ alarminc_no: number }>;
      expect(rows.map((r) => r.alarminc_no).sort()).toEqual(actual.map((i) => i.alarmincNo).sort());
    }
    const dispatched = incidents().filter((i) => i.outcome === 'dispatched' && within(i.closedAt, 30));
    const d = (await get(sim, '/Home/GetExcessiveDispatch', { mode: 'last30', isCountIncluded: 'true' }, sid))
      .body.result.excessivedispatchResult as Array<{ cs_no: string; signal_count: number }>;
    expect(d).toHaveLength(dispatched.length);
    for (const row of d) expect(row.signal_count).toBe(dispatched.filter((i) => i.csNo === row.cs_no).length);
  });

  it('lists refused dispatches, runaways, investigation and service requests from the store', async () => {
    const refused = incidents().filter((i) => i.outcome === 'refused' && within(i.closedAt, 30));
    const ard = await activity('ARD', 'last30');
    expect(ard.dealerEventActivityList.map((r: { alarminc_no: number }) => r.alarminc_no).sort()).toEqual(
      refused.map((i) => i.alarmincNo).sort(),
    );
    const ra = (await activity('RA', 'last30')).dealerEventActivityList as Array<{
      cs_no: string;
      sig_count: number;
    }>;
    const inRange = sim.world.events.ofAgencyBetween(AGENCY, sim.world.now() - 30 * DAY);
    for (const s of sim.world.systemsOf(AGENCY).filter((x) => x.runaway))
      expect(ra).toContainEqual(
        expect.objectContaining({
          cs_no: s.csNo,
          sig_count: inRange.filter((e) => e.systemNo === s.systemNo).length,
        }),
      );
    for (const row of ra) expect(row.sig_count).toBe(inRange.filter((e) => e.csNo === row.cs_no).length);
    for (const id of ['DISC', 'SRS']) {
      const expected = inRange.filter((e) => e.eventId === id && e.comment).reverse();
      const rows = (await activity(id, 'last30')).dealerEventActivityList;
      expect(rows.map((r: { cs_no: string; comment: string }) => `${r.cs_no} ${r.comment}`)).toEqual(
        expected.map((e) => `${e.csNo} ${e.comment}`),
      );
    }
  });

  it('shows a new investigation request at once', async () => {
    const cs = sim.world.systemsOf(AGENCY)[3].csNo;
    await control(sim, '/signals', { csNo: cs, eventId: 'DISC', text: 'FEE DISPUTED BY PHONE' });
    const rows = (await activity('DISC', 1)).dealerEventActivityList;
    expect(rows[0]).toMatchObject({ cs_no: cs, comment: 'FEE DISPUTED BY PHONE' });
  });

  it('counts growth per month as the sites installed and cancelled, and details the same sites', async () => {
    const [g] = (await get(sim, '/Dashboard/GetGrowthAttritiontData', { servcoNo: AGENCY }, sid)).body.result;
    const year = '2026';
    const sites = sim.world.sitesOf(AGENCY);
    const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
    const inMonth = (at: number | null, m: number) =>
      at != null &&
      at <= sim.world.now() &&
      monthOf(at) ===
        `${new Date(Date.UTC(2026, m, 15)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${year}`;
    for (const [m, key] of months.entries()) {
      const adds = sites.filter((s) => inMonth(s.installedAt, m)).length;
      const cans = sites.filter((s) => inMonth(s.cancelledAt, m)).length;
      expect([g[`${key}_add`], g[`${key}_can`], g[`${key}_net`]], key).toEqual([adds, cans, adds - cans]);
      const detail = await get(
        sim,
        '/Dashboard/GetAddCancelData',
        { ServcoNo: AGENCY, Type: 'Cancel', MonthIndex: m + 1 },
        sid,
      );
      expect(detail.body.result).toHaveLength(cans);
    }
    const ytd = await get(
      sim,
      '/Dashboard/GetAddCancelData',
      { ServcoNo: AGENCY, Type: 'Add', MonthIndex: 'YTD' },
      sid,
    );
    expect(ytd.body.result).toHaveLength(g.total_add);
    const chart = (await get(sim, '/Home/GetAccountAttritionChart', { servcoNo: AGENCY }, sid)).body.result;
    expect(chart).toHaveLength(11); // January to November 2026
    expect(chart.reduce((n: number, c: { add_count: number }) => n + c.add_count, 0)).toBe(g.total_add);
  });

  it('lists as without activity the monitored sites with no event since the chosen date, and the unrestored zones', async () => {
    const from = Date.UTC(2026, 10, 21, 8); // 21 Nov 2026 00:00 in California
    const quiet = sim.world
      .sitesOf(AGENCY)
      .filter((s) => sim.world.isMonitored(s, sim.world.now()))
      .filter((s) =>
        sim.world
          .systemsOfSite(s.siteNo)
          .every((x) => sim.world.events.ofSystem(x.systemNo).every((e) => e.at < from)),
      );
    const rows = (
      await get(
        sim,
        '/Home/GetNoActivityReport',
        { ServcoNo: AGENCY, dateType: 'Select', startDate: '11/21/2026' },
        sid,
      )
    ).body.result as Array<{ site_no: number }>;
    expect(rows.map((r) => r.site_no).sort()).toEqual(quiet.map((s) => s.siteNo).sort());
    const zones = (await get(sim, '/Report/GetUnrestoredZonesReport', { ServcoNo: AGENCY }, sid)).body
      .result as Array<{
      system_no: number;
      zone_id: string;
    }>;
    const expected = sim.world
      .systemsOf(AGENCY)
      .flatMap((s) =>
        [...(sim.world.unrestored.get(s.systemNo)?.keys() ?? [])].map((z) => `${s.systemNo}/${z}`),
      );
    expect(zones.map((z) => `${z.system_no}/${z.zone_id}`).sort()).toEqual(expected.sort());
  });
});
