import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeedRow } from '../../shared/live/protocol';
import type { PollReport } from '../feeds/agencyFeed';
import { createLogger } from '../observability/logger';
import { postgresReachable, randomTable, TEST_DATABASE_URL } from '../../tests/support/postgres';
import { createPgRecordingStore, type PgRecordingOptions } from './pgRecordingStore';
import { parseRecordingName } from './recordingFormat';
import { pollReport } from '../../tests/support/pollReport';

const DAY = 86_400_000;
const reachable = await postgresReachable();
const alarm = (id: string, csNo: string, date: string) =>
  ({
    id,
    cs_No: csNo,
    alarm_Date: date,
    event_Descr: `BURGLARY ${id}`,
    alarm_event_id: 'BA',
  }) as unknown as FeedRow;
const ref = { agencyId: '21001', feed: 'alarms' as const };
const poll = (at: number, p: Partial<PollReport>) => pollReport(ref, at, p);

/** A store on the test database keeping everything a week, as a test needs it otherwise. */
const storeOn = (table: string, more: Partial<PgRecordingOptions> = {}) =>
  createPgRecordingStore({
    connectionString: TEST_DATABASE_URL,
    table,
    record: ['all'],
    keepMs: 7 * DAY,
    maxBytes: 1e9,
    logger: createLogger('silent'),
    ...more,
  });

describe.skipIf(!reachable)('recordings in PostgreSQL', () => {
  const stem = randomTable('rec_test');
  let now = Date.UTC(2026, 10, 20, 14, 0, 0);
  const dropped: number[] = [];
  const store = storeOn(stem, { onDropped: (n) => dropped.push(n), clock: () => now });
  const t0 = Date.UTC(2026, 10, 19, 14, 0, 0);

  beforeAll(async () => {
    // Yesterday 14:00: C10420 in alarm at 14:10, closed at 14:20; a second account meanwhile.
    store.record(
      poll(t0, { full: true, rows: new Map([['a1', alarm('a1', 'C10001', '2026-11-19T13:59:00')]]) }),
    );
    store.record(
      poll(t0 + 600_000, {
        changes: { upserts: [alarm('a2', 'C10420', '2026-11-19T14:10:00')], removes: [] },
        delta: { feed: 'alarms', agencyId: '21001', epoch: 'e1', seq: 1, upserts: [], removes: [], at: 0 },
      }),
    );
    store.record(poll(t0 + 1_200_000, { changes: { upserts: [], removes: ['a2'] } }));
    // A second day: a partition of its own.
    store.record(poll(t0 + DAY, { full: true, rows: new Map() }));
    await store.flushed();
  });
  afterAll(async () => {
    await store.tables.dropAll();
    await store.close();
  });

  it('finds the moments of one account in a time range, each in the recording that replays it', async () => {
    const found = await store.search({
      agencies: ['21001'],
      csNo: 'C10420',
      from: t0,
      to: t0 + 3_600_000,
      limit: 100,
    });
    expect(found.map((m) => [m.kind, m.t - t0])).toEqual([
      ['alarm.opened', 600_000],
      ['alarm.closed', 1_200_000],
    ]);
    expect(found[0]).toMatchObject({ text: 'BURGLARY a2', eventType: 'BA', offsetMs: 600_000 });
    const lines = await store.read(found[0].recording);
    expect(lines?.map((l) => l.kind)).toEqual(['full', 'delta', 'delta']);
    // Another dealer's agencies are not searched.
    expect(await store.search({ agencies: ['31001'], from: t0, to: t0 + DAY, limit: 10 })).toEqual([]);
  });

  it('cuts a time range whole: the state at its start, then what changed', async () => {
    const lines = await store.range('21001', 'alarms', t0 + 900_000, t0 + 1_800_000);
    expect(lines[0]).toMatchObject({ kind: 'full', t: t0 + 900_000 });
    expect((lines[0] as { rows: { id: string }[] }).rows.map((r) => r.id).sort()).toEqual(['a1', 'a2']);
    expect(lines.slice(1).map((l) => l.kind)).toEqual(['delta']);
  });

  it('lists one recording per segment and opens the one that holds a moment', async () => {
    const list = await store.list(new Set(['21001']));
    expect(list.map((r) => parseRecordingName(r.name)?.startedAt)).toEqual([t0 + DAY, t0]);
    expect(await store.recordingAt('21001', 'alarms', t0 + 700_000)).toMatchObject({ startedAt: t0 });
  });

  it('a takeover writes what the previous holder polled but never wrote, from the feed store', async () => {
    const other = { agencyId: '21002', feed: 'alarms' as const };
    const at = t0 + 2 * 3_600_000;
    const delta = (seq: number, id: string) => ({
      ...other,
      epoch: 'e9',
      seq,
      upserts: [alarm(id, 'C20002', '2026-11-19T16:00:00')],
      removes: [],
      at: at + seq * 1000,
    });
    store.useBacklog?.(async (ref, epoch, seq) =>
      ref.agencyId === '21002' && epoch === 'e9' && seq === 0 ? [delta(1, 'b1'), delta(2, 'b2')] : null,
    );
    store.record(poll(at, { ref: other, full: true, rows: new Map(), position: { epoch: 'e9', seq: 0 } }));
    await store.flushed();
    // The holder died with deltas 1 and 2 queued; this process resumes the feed at seq 2.
    const rows = new Map([
      ['b1', alarm('b1', 'C20002', '2026-11-19T16:00:00')],
      ['b2', alarm('b2', 'C20002', '2026-11-19T16:00:00')],
    ]);
    store.record(poll(at + 5000, { ref: other, resumed: true, rows, position: { epoch: 'e9', seq: 2 } }));
    let found: Awaited<ReturnType<typeof store.search>> = [];
    for (let i = 0; i < 100 && found.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 20));
      found = await store.search({ agencies: ['21002'], from: at, to: at + 10_000, limit: 10 });
    }
    expect(found.map((m) => [m.kind, m.rowId, m.t - at])).toEqual([
      ['alarm.opened', 'b1', 1000],
      ['alarm.opened', 'b2', 2000],
    ]);
    const lines = await store.range('21002', 'alarms', at, at + 10_000);
    expect(lines.map((l) => [l.kind, l.t - at])).toEqual([
      ['full', 0],
      ['delta', 1000],
      ['delta', 2000],
      ['full', 5000],
    ]);
  });

  it('drops whole days that fell out of the window, and nothing of the days kept', async () => {
    // A week after the end of the 19th: that day is out of the window, the 20th is not.
    now = t0 + 8 * DAY;
    await store.prune();
    const days = await store.tables.partitions();
    expect(days.map((d) => new Date(d.day).toISOString().slice(0, 10))).toEqual(['2026-11-20']);
    expect(await store.search({ agencies: ['21001'], from: t0, to: t0 + DAY, limit: 10 })).toEqual([]);
    expect(await store.recordingAt('21001', 'alarms', t0 + DAY + 1)).toMatchObject({ startedAt: t0 + DAY });
  });
});

describe.skipIf(!reachable)('recordings in PostgreSQL over their byte cap', () => {
  const today = Date.UTC(2026, 10, 22, 0, 0, 0);
  const now = today + 9 * 3_600_000;
  const store = storeOn(randomTable('rec_cap'), {
    // Below what even one day's partitions take: the cap, not the window, decides.
    maxBytes: 1,
    clock: () => now,
  });
  afterAll(async () => {
    await store.tables.dropAll();
    await store.close();
  });

  it('drops the oldest days until the rest fit, and never today, all within the window', async () => {
    // Four days, each well inside the 7-day window: three days ago up to this morning.
    for (const day of [today - 3 * DAY, today - 2 * DAY, today - DAY, today])
      store.record(
        poll(day + 3_600_000, {
          full: true,
          rows: new Map([
            ['c1', alarm('c1', 'C10420', new Date(day + 3_600_000).toISOString().slice(0, 19))],
          ]),
        }),
      );
    await store.flushed();
    const dayNames = (ps: { day: number }[]) => ps.map((p) => new Date(p.day).toISOString().slice(0, 10));
    const before = await store.tables.partitions();
    expect(dayNames(before)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);

    // A cap the three newest days fit with room to spare, but not all four: only the oldest goes.
    const threeNewest = before.slice(1).reduce((n, p) => n + p.bytes, 0);
    await store.tables.prune(now, 7 * DAY, threeNewest + Math.floor(before[0].bytes / 2));
    expect(dayNames(await store.tables.partitions())).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);

    // The store's own cap (1 byte) is below today alone: every older day goes, today stays and replays.
    await store.prune();
    expect(dayNames(await store.tables.partitions())).toEqual(['2026-11-22']);
    expect(await store.recordingAt('21001', 'alarms', today + 3_600_000)).toMatchObject({
      startedAt: today + 3_600_000,
    });
    expect(await store.recordingAt('21001', 'alarms', today - DAY + 3_600_000)).toBeNull();
  });
});

describe.skipIf(!reachable)('recordings in PostgreSQL at a takeover', () => {
  const t0 = Date.UTC(2026, 10, 21, 9, 0, 0);
  const delta = (seq: number, at: number, row: FeedRow) => ({
    ...ref,
    epoch: 'e7',
    seq,
    at,
    upserts: [row],
    removes: [],
  });
  // What the previous holder published and the feed store still holds, never written by it.
  const missed = delta(1, t0 + 1_000, alarm('b2', 'C10420', '2026-11-21T09:00:01'));
  let backlogCalls = 0;
  const stem = randomTable('rec_takeover_unit');
  // Two hosts on one database: the holder that died and the one taking its feeds over.
  const host = (more: Partial<PgRecordingOptions> = {}) =>
    storeOn(stem, { clock: () => t0 + 5_000, ...more });
  const previous = host();
  const survivor = host({
    catchUpWaitMs: 10,
    // Redis restarting as the lease moves: the first two reads of the backlog fail as ioredis does.
    backlog: async (_ref, epoch, seq) => {
      backlogCalls += 1;
      if (backlogCalls <= 2) throw new Error('Connection is closed.');
      return epoch === 'e7' && seq === 0 ? [missed] : null;
    },
  });
  afterAll(async () => {
    await previous.tables.dropAll();
    await previous.close();
    await survivor.close();
  });

  it('writes what the previous holder never wrote, once the feed store answers again', async () => {
    const b1 = alarm('b1', 'C10001', '2026-11-21T08:59:00');
    previous.record(poll(t0, { full: true, rows: new Map([['b1', b1]]), position: { epoch: 'e7', seq: 0 } }));
    await previous.flushed();
    // The survivor takes the feed over at seq 1 (the missed delta applied from the feed store).
    const rows = new Map([
      ['b1', b1],
      ['b2', missed.upserts[0]],
    ]);
    survivor.record(poll(t0 + 3_000, { resumed: true, rows, position: { epoch: 'e7', seq: 1 } }));
    await vi.waitFor(
      async () => {
        const [state] = await survivor.range(ref.agencyId, 'alarms', t0 + 1_000, t0 + 1_000);
        expect(state?.kind === 'full' && state.rows.map((r) => r.id).sort()).toEqual(['b1', 'b2']);
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(backlogCalls).toBe(3);
  });
});
