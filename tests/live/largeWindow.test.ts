import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { FIRST_PART_ROWS } from '../../server/live/snapshotParts';
import { countChart } from '../../shared/live/chartCounts';
import {
  chartCountsSchema,
  type SnapshotMessage,
  type SnapshotRestMessage,
  type SubscribeAck,
} from '../../shared/live/protocol';
import type { EventLogRow } from '../../shared/upstream/eventLogRow';
import { connectScreen, waitFor, type Screen } from '../support/screen';
import { sameAsTruth, signIn, startSim, startTestBridge, truth, type Simulator } from '../support/stack';

/**
 * A screen joining a running feed of a large window gets the newest rows first, then the rest of
 * the window (protocol 3, docs/protocol.md "First rows of a large window").
 */
let sim: Simulator;
let bridge: Bridge;
let owner: { cookie: string; agencyId: string };
const screens: Screen[] = [];

beforeAll(async () => {
  // About 3,000 events in the 24-hour window, generator paused: the window holds still.
  sim = await startSim({ historyDays: 1, historyPerAgencyPerDay: 3_000 });
  bridge = await startTestBridge(sim.url, { POLL_MS: '250', FEED_RECONCILE_MS: '600000' });
  const o = await signIn(bridge.url, 'owner', 'owner123');
  owner = { cookie: o.cookie, agencyId: o.profile.agencyId };
});

afterAll(async () => {
  for (const s of screens) s.close();
  await bridge?.close();
  await sim?.close();
});

type Timed = { eventDateTime?: string | null; eventDate: string };
const at = (r: Timed) => Date.parse(r.eventDateTime ?? r.eventDate);

/**
 * The rows clear of the window's oldest minute. The window's start moves with the clock: a row
 * at its edge may leave it between the truth's answer and the bridge's read of the oldest page.
 */
function clearOfEdge<R>(rows: Iterable<[string, R]>, since: number): Map<string, R> {
  return new Map([...rows].filter(([, r]) => at(r as Timed) >= since));
}

describe('a large window on a running feed', () => {
  it('reaches a second screen newest rows first, then whole, equal to the truth', async () => {
    const ref = { feed: 'events' as const, agencyId: owner.agencyId };
    const since = Date.now() - 24 * 3_600_000 + 60_000;
    const want = (await truth(sim, owner.agencyId, 'events')).filter(
      (r) => at(r as unknown as Timed) >= since,
    );
    expect(want.length).toBeGreaterThan(2 * FIRST_PART_ROWS);
    const held = (s: Screen) => clearOfEdge(s.rows(ref), since);

    const first = connectScreen(bridge.url, owner.cookie);
    screens.push(first);
    await first.connected();
    await first.subscribe(ref);
    await waitFor('the first screen to hold the whole window', () => sameAsTruth(held(first), want), 20_000);

    const second = connectScreen(bridge.url, owner.cookie);
    screens.push(second);
    await second.connected();
    const got: Array<{ event: string; rows: number; msg: SnapshotMessage | SnapshotRestMessage }> = [];
    second.socket.onAny((event: string, msg: SnapshotMessage) => {
      if (event === 'snapshot' || event === 'snapshot.rest') got.push({ event, rows: msg.rows.length, msg });
    });
    const before = Date.now();
    const ack = await second.subscribe(ref);
    const after = Date.now();
    expect(ack).toMatchObject({ ok: true, mode: 'snapshot' });

    // Both parts (the rest is one part here) came before the acknowledgement, the newest rows first.
    expect(got.map((g) => g.event)).toEqual(['snapshot', 'snapshot.rest']);
    const head = got[0].msg as SnapshotMessage;
    expect(head.restFollows).toBe(true);
    expect(head.rows).toHaveLength(FIRST_PART_ROWS);
    const oldestShown = Math.min(...(head.rows as never[]).map(at));
    const newestLeft = Math.max(...(got[1].msg.rows as never[]).map(at));
    expect(newestLeft).toBeLessThanOrEqual(oldestShown);
    expect(got[1].msg).toMatchObject({ epoch: head.epoch, seq: head.seq });
    expect((got[1].msg as SnapshotRestMessage).restFollows).toBeUndefined();
    expect(sameAsTruth(held(second), want)).toBe(true);

    // The first part carries the live chart's counts of the whole window: a count of the rows of
    // both parts at the bridge's moment, which lies between these two (the window holds still).
    const window = got.flatMap((g) => g.msg.rows as EventLogRow[]);
    expect(chartCountsSchema().safeParse(head.chartCounts).success).toBe(true);
    expect([countChart(window, before), countChart(window, after)]).toContainEqual(head.chartCounts);
    const counted = head.chartCounts![1].rows.reduce((s, r) => s + r.counts.reduce((a, b) => a + b, 0), 0);
    expect(counted).toBeGreaterThan(2 * FIRST_PART_ROWS);
    // Small beside the rows: a row per type and test flag, 13 and 25 buckets (3.7 KB here).
    expect(JSON.stringify(head.chartCounts).length).toBeLessThan(8 * 1024);
  });

  it("reaches a screen that shows the last hour (a wall's counts) with that hour's rows only", async () => {
    const ref = { feed: 'events' as const, agencyId: owner.agencyId };
    const from = Date.now() - 3_600_000;
    const all = await truth(sim, owner.agencyId, 'events');
    const want = all.filter((r) => at(r as unknown as Timed) >= from);
    // More than a first part's rows, and far fewer than the window's.
    expect(want.length).toBeGreaterThan(FIRST_PART_ROWS);
    expect(all.length).toBeGreaterThan(10 * want.length);

    const wall = connectScreen(bridge.url, owner.cookie);
    screens.push(wall);
    await wall.connected();
    const got: Array<SnapshotMessage | SnapshotRestMessage> = [];
    wall.socket.onAny((event: string, msg: SnapshotMessage) => {
      if (event === 'snapshot' || event === 'snapshot.rest') got.push(msg);
    });
    const ack = await new Promise<SubscribeAck>((resolve) =>
      wall.socket.emit('subscribe', { ...ref, from }, resolve),
    );
    expect(ack).toMatchObject({ ok: true, mode: 'snapshot' });
    const rows = got.flatMap((m) => m.rows as EventLogRow[]);
    expect(rows.filter((r) => at(r) < from)).toEqual([]);
    expect(sameAsTruth(new Map(rows.map((r) => [r.id, r])), want)).toBe(true);
    // Newest first as for any screen, and no chart of the whole window.
    expect((got[0] as SnapshotMessage).rows).toHaveLength(FIRST_PART_ROWS);
    expect((got[0] as SnapshotMessage).chartCounts).toBeUndefined();
  });

  it('refuses a start time on a feed whose rows have none, and sends it nothing', async () => {
    const s = connectScreen(bridge.url, owner.cookie);
    screens.push(s);
    await s.connected();
    const snapshots: string[] = [];
    s.socket.on('snapshot', (m) => snapshots.push(m.feed));
    const refused = await new Promise<SubscribeAck>((resolve) =>
      s.socket.emit('subscribe', { feed: 'systemsOnTest', agencyId: owner.agencyId, from: 0 }, resolve),
    );
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'bad_request',
        message: 'Invalid subscribe: systemsOnTest rows have no time to start from.',
        about: 'subscribe',
      },
    });
    const badTime = await new Promise<SubscribeAck>((resolve) =>
      s.socket.emit('subscribe', { feed: 'events', agencyId: owner.agencyId, from: -1 }, resolve),
    );
    expect(badTime).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    // The marker: the same socket's subscribe of the alarms, after the refusals, gets its snapshot.
    expect(await s.subscribe({ feed: 'alarms', agencyId: owner.agencyId })).toMatchObject({ ok: true });
    expect(snapshots).toEqual(['alarms']);
  });
});
