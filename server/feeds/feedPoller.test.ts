import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFeedPoller } from './feedPoller';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

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
    const times: number[] = [];
    const errors: number[] = [];
    const p = createFeedPoller({
      intervalMs: 1000,
      initialDelayMs: 0,
      random: () => 0.5,
      pollOnce: async () => {
        times.push(Date.now());
        throw new Error('down');
      },
      onError: (_e, n) => errors.push(n),
    });
    const t0 = Date.now();
    p.start();
    await vi.advanceTimersByTimeAsync(16_000);
    p.stop();
    expect(errors.slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect(times.map((t) => t - t0).slice(0, 5)).toEqual([0, 1000, 3000, 7000, 15000]);
  });

  it('returns to the interval after a success', async () => {
    let fail = true;
    const times: number[] = [];
    const p = createFeedPoller({
      intervalMs: 1000,
      initialDelayMs: 0,
      random: () => 0.5,
      pollOnce: async () => {
        times.push(Date.now());
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
});
