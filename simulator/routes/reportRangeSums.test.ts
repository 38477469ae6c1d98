import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_EVENT_TYPES } from '../../shared/eventTypes';
import type { RunningSimulator } from '../createSimulator';
import { RANGE_KEYS } from '../queries/reportRange';
import { get, signIn, startTestSimulator } from '../../tests/support/simulator/simClient';

/**
 * Every range tab of the Alarm Activity reports adds up to the event store: for each range key,
 * the rows' counts summed equal the store's events and incidents of the same range, recomputed
 * here from world.events and world.incidents, not through the report code.
 */

let sim: RunningSimulator;
let sid: string;
const AGENCY = '21001'; // the owner's dealer
const DAY = 86_400_000;
const DAYS: Record<string, number> = {
  '24hours': 1,
  '1week': 7,
  last30: 30,
  last60: 60,
  last90: 90,
  last180: 180,
  last12mo: 365,
};

beforeAll(async () => {
  ({ sim } = await startTestSimulator());
  sid = (await signIn(sim, 'owner', 'owner123')).loginGUID;
});
afterAll(() => sim.close());

const from = (key: string) => sim.world.now() - DAYS[key] * DAY;
const inRange = (at: number | null | undefined, key: string) => at != null && at >= from(key);
const incidents = () => [...sim.world.incidents.history()].filter((i) => i.agencyId === AGENCY);
const result = async (path: string, query: Record<string, string | number>) =>
  (await get(sim, path, { servcoNo: AGENCY, ...query }, sid)).body.result;
const activity = async (EventId: string, key: string) =>
  result('/Report/GetDealerEventActivity', { DateRangeType: key, EventId });
const sum = <T>(rows: T[], n: (r: T) => number) => rows.reduce((a, r) => a + n(r), 0);

describe.each(RANGE_KEYS)('the %s range of each report sums to the event store', (key) => {
  it('excessive alarm accounts: the signal counts sum to the alarm signals of the listed accounts', async () => {
    const signals = sim.world.events
      .ofAgencyBetween(AGENCY, from(key))
      .filter((e) => ALARM_EVENT_TYPES.includes(e.eventrptId));
    const rows = (await result('/Home/GetExcessiveActivity', { Mode: key })) as Array<{
      cs_no: string;
      event_count: number;
    }>;
    const listed = new Set(rows.map((r) => r.cs_no));
    expect(sum(rows, (r) => r.event_count)).toBe(signals.filter((e) => listed.has(e.csNo)).length);
    for (const cs of listed) expect(signals.filter((e) => e.csNo === cs).length).toBeGreaterThan(10);
  });

  it('agency dispatch and actuals: one row per dispatched (or verified) alarm, counts per system', async () => {
    const dispatched = incidents().filter((i) => i.outcome === 'dispatched' && inRange(i.closedAt, key));
    const d = (await result('/Home/GetExcessiveDispatch', { mode: key, isCountIncluded: 'true' }))
      .excessivedispatchResult as Array<{ system_no: number; signal_count: number }>;
    expect(d).toHaveLength(dispatched.length);
    const perSystem = new Map(d.map((r) => [r.system_no, r.signal_count]));
    expect(sum([...perSystem.values()], (n) => n)).toBe(dispatched.length);

    const actual = incidents().filter(
      (i) =>
        inRange(i.at, key) &&
        (i.outcome === 'dispatched' || i.eventIds.some((id) => sim.world.events.get(id)?.eventId === 'BV')),
    );
    const a = (await result('/Dashboard/GetActualEventDetails', { Mode: key })) as Array<{
      system_no: number;
      event_count: number;
    }>;
    expect(a).toHaveLength(actual.length);
    const counts = new Map(a.map((r) => [r.system_no, r.event_count]));
    expect(sum([...counts.values()], (n) => n)).toBe(actual.length);
  });

  it('refused dispatch, runaway systems, service requests and cancellations', async () => {
    const refused = incidents().filter((i) => i.outcome === 'refused' && inRange(i.closedAt, key));
    expect((await activity('ARD', key)).dealerEventActivityList).toHaveLength(refused.length);

    const events = sim.world.events.ofAgencyBetween(AGENCY, from(key));
    const ra = (await activity('RA', key)).dealerEventActivityList as Array<{
      cs_no: string;
      sig_count: number;
    }>;
    const runaways = new Set(ra.map((r) => r.cs_no));
    expect(sum(ra, (r) => r.sig_count)).toBe(events.filter((e) => runaways.has(e.csNo)).length);

    const srs = (await activity('SRS', key)).dealerEventActivityList;
    expect(srs).toHaveLength(events.filter((e) => e.eventId === 'SRS' && e.comment).length);

    const cancelled = incidents().filter((i) => i.outcome === 'cancelled' && inRange(i.closedAt, key));
    const c = await activity('4618', key);
    expect(sum(c.dealerEventActivityList, (r: { sig_count: number }) => r.sig_count)).toBe(cancelled.length);
    expect(sum(c.dealerEventActivityMonthlySummary, (m: { cancount: number }) => m.cancount)).toBe(
      cancelled.length,
    );
  });
});

describe('the sums above compare real rows', () => {
  it('the last 12 months hold rows in every report', async () => {
    expect((await result('/Home/GetExcessiveActivity', { Mode: 'last12mo' })).length).toBeGreaterThan(0);
    expect(
      (await result('/Home/GetExcessiveDispatch', { mode: 'last12mo' })).excessivedispatchResult.length,
    ).toBeGreaterThan(0);
    expect((await result('/Dashboard/GetActualEventDetails', { Mode: 'last12mo' })).length).toBeGreaterThan(
      0,
    );
    for (const kind of ['ARD', 'RA', 'SRS', '4618'])
      expect((await activity(kind, 'last12mo')).dealerEventActivityList.length, kind).toBeGreaterThan(0);
  });
});
