import { describe, expect, it, vi } from 'vitest';
import {
  sortEpisodes,
  type AnomaliesChangedMessage,
  type AnomaliesMessage,
  type AnomaliesMovedMessage,
  type AnomalyEpisode,
} from '../../shared/anomalies/anomalyApi';
import type { EventLogRow } from '../../shared/upstream/eventLogRow';
import type { AuditEntry } from '../audit/auditEntry';
import type { PollReport } from '../feeds/agencyFeed';
import { createLogger } from '../observability/logger';
import { createMemoryAnomalyStore, type AnomalyStore } from './anomalyStore';
import { changedMessages, createLiveAnomalies } from './liveAnomalies';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 29, 12, 0, 0);
let n = 0;

function row(csNo: string, at: number, eventrpt_id = 'O'): EventLogRow {
  const iso = new Date(at).toISOString();
  return {
    id: `e${++n}`,
    eventDate: iso,
    eventDateTime: iso,
    eventrpt_id,
    event_Id: null,
    description: null,
    isTestCleared: 'Y',
    cS_: csNo,
    site_no: '7',
    system_No: '70',
    siteName: 'Corner Shop',
    address1: null,
    address2: null,
    city: null,
    state: null,
    zipcode: null,
  };
}

function report(rows: EventLogRow[], at: number, first = false, agencyId = '10'): PollReport {
  return {
    ref: { feed: 'events', agencyId },
    ms: 1,
    ok: true,
    requests: 1,
    bytes: 1,
    at,
    ...(first
      ? { full: true, rows: new Map(rows.map((r) => [r.id, r])) }
      : rows.length
        ? { added: rows }
        : {}),
  };
}

/** One bridge's live anomalies on a shared store, with what it told and what a screen that heard it shows. */
function bridge(store: AnomalyStore) {
  const alerts: AnomalyEpisode[] = [];
  const published: AnomaliesMessage[] = [];
  const moved: AnomaliesMovedMessage[] = [];
  const changed: AnomaliesChangedMessage[] = [];
  const audit: AuditEntry[] = [];
  let list: AnomalyEpisode[] = [];
  let rev = 0;
  let gaps = 0;
  const live = createLiveAnomalies({
    store,
    publish: (m) => {
      published.push(m);
      list = m.episodes;
      rev = m.rev;
    },
    publishMoved: (m) => {
      moved.push(m);
      list = list.map((e) => m.episodes.find((x) => x.id === e.id) ?? e);
    },
    publishChanged: (m) => {
      changed.push(m);
      if (m.from !== rev) return void gaps++;
      list = sortEpisodes([...list.filter((e) => !m.closed.includes(e.id)), ...m.opened]);
      rev = m.rev;
    },
    alert: async (e) => void alerts.push(e),
    record: async (e) => void audit.push(e),
    logger: createLogger('silent'),
  });
  /** The count of each episode a screen that heard it all shows. */
  const shown = () => list.map((e) => e.count);
  const episodes = () => list;
  return { live, alerts, published, moved, changed, audit, shown, episodes, gaps: () => gaps };
}

/** Thresholds a test reaches in a few rows: a runaway at 3 signals in 10 minutes, repeat alarms out of reach. */
const THREE_IN_TEN_MINUTES = { runawaySignals: 3, runawayMinutes: 10, repeatAlarms: 50, repeatHours: 1 };

describe('live anomalies', () => {
  it('a runaway opens one episode, alerts once, updates without alerting, and closes after its window', async () => {
    const store = createMemoryAnomalyStore();
    await store.setThresholds('10', THREE_IN_TEN_MINUTES);
    const b = bridge(store);
    b.live.onPoll(report([], T0, true));
    b.live.onPoll(report([row('C1', T0), row('C1', T0 + MIN)], T0 + MIN));
    await b.live.settled();
    expect(b.alerts).toHaveLength(0);
    b.live.onPoll(report([row('C1', T0 + 2 * MIN)], T0 + 2 * MIN));
    await b.live.settled();
    expect(b.alerts.map((e) => [e.kind, e.csNo, e.count, e.window])).toEqual([['runaway', 'C1', 3, 10]]);
    expect(b.changed.at(-1)).toMatchObject({ from: 0, rev: 1, closed: [] });
    expect(b.shown()).toEqual([3]);
    b.live.onPoll(report([row('C1', T0 + 3 * MIN), row('C1', T0 + 3 * MIN)], T0 + 3 * MIN));
    await b.live.settled();
    expect(b.alerts).toHaveLength(1);
    expect(b.shown()).toEqual([5]);
    b.live.onPoll(report([], T0 + 20 * MIN));
    await b.live.settled();
    expect(b.changed.at(-1)).toMatchObject({ from: 1, rev: 2, opened: [], closed: [b.alerts[0]!.id] });
    expect(b.episodes()).toEqual([]);
    expect([b.published.length, b.gaps()]).toEqual([1, 0]);
    expect(b.audit.map((e) => e.message?.split(':')[0])).toEqual(['opened', 'closed']);
    expect(await store.open('10')).toEqual([]);
  });

  it('an update is audited only when the count reaches another multiple of the threshold', async () => {
    const store = createMemoryAnomalyStore();
    await store.setThresholds('10', THREE_IN_TEN_MINUTES);
    const b = bridge(store);
    b.live.onPoll(report([row('C6', T0), row('C6', T0 + 1), row('C6', T0 + 2)], T0 + MIN, true));
    for (let i = 3; i <= 7; i++) b.live.onPoll(report([row('C6', T0 + i)], T0 + MIN));
    await b.live.settled();
    expect(b.shown()).toEqual([8]);
    expect(b.audit.map((e) => e.message?.split(': Runaway')[0])).toEqual(['opened', 'updated']);
    expect(b.audit[1]!.message).toContain('sent 6 signals');
    expect(b.alerts).toHaveLength(1);
  });

  it('thresholds read while the owner changes them are not kept: the next poll uses the new ones', async () => {
    const store = createMemoryAnomalyStore();
    let hold: (() => void) | null = null;
    const slow: AnomalyStore = {
      ...store,
      async thresholds(agencyId) {
        const answer = await store.thresholds(agencyId);
        if (!hold) await new Promise<void>((r) => (hold = r));
        return answer;
      },
    };
    const b = bridge(slow);
    const rows = [row('C7', T0, 'B'), row('C7', T0 + 1, 'B'), row('C7', T0 + 2, 'B')];
    b.live.onPoll(report(rows, T0 + MIN, true));
    await vi.waitFor(() => expect(hold).not.toBeNull());
    await store.setThresholds('10', {
      runawaySignals: 20,
      runawayMinutes: 60,
      repeatAlarms: 10,
      repeatHours: 24,
    });
    b.live.forgetThresholds('10');
    hold!();
    await b.live.settled();
    // The poll under way used what it read (the defaults) once; the next one closes by the new.
    expect(b.episodes().map((e) => e.kind)).toEqual(['repeatAlarms']);
    b.live.onPoll(report([], T0 + MIN + 1000));
    await b.live.settled();
    expect(b.episodes()).toEqual([]);
  });

  it('three repeat alarms in the window open a repeat-alarms episode; other events do not count', async () => {
    const b = bridge(createMemoryAnomalyStore());
    const rows = [
      row('C2', T0, 'B'),
      row('C2', T0 + MIN, 'O'),
      row('C2', T0 + 2 * MIN, 'B'),
      row('C2', T0 + 3 * MIN, 'F'),
    ];
    b.live.onPoll(report(rows, T0 + 4 * MIN, true));
    await b.live.settled();
    expect(b.alerts.map((e) => [e.kind, e.csNo, e.count, e.window])).toEqual([['repeatAlarms', 'C2', 3, 24]]);
  });

  it('a bridge taking over the feed (the holder killed) finds the episode open and alerts nothing', async () => {
    const store = createMemoryAnomalyStore();
    await store.setThresholds('10', THREE_IN_TEN_MINUTES);
    const first = bridge(store);
    const rows = [row('C3', T0), row('C3', T0 + 1), row('C3', T0 + 2)];
    first.live.onPoll(report(rows, T0 + MIN, true));
    await first.live.settled();
    const second = bridge(store);
    const more = [...rows, row('C3', T0 + 2 * MIN)];
    second.live.onPoll({ ...report(more, T0 + 2 * MIN, true), full: undefined, resumed: true });
    await second.live.settled();
    expect(first.alerts).toHaveLength(1);
    expect(second.alerts).toHaveLength(0);
    // The new holder says the list once, whole, at the revision the first one left.
    expect(second.published.map((m) => [m.rev, m.episodes.length])).toEqual([[1, 1]]);
    expect((await store.open('10')).map((e) => [e.id, e.count])).toEqual([[first.alerts[0]!.id, 4]]);
  });

  it('a user placing the account on test during its episode is in the audit log under their name', async () => {
    const store = createMemoryAnomalyStore();
    await store.setThresholds('10', THREE_IN_TEN_MINUTES);
    const b = bridge(store);
    b.live.onPoll(report([row('C5', T0), row('C5', T0 + 1), row('C5', T0 + 2)], T0 + MIN, true));
    await b.live.settled();
    const placed = {
      ...b.audit[0]!,
      id: 'x',
      action: 'placeOnTest' as const,
      username: 'dana',
      contactNumber: '7',
    };
    b.live.observe({ ...placed, outcome: 'attempted' });
    b.live.observe({ ...placed, csNo: 'C9' });
    b.live.observe(placed);
    await vi.waitFor(() => expect(b.audit).toHaveLength(2));
    expect(b.audit[1]).toMatchObject({ action: 'anomaly', username: 'dana', csNo: 'C5' });
    expect(b.audit[1]!.message).toMatch(/^acted on: placed on test: Runaway: CS# C5/);
    await new Promise((r) => setTimeout(r, 20));
    expect(b.audit).toHaveLength(2);
  });

  it("one agency's episodes never reach another agency's list", async () => {
    const b = bridge(createMemoryAnomalyStore());
    const rows = Array.from({ length: 20 }, (_, i) => row('C4', T0 + i * 1000));
    b.live.onPoll(report(rows, T0 + MIN, true, '10'));
    b.live.onPoll(report([], T0 + MIN, true, '20'));
    await b.live.settled();
    expect((await b.live.list('10')).episodes).toHaveLength(1);
    expect((await b.live.list('20')).episodes).toEqual([]);
    expect(b.published.filter((m) => m.agencyId === '20').flatMap((m) => m.episodes)).toEqual([]);
    expect(b.changed.filter((m) => m.agencyId === '20')).toEqual([]);
  });

  it('a moved count reaches the screens within 5 s, only the episodes that moved; an opening at once, alone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const store = createMemoryAnomalyStore();
      await store.setThresholds('10', THREE_IN_TEN_MINUTES);
      const b = bridge(store);
      b.live.onPoll(report([], T0, true));
      const three = (csNo: string, at: number) => [row(csNo, at), row(csNo, at), row(csNo, at)];
      b.live.onPoll(report([...three('C1', T0 + MIN), ...three('C2', T0 + MIN)], T0 + MIN));
      await b.live.assessed();
      const counts = (m?: { episodes: AnomalyEpisode[] }) => m?.episodes.map((e) => [e.csNo, e.count]);
      expect(b.changed.at(-1)).toMatchObject({ from: 0, rev: 2 });
      expect(counts({ episodes: b.changed.at(-1)!.opened })).toEqual([
        ['C1', 3],
        ['C2', 3],
      ]);
      const sent = b.published.length;
      // Three signals of C1 in three polls move its count: nothing is sent until 5 s have passed,
      // then C1 alone.
      for (let i = 1; i <= 3; i++) b.live.onPoll(report([row('C1', T0 + MIN + i)], T0 + MIN + i));
      await b.live.assessed();
      await vi.advanceTimersByTimeAsync(4999);
      expect(b.moved).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(b.moved.map((m) => counts(m))).toEqual([[['C1', 6]]]);
      expect(b.published).toHaveLength(sent);
      expect(b.shown()).toEqual([6, 3]);
      // An opening goes at once and alone; a moved count waiting still goes within its 5 s.
      b.live.onPoll(report([row('C1', T0 + 2 * MIN)], T0 + 2 * MIN));
      b.live.onPoll(report(three('C3', T0 + 2 * MIN), T0 + 2 * MIN + 1));
      await b.live.assessed();
      expect(b.changed.at(-1)).toMatchObject({ from: 2, rev: 3, closed: [] });
      expect(counts({ episodes: b.changed.at(-1)!.opened })).toEqual([['C3', 3]]);
      expect(b.shown()).toEqual([6, 3, 3]);
      await vi.advanceTimersByTimeAsync(5000);
      expect(counts(b.moved.at(-1))).toEqual([['C1', 7]]);
      expect(b.shown()).toEqual([7, 3, 3]);
      await vi.advanceTimersByTimeAsync(10_000);
      expect([b.published.length, b.moved.length, b.gaps()]).toEqual([sent, 2, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('openings and closings go as runs of revisions that follow each other, each run one message', () => {
    const e = (id: string) => ({ id }) as AnomalyEpisode;
    const msgs = changedMessages(
      '10',
      [
        { rev: 6, closed: 'c' },
        { rev: 3, opened: e('a') },
        { rev: 4, opened: e('b') },
      ],
      9,
    );
    expect(msgs.map((m) => [m.from, m.rev, m.opened.map((o) => o.id), m.closed])).toEqual([
      [2, 4, ['a', 'b'], []],
      [5, 6, [], ['c']],
    ]);
    expect(changedMessages('10', [], 9)).toEqual([]);
  });
});
