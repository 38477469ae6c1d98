import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS, type AnomalyThresholds } from '../../shared/anomalies/anomalyApi';
import { createAnomalyDetector, KEEP_MS, type Signal } from './anomalyDetector';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 29, 12, 0, 0);
let n = 0;
function signal(csNo: string, at: number, opts: Partial<Signal> = {}): Signal {
  return {
    id: String(++n),
    at,
    csNo,
    siteNo: `s${csNo}`,
    systemNo: `y${csNo}`,
    siteName: `Site ${csNo}`,
    alarm: false,
    onTest: false,
    ...opts,
  };
}
const small: AnomalyThresholds = { runawaySignals: 3, runawayMinutes: 10, repeatAlarms: 2, repeatHours: 1 };

describe('anomaly detector', () => {
  it.each([
    { what: 'under the threshold', times: [0, 1, 2], found: [] },
    { what: 'at the threshold', times: [0, 1, 2, 3], found: [{ count: 4, crossedAt: 3 }] },
    { what: 'over the threshold', times: [0, 1, 2, 3, 4], found: [{ count: 5, crossedAt: 3 }] },
    { what: 'spread wider than the window', times: [-70, -50, -30, -10], found: [] },
  ])('a system with signals $what', ({ times, found }) => {
    const det = createAnomalyDetector();
    det.add(times.map((m) => signal('C1', T0 + m * MIN)));
    const got = det.assess(T0 + 5 * MIN, { ...small, runawaySignals: 4, runawayMinutes: 60 });
    expect(got.map((f) => ({ count: f.count, crossedAt: (f.crossedAt - T0) / MIN }))).toEqual(found);
  });

  it('repeat alarms count alarm events only, and no event sent while on test', () => {
    const det = createAnomalyDetector();
    det.add([
      signal('C2', T0, { alarm: true }),
      signal('C2', T0 + MIN, { alarm: false }),
      signal('C2', T0 + 2 * MIN, { alarm: true, onTest: true }),
    ]);
    expect(det.assess(T0 + 3 * MIN, { ...small, runawaySignals: 10 })).toEqual([]);
    det.add([signal('C2', T0 + 3 * MIN, { alarm: true })]);
    expect(det.assess(T0 + 3 * MIN, { ...small, runawaySignals: 10 })).toMatchObject([
      { kind: 'repeatAlarms', csNo: 'C2', count: 2, window: 1, siteName: 'Site C2' },
    ]);
  });

  it('a row met again (a resumed feed hands over every row) counts once', () => {
    const det = createAnomalyDetector();
    const rows = [signal('C3', T0), signal('C3', T0 + 1), signal('C3', T0 + 2)];
    det.add(rows);
    det.add(rows);
    expect(det.assess(T0 + MIN, small)[0]?.count).toBe(3);
  });

  it('the count falls back under the threshold once the window passes, and the old is forgotten', () => {
    const det = createAnomalyDetector();
    det.add([0, 1, 2].map((m) => signal('C4', T0 + m * MIN)));
    expect(det.assess(T0 + 9 * MIN, small)).toHaveLength(1);
    expect(det.assess(T0 + 11 * MIN, small)).toEqual([]);
    det.assess(T0 + KEEP_MS + 3 * MIN, small);
    expect(det.size()).toEqual({ accounts: 0, times: 0, ids: 0 });
  });

  it('the count is the signals within the window whatever order they arrive in (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 120 }), { maxLength: 60 }),
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 1, max: 90 }),
        (minutes, need, window) => {
          const det = createAnomalyDetector();
          det.add(minutes.map((m) => signal('C5', T0 + m * MIN)));
          const now = T0 + 120 * MIN;
          const t = { ...DEFAULT_THRESHOLDS, runawaySignals: need, runawayMinutes: window };
          const inWindow = minutes.filter((m) => T0 + m * MIN >= now - window * MIN).length;
          const got = det.assess(now, t).filter((f) => f.kind === 'runaway');
          expect(got.length).toBe(inWindow >= need ? 1 : 0);
          if (got[0]) expect(got[0].count).toBe(inWindow);
        },
      ),
    );
  });
});
