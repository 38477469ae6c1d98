import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFeedPoller } from './feedPoller';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/**
 * A poller at `intervalMs` (1 s by default) with its jitter at the midpoint; `times` holds each
 * poll's start, after which `poll` runs (and may throw).
 */
function timedPoller(o: {
  intervalMs?: number;
  poll?: () => Promise<void>;
  onError?: (failures: number) => void;
}) {
  const times: number[] = [];
  const p = createFeedPoller({
    intervalMs: o.intervalMs ?? 1000,
    initialDelayMs: 0,
    random: () => 0.5,
    pollOnce: async () => {
      times.push(Date.now());
      await o.poll?.();
    },
    onError: (_e, n) => o.onError?.(n),
  });
  return { p, times };
}

/** A poller every poll of which fails. */
const alwaysFailing = (onError?: (failures: number) => void) =>
  timedPoller({
    poll: async () => {
      throw new Error('down');
    },
    onError,
  });

describe('feed poller', () => {
  it('polls at the interval and never runs two polls of a feed at once', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    let polls = 0;
    const p = createFeedPoller({
      intervalMs: 1000,
      initialDelayMs: 0,
      pollOnce: async () => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        polls++;
        await new Promise((r) => setTimeout(r, 1500)); // slower than the interval
        inFlight--;
      },
      onError: () => {},
    });
    p.start();
    p.pollSoon();
    p.pollSoon();
    await vi.advanceTimersByTimeAsync(10_000);
    p.stop();
    expect(maxInFlight).toBe(1);
    expect(polls).toBeGreaterThanOrEqual(6);
  });

  it('backs off with jitter after failures and reports each', async () => {
    const errors: number[] = [];
    const { p, times } = alwaysFailing((n) => errors.push(n));
    const t0 = Date.now();
    p.start();
    await vi.advanceTimersByTimeAsync(16_000);
    p.stop();
    expect(errors.slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect(times.map((t) => t - t0).slice(0, 5)).toEqual([0, 1000, 3000, 7000, 15000]);
  });

  it('returns to the interval after a success', async () => {
    let fail = true;
    const { p, times } = timedPoller({
      poll: async () => {
        if (fail) throw new Error('down');
      },
      onError: () => {
        fail = false;
      },
    });
    const t0 = Date.now();
    p.start();
    await vi.advanceTimersByTimeAsync(3500);
    p.stop();
    expect(times.map((t) => t - t0)).toEqual([0, 1000, 2000, 3000]);
  });

  it('polls at the delays the poll scheduler gives, each counted from the start of the last poll', async () => {
    const delays = [250, 400, 1000];
    const times: number[] = [];
    const p = createFeedPoller({
      intervalMs: 2000,
      nextDelayMs: () => delays.shift() ?? 2000,
      initialDelayMs: 0,
      pollOnce: async () => {
        times.push(Date.now());
        await new Promise((r) => setTimeout(r, 50));
      },
      onError: () => {},
    });
    const t0 = Date.now();
    p.start();
    await vi.advanceTimersByTimeAsync(1700);
    p.stop();
    expect(times.map((t) => t - t0)).toEqual([0, 250, 650, 1650]);
  });

  it('polls at once when nudged, but never sooner than the least gap after the last poll started', async () => {
    let ms = 0;
    const { p, times } = timedPoller({
      intervalMs: 2000,
      poll: () => new Promise((r) => setTimeout(r, ms)),
    });
    const t0 = Date.now();
    p.start();
    await vi.advanceTimersByTimeAsync(100);
    p.nudge(250); // 100 ms after the first poll: held until 250
    await vi.advanceTimersByTimeAsync(900); // to 1000
    p.nudge(250); // 750 ms after the last poll: at once
    await vi.advanceTimersByTimeAsync(10);
    p.nudge(5000); // due later than the poll already set: changes nothing
    ms = 400;
    await vi.advanceTimersByTimeAsync(2090); // to 3100, in the poll that started at 3000
    p.nudge(250); // heard during the poll: the next starts as it ends
    await vi.advanceTimersByTimeAsync(500);
    p.stop();
    const at = times.map((t) => t - t0);
    expect(at.slice(0, 4)).toEqual([0, 250, 1000, 3000]);
    // A timer of 0 ms fires on the next tick of the fake clock.
    expect(at[4]).toBeGreaterThanOrEqual(3400);
    expect(at[4]).toBeLessThanOrEqual(3401);
    expect(at).toHaveLength(5);
  });

  it('ignores nudges while failing: the back-off stands', async () => {
    const { p, times } = alwaysFailing();
    const t0 = Date.now();
    p.start();
    await vi.advanceTimersByTimeAsync(1500);
    p.nudge(250);
    await vi.advanceTimersByTimeAsync(1000);
    p.stop();
    expect(times.map((t) => t - t0)).toEqual([0, 1000]);
  });
});
