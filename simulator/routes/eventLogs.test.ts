import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogRowSchema } from '../../shared/upstream/eventLogRow';
import type { RunningSimulator } from '../createSimulator';
import { control, post, signIn, startTestSimulator } from '../../tests/support/simulator/simClient';

let sim: RunningSimulator;
let sid: string;
let agencyId: string;

interface Row {
  id: number;
  eventDate: string;
  eventrpt_id: string;
  cS_: string;
  isTestCleared: string;
  siteName: string;
  totalRows: number | null;
}

async function page(body: Record<string, unknown>): Promise<Row[]> {
  const a = await post(sim, '/AlarmBuffer/GetEventLogs', { AgencyId: agencyId, ...body }, sid);
  expect(a.status, a.text).toBe(200);
  for (const r of a.body.result.eventLogList) eventLogRowSchema().parse(r);
  return a.body.result.eventLogList;
}

async function allPages(body: Record<string, unknown>, count: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (let p = 1; ; p++) {
    const got = await page({ ...body, offset: p, count });
    rows.push(...got);
    if (got.length < count) return rows;
  }
}

const strip = ({ totalRows: _t, ...rest }: Row) => rest;
const instant = (iso: string) => Date.parse(iso);

beforeAll(async () => {
  ({ sim } = await startTestSimulator());
  const p = await signIn(sim, 'owner', 'owner123');
  sid = p.loginGUID;
  agencyId = p.agencyId;
  // Several events at the very same instant (the clock stands still): ties go by id.
  await control(sim, '/generator', { action: 'step', count: 30, agencyId });
});
afterAll(() => sim.close());

describe('GetEventLogs', () => {
  it('answers the truth of the last 24 hours as the union of its pages', async () => {
    const truth = (await (await fetch(`${sim.url}/_sim/truth?agencyId=${agencyId}&feed=events`)).json()) as {
      rows: Row[];
    };
    const pages = await allPages({ DueValue: 1, EventList: 'SelectAll', IncludeTestEvents: true }, 37);
    expect(pages.map(strip)).toEqual(truth.rows.map(strip));
    expect(new Set(pages.map((r) => r.id)).size).toBe(pages.length);
    expect(truth.rows.length).toBeGreaterThan(100);
  });

  it('sorts by eventDate descending by default, ties by id descending, with totalRows on the first row only', async () => {
    const rows = await page({ DueValue: 1, offset: 1, count: 100 });
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      expect(
        instant(a.eventDate) > instant(b.eventDate) ||
          (instant(a.eventDate) === instant(b.eventDate) && a.id > b.id),
      ).toBe(true);
    }
    expect(rows[0].totalRows).toBeGreaterThan(100);
    expect(rows.slice(1).every((r) => r.totalRows == null)).toBe(true);
  });

  it('sorts by another column either way, ties still by id descending', async () => {
    const rows = await page({ DueValue: 1, count: 200, ColumnName: 'siteName', SortType: 'asc' });
    for (let i = 1; i < rows.length; i++) {
      const c = rows[i - 1].siteName.localeCompare(rows[i].siteName, 'en', {
        sensitivity: 'base',
        numeric: true,
      });
      expect(c < 0 || (c === 0 && rows[i - 1].id > rows[i].id)).toBe(true);
    }
    const bad = await post(sim, '/AlarmBuffer/GetEventLogs', { AgencyId: agencyId, ColumnName: 'nope' }, sid);
    expect(bad.status).toBe(400);
  });

  it('filters by due period, event types, CS# and test events', async () => {
    const now = sim.world.now();
    const hour = await allPages({ DueValue: 0 }, 100);
    expect(hour.every((r) => now - instant(r.eventDate) <= 3_600_000)).toBe(true);
    const month = await page({ DueValue: 3, count: 1 });
    const all = await page({ DueValue: null, count: 1 });
    expect(all[0].totalRows).toBeGreaterThan(month[0].totalRows ?? 0);

    const some = await allPages({ DueValue: 1, EventList: 'O,R' }, 200);
    expect(some.length).toBeGreaterThan(0);
    expect(new Set(some.map((r) => r.eventrpt_id))).toEqual(new Set(['O', 'R']));
    expect(await allPages({ DueValue: 1, EventList: ['O', 'R'] }, 200)).toEqual(some);

    const cs = some[0].cS_;
    const ofCs = await allPages({ DueValue: null, cs_no: cs.slice(1).toLowerCase() }, 200);
    expect(ofCs.length).toBeGreaterThan(0);
    expect(ofCs.every((r) => r.cS_.includes(cs.slice(1)))).toBe(true);

    const noTests = await allPages({ DueValue: null, IncludeTestEvents: false }, 1000);
    expect(
      noTests.some((r) => r.isTestCleared === 'N' || r.eventrpt_id === 'TE' || r.eventrpt_id === 'T'),
    ).toBe(false);
    const withTests = await page({ DueValue: null, IncludeTestEvents: true, count: 1 });
    expect(withTests[0].totalRows).toBeGreaterThan(noTests.length);
  });

  it('gives dates in the site offset, and chart series beside the rows', async () => {
    const a = await post(
      sim,
      '/AlarmBuffer/GetEventLogs',
      { AgencyId: agencyId, DueValue: 1, count: 5 },
      sid,
    );
    const row = a.body.result.eventLogList[0];
    expect(row.eventDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[78]:00$/);
    expect(row.eventDateTime).toBe(row.eventDate);
    const { series, xAxis, historyOverViewList } = a.body.result;
    expect(xAxis.length).toBeGreaterThanOrEqual(24);
    expect(series.every((s: { data: number[] }) => s.data.length === xAxis.length)).toBe(true);
    const total = historyOverViewList.reduce((n: number, h: { count: number }) => n + h.count, 0);
    expect(total).toBe(row.totalRows);
  });
});
