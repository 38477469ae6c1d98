import { describe, expect, it } from 'vitest';
import { applyChanges } from '../../shared/live/diff';
import type { EventLogRow } from '../../shared/upstream/eventLogRow';
import { createHistorySource, SLICE_ROWS } from './historySource';
import type { PollRead } from './feedTypes';

/** What a poll reads with, for a source read outside a feed (its fetches here ignore it). */
const READ: PollRead = {
  credential: { bridgeSessionId: 'b', upstreamSessionId: 'u', installServcoTypeFor: () => 'D' },
};

const HOUR = 3_600_000;
function ev(id: number, at: number, extra: Partial<EventLogRow> = {}): EventLogRow {
  const iso = new Date(at).toISOString();
  return {
    id: String(id),
    eventDate: iso,
    eventDateTime: iso,
    eventrpt_id: 'O',
    event_Id: 'O1',
    description: 'OPEN',
    isTestCleared: 'Y',
    cS_: 'C1',
    site_no: '1',
    system_No: '1',
    siteName: 'S',
    address1: null,
    address2: null,
    city: null,
    state: null,
    zipcode: null,
    ...extra,
  };
}

/** A fake upstream: newest first, 1-based pages, totalRows on the first row of a page. */
function fakeUpstream(rows: EventLogRow[]) {
  const calls: { page: number; count: number }[] = [];
  return {
    rows,
    calls,
    fetchPage: async (page: number, count: number) => {
      calls.push({ page, count });
      const sorted = [...rows].sort((a, b) => Number(b.id) - Number(a.id));
      const slice = sorted
        .slice((page - 1) * count, page * count)
        .map((r, i) => (i === 0 ? { ...r, totalRows: sorted.length } : r));
      return { rows: slice, bytes: JSON.stringify(slice).length };
    },
  };
}

describe('history source', () => {
  it('first poll reads the whole window; a quiet poll costs one small page', async () => {
    let now = 100 * HOUR;
    const up = fakeUpstream(Array.from({ length: 2000 }, (_, i) => ev(i + 1, now - HOUR + i * 1000)));
    const src = createHistorySource({
      fetchPage: up.fetchPage,
      windowMs: 24 * HOUR,
      reconcileMs: 60_000,
      clock: () => now,
      headPageSize: 25,
      fullPageSize: 500,
    });
    const state = new Map<string, EventLogRow>();
    const first = await src.poll(state, READ);
    applyChanges(state, first.changes);
    expect(state.size).toBe(2000);
    expect(first.requests).toBe(5);

    up.calls.length = 0;
    now += 2000;
    const quiet = await src.poll(state, READ);
    expect(quiet.changes).toEqual({ upserts: [], removes: [] });
    expect(up.calls).toEqual([{ page: 1, count: 25 }]);
  });

  it('picks up new rows, a row that changed on the head page, and rows leaving the window', async () => {
    let now = 100 * HOUR;
    const up = fakeUpstream([ev(1, now - 23.9 * HOUR), ev(2, now - HOUR), ev(3, now - 60_000)]);
    const src = createHistorySource({
      fetchPage: up.fetchPage,
      windowMs: 24 * HOUR,
      reconcileMs: 10 * HOUR,
      clock: () => now,
      headPageSize: 2,
    });
    const state = new Map<string, EventLogRow>();
    applyChanges(state, (await src.poll(state, READ)).changes);

    up.rows.push(ev(4, now), ev(5, now));
    up.rows[2] = { ...up.rows[2], isTestCleared: 'N' };
    now += 0.2 * HOUR; // row 1 leaves the 24 h window
    const c = (await src.poll(state, READ)).changes;
    expect(c.upserts.map((r) => r.id).sort()).toEqual(['3', '4', '5']); // row 3 changed on a page the poll read
    expect(c.removes).toEqual(['1']);
    applyChanges(state, c);

    up.rows.push(ev(6, now));
    up.rows[2] = { ...up.rows[2], isTestCleared: 'Y' };
    const c2 = (await src.poll(state, READ)).changes;
    expect(c2.upserts.map((r) => r.id)).toEqual(['6']);
  });

  it('a reconcile catches a change below the head page', async () => {
    let now = 100 * HOUR;
    const up = fakeUpstream(Array.from({ length: 10 }, (_, i) => ev(i + 1, now - HOUR + i)));
    const src = createHistorySource({
      fetchPage: up.fetchPage,
      windowMs: 24 * HOUR,
      reconcileMs: 60_000,
      clock: () => now,
      headPageSize: 3,
    });
    const state = new Map<string, EventLogRow>();
    applyChanges(state, (await src.poll(state, READ)).changes);
    up.rows[0] = { ...up.rows[0], isTestCleared: 'N' };
    now += 2000;
    expect((await src.poll(state, READ)).changes.upserts).toEqual([]);
    now += 60_000;
    const c = (await src.poll(state, READ)).changes;
    expect(c.upserts.map((r) => [r.id, r.isTestCleared])).toEqual([['1', 'N']]);
  });

  it('totalRows moving to another row is not a change', async () => {
    const now = 100 * HOUR;
    const up = fakeUpstream([ev(1, now - 5000), ev(2, now - 4000)]);
    const src = createHistorySource({
      fetchPage: up.fetchPage,
      windowMs: 24 * HOUR,
      reconcileMs: 10 * HOUR,
      clock: () => now,
      headPageSize: 1,
    });
    const state = new Map<string, EventLogRow>();
    applyChanges(state, (await src.poll(state, READ)).changes);
    up.rows.push(ev(3, now));
    const c = (await src.poll(state, READ)).changes;
    expect(c.upserts.map((r) => r.id)).toEqual(['3']);
    expect(c.upserts[0].totalRows).toBeUndefined();
  });

  it('a large window shows its newest page first; older rows stream in behind without loss, new rows too', async () => {
    let now = 100 * HOUR;
    // 2,300 rows, one a second, inside the window; 40 rows older than the window below them.
    const up = fakeUpstream([
      ...Array.from({ length: 40 }, (_, i) => ev(i + 1, now - 30 * HOUR + i * 1000)),
      ...Array.from({ length: 2300 }, (_, i) => ev(i + 41, now - HOUR + i * 1000)),
    ]);
    const src = createHistorySource({
      fetchPage: up.fetchPage,
      windowMs: 24 * HOUR,
      reconcileMs: 60_000,
      clock: () => now,
      headPageSize: 25,
      fullPageSize: 500,
      firstPages: 1,
      olderPagesPerPoll: 2,
    });
    const state = new Map<string, EventLogRow>();
    const first = await src.poll(state, READ);
    applyChanges(state, first.changes);
    expect(first.full).toBe(true);
    expect(first.olderPending).toBe(true);
    expect(state.size).toBe(500);
    expect(state.has('2340')).toBe(true);

    // New rows arrive while older pages are read: pages shift, nothing is skipped.
    const polls = [];
    for (let i = 0; i < 4 && (polls.at(-1)?.olderPending ?? true); i++) {
      up.rows.push(ev(3000 + i, now + 1000));
      now += 1000;
      const out = await src.poll(state, READ);
      applyChanges(state, out.changes);
      polls.push(out);
    }
    expect(polls.map((p) => p.olderPending)).toEqual([true, false]);
    const inWindow = up.rows.filter((r) => Date.parse(r.eventDate) >= now - 24 * HOUR).map((r) => r.id);
    expect([...state.keys()].sort()).toEqual(inWindow.sort());
    expect(state.size).toBe(2302);
  });

  it('lets the event loop run while it cuts and diffs a large window, and finds the same changes', async () => {
    let now = 100 * HOUR;
    const rows = Array.from({ length: 3 * SLICE_ROWS }, (_, i) => ev(i + 1, now - HOUR + i * 100));
    const up = fakeUpstream(rows);
    let pauses = 0;
    const source = createHistorySource({
      fetchPage: up.fetchPage,
      windowMs: HOUR,
      clock: () => now,
      reconcileMs: 0,
      fullPageSize: 5000,
      maxPages: 10,
      pause: () => {
        pauses++;
        return new Promise((r) => setImmediate(r));
      },
    });
    const state = new Map<string, EventLogRow>();
    applyChanges(state, (await source.poll(state, READ)).changes);
    expect(state.size).toBe(rows.length);
    // A reconcile: one row changed, the oldest fell out of the window, one new.
    up.rows[5] = { ...up.rows[5], isTestCleared: 'N' };
    now += 50;
    const fresh = String(3 * SLICE_ROWS + 1);
    up.rows.push(ev(Number(fresh), now));
    pauses = 0;
    const out = await source.poll(state, READ);
    // Three slices of the cut and diff, and the pass that finds the row gone.
    expect(pauses).toBeGreaterThanOrEqual(4);
    expect(out.changes.removes).toEqual(['1']);
    expect(out.changes.upserts.map((r) => r.id).sort()).toEqual([fresh, '6']);
  });
});
