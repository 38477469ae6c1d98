import { describe, expect, it } from 'vitest';
import type { RecordLine } from './recordingFormat';
import { alarmMoments, createReplaySession, MAX_MARKS } from './replaySession';

const full = (t: number, ids: string[]): RecordLine => ({
  kind: 'full',
  t,
  feed: 'alarms',
  agencyId: '21001',
  rows: ids.map((id) => ({ id })),
});
const delta = (t: number, ids: string[], removes: string[] = []): RecordLine => ({
  kind: 'delta',
  t,
  feed: 'alarms',
  agencyId: '21001',
  upserts: ids.map((id) => ({ id })),
  removes,
});

describe("a replay's alarm moments", () => {
  it('marks where a row appeared that the feed did not hold, not where one changed or left', () => {
    const lines = [
      full(1000, ['a']),
      delta(2000, ['a']),
      delta(5000, ['b']),
      delta(6000, [], ['a']),
      delta(9000, ['b', 'c']),
      delta(11_000, ['b']),
    ];
    expect(alarmMoments(lines)).toEqual([4000, 8000]);
  });

  it('does not mark older rows of the window read in after the first ones', () => {
    const t0 = Date.UTC(2026, 10, 24, 9);
    const dated = (id: string, at: number) => ({ id, alarm_Date: new Date(at).toISOString() });
    const lines: RecordLine[] = [
      { kind: 'full', t: t0, feed: 'alarms', agencyId: '21001', rows: [] },
      {
        kind: 'delta',
        t: t0 + 1000,
        feed: 'alarms',
        agencyId: '21001',
        upserts: [dated('old', t0 - 3_600_000)],
        removes: [],
      },
      {
        kind: 'delta',
        t: t0 + 5000,
        feed: 'alarms',
        agencyId: '21001',
        upserts: [dated('new', t0 + 4000)],
        removes: [],
      },
    ];
    expect(alarmMoments(lines)).toEqual([5000]);
  });

  it('merges moments closer than 1/400 of the recording', () => {
    const lines = [full(0, [])];
    for (let i = 1; i <= 2000; i++) lines.push(delta(i * 10, [`r${i}`]));
    const marks = alarmMoments(lines);
    expect(marks.length).toBeLessThanOrEqual(MAX_MARKS);
    expect(marks[0]).toBe(10);
  });

  it('reach the screen with the replay state', () => {
    const states: { marks: number[] }[] = [];
    const session = createReplaySession('r.jsonl.gz', [full(0, []), delta(3000, ['x'])], 1, {
      snapshot: () => {},
      delta: () => {},
      state: (s) => states.push(s),
    });
    session.start();
    session.stop();
    expect(states[0].marks).toEqual([3000]);
  });
});
