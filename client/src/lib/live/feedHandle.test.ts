import { describe, expect, it } from 'vitest';
import type { EventLogRow } from '../../../../shared/upstream/eventLogRow';
import { createFeedHandle } from './feedHandle';
import { createFeedView } from './feedView';

const ev = (id: number): EventLogRow => ({
  id: String(id),
  eventDate: '2026-11-24T11:00:00-08:00',
  eventDateTime: '2026-11-24T11:00:00-08:00',
  eventrpt_id: 'O',
  event_Id: 'O1',
  description: 'OPEN',
  isTestCleared: 'Y',
  cS_: 'C1',
  site_no: '1',
  system_No: '1',
  siteName: 'Golden Dental Group',
  address1: null,
  address2: null,
  city: null,
  state: null,
  zipcode: null,
});

const ref = { feed: 'events' as const, agencyId: 'A1' };
/** What a screen of the feed shows: a view in the order rows came, and what it flashes. */
const screenOf = (handle: ReturnType<typeof createFeedHandle<'events'>>) => {
  const view = createFeedView<EventLogRow>({ query: { key: 'all', predicate: () => true, compare: null } });
  view.follow(handle);
  return {
    ids: () => view.getSnapshot().rows.map((r) => r.id),
    highlighted: () => [...view.getSnapshot().highlighted],
  };
};
const at = { epoch: 'e1', stale: false, lastPollAt: 1 };

describe('a feed on a screen while a large window loads', () => {
  it('shows the newest rows first, adds older rows without highlighting them, and says when the window is whole', () => {
    const handle = createFeedHandle(ref, (_since, answered) => answered('snapshot'));
    handle.onConnected();
    const screen = screenOf(handle);
    handle.onSnapshot({ ...ref, ...at, seq: 0, rows: [ev(9), ev(8)], loadingOlder: true });
    expect(screen.ids()).toEqual(['9', '8']);
    expect(handle.getSnapshot().loadingOlder).toBe(true);

    handle.onDelta({ ...ref, epoch: 'e1', seq: 1, upserts: [ev(7), ev(6)], removes: [], at: 2 });
    expect(screen.ids()).toEqual(['9', '8', '7', '6']);
    expect(screen.highlighted()).toEqual([]);

    handle.onStatus({ ...ref, ...at, seq: 1 });
    expect(handle.getSnapshot().loadingOlder).toBe(false);

    handle.onDelta({ ...ref, epoch: 'e1', seq: 2, upserts: [ev(10)], removes: [], at: 3 });
    expect(screen.highlighted()).toEqual(['10']);
    handle.stop();
  });
});

describe('a feed on a screen joining a running feed of a large window', () => {
  it('shows the newest rows, takes the rest in once the page is idle, and keeps a change made meanwhile', async () => {
    const handle = createFeedHandle(ref, (_since, answered) => answered('snapshot'));
    handle.onConnected();
    const screen = screenOf(handle);
    const chartCounts = [{ bucketMs: 3_600_000, from: 0, rows: [{ type: 'F', test: false, counts: [6] }] }];
    handle.onSnapshot({ ...ref, ...at, seq: 4, rows: [ev(9), ev(8)], restFollows: true, chartCounts });
    expect(screen.ids()).toEqual(['9', '8']);
    expect(handle.getSnapshot().loadingOlder).toBe(true);
    // The chart reads the bridge's counts of the window until the rows are whole.
    expect(handle.getSnapshot().chartCounts).toEqual(chartCounts);

    handle.onSnapshotRest({ ...ref, epoch: 'e1', seq: 4, rows: [ev(7), ev(6)], restFollows: true });
    // A delta between the parts: row 5 (still to come in the rest) is removed.
    handle.onDelta({ ...ref, epoch: 'e1', seq: 5, upserts: [], removes: ['5'], at: 2 });
    handle.onSnapshotRest({ ...ref, epoch: 'e1', seq: 4, rows: [ev(5), ev(4)] });
    // Nothing taken in before the page is idle.
    expect(screen.ids()).toEqual(['9', '8']);

    await new Promise((r) => setTimeout(r, 10));
    expect(screen.ids()).toEqual(['9', '8', '7', '6', '4']);
    expect(handle.getSnapshot().loadingOlder).toBe(false);
    expect(handle.getSnapshot().chartCounts).toBeNull();
    handle.stop();
  });
});

describe('a feed followed for its position only', () => {
  it('keeps no rows, says where the feed stands, and takes rows in once a screen needs them', () => {
    const subscribes: Array<{ epoch: string; seq: number } | null> = [];
    const handle = createFeedHandle(
      ref,
      (since, answered) => {
        subscribes.push(since);
        answered('snapshot');
      },
      { keepRows: false },
    );
    handle.onConnected();
    handle.onSnapshot({ ...ref, ...at, seq: 3, rows: [ev(9), ev(8)] });
    handle.onDelta({ ...ref, epoch: 'e1', seq: 4, upserts: [ev(10)], removes: [], at: 2 });
    expect(handle.rows.size).toBe(0);
    expect(handle.getSnapshot().position).toEqual({ epoch: 'e1', seq: 4 });
    expect(handle.getSnapshot().size).toBe(0);

    handle.keepRows();
    // A fresh snapshot (no cursor) brings the rows.
    expect(subscribes.at(-1)).toBeNull();
    handle.onSnapshot({ ...ref, ...at, seq: 4, rows: [ev(10), ev(9), ev(8)] });
    expect([...handle.rows.keys()]).toEqual(['10', '9', '8']);
    handle.stop();
  });
});

describe('a feed on a screen and the bridge poll interval', () => {
  it('holds the interval its snapshot and later statuses say', () => {
    const handle = createFeedHandle(ref, (_since, answered) => answered('snapshot'));
    handle.onConnected();
    handle.onSnapshot({ ...ref, ...at, seq: 0, rows: [ev(1)], intervalMs: 2000 });
    expect(handle.getSnapshot().intervalMs).toBe(2000);
    handle.onStatus({ ...ref, ...at, seq: 0, intervalMs: 250 });
    expect(handle.getSnapshot().intervalMs).toBe(250);
    handle.onStatus({ ...ref, ...at, seq: 0 });
    expect(handle.getSnapshot().intervalMs).toBeNull();
    handle.stop();
  });
});

describe('a live feed and the time of its last poll', () => {
  /** A feed live on one row, and how many times its screens were told it changed since. */
  const liveFeed = () => {
    const handle = createFeedHandle(ref, (_since, answered) => answered('snapshot'));
    handle.onConnected();
    handle.onSnapshot({ ...ref, ...at, seq: 0, rows: [ev(1)] });
    let heard = 0;
    handle.subscribe(() => heard++);
    return { handle, heard: () => heard };
  };

  it('says the newest poll a delta or a status brought, keeps it through a disconnect, and notifies once per delta', () => {
    const { handle, heard } = liveFeed();
    handle.onDelta({ ...ref, epoch: 'e1', seq: 1, upserts: [ev(2)], removes: [], at: 5 });
    expect(handle.getSnapshot()).toMatchObject({ state: 'live', lastPollAt: 5, size: 2 });
    expect(heard()).toBe(1);
    handle.onStatus({ ...ref, ...at, seq: 1, lastPollAt: 7 });
    expect(handle.getSnapshot().lastPollAt).toBe(7);
    handle.onDelta({ ...ref, epoch: 'e1', seq: 2, upserts: [ev(3)], removes: [], at: 9 });
    handle.onDisconnected();
    expect(handle.getSnapshot()).toMatchObject({ state: 'offline', lastPollAt: 9 });
    handle.stop();
  });

  it('moves the poll time with each heartbeat, once, and turns stale and fresh again as statuses say', () => {
    const { handle, heard } = liveFeed();
    handle.onStatus({ ...ref, ...at, seq: 0, lastPollAt: 4 });
    handle.onStatus({ ...ref, ...at, seq: 0, lastPollAt: 4 });
    expect(handle.getSnapshot()).toMatchObject({ state: 'live', lastPollAt: 4, reason: null });
    expect(heard()).toBe(1);
    handle.onStatus({ ...ref, ...at, seq: 0, stale: true, lastPollAt: 4, reason: 'Upstream is slow.' });
    expect(handle.getSnapshot()).toMatchObject({ state: 'stale', reason: 'Upstream is slow.' });
    handle.onStatus({ ...ref, ...at, seq: 0, lastPollAt: 8 });
    expect(handle.getSnapshot()).toMatchObject({ state: 'live', lastPollAt: 8, reason: null });
    handle.onStatus({ ...ref, ...at, seq: 0, lastPollAt: 10 });
    expect(handle.getSnapshot()).toMatchObject({ state: 'live', lastPollAt: 10, reason: null });
    expect(heard()).toBe(4);
    handle.stop();
  });

  it('goes live again with a stale feed’s next delta', () => {
    const { handle } = liveFeed();
    handle.onStatus({
      ...ref,
      ...at,
      seq: 0,
      stale: true,
      lastPollAt: 3,
      reason: 'The feed is not updating.',
    });
    expect(handle.getSnapshot()).toMatchObject({ state: 'stale', lastPollAt: 3 });
    handle.onDelta({ ...ref, epoch: 'e1', seq: 1, upserts: [ev(2)], removes: [], at: 6 });
    expect(handle.getSnapshot()).toMatchObject({ state: 'live', lastPollAt: 6 });
    handle.stop();
  });
});
