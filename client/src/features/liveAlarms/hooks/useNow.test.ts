import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// NOTE: the clocks are module state, and this project's files share their modules
// (vitest.config.ts, `isolate: false`): a screen another file rendered may still read a clock.
// Each test takes a module of its own.
let clockOf: typeof import('./useNow').clockOf;
let onClockTick: typeof import('./useNow').onClockTick;

beforeEach(async () => {
  vi.resetModules();
  ({ clockOf, onClockTick } = await import('./useNow'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the shared clocks', () => {
  it("tick from one timer, each on its interval's boundaries in wall-clock time, together when they meet", () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:58.300Z'));
    const ticks: string[] = [];
    const stopSecond = onClockTick(1000, () =>
      ticks.push(`s ${new Date(clockOf(1000).read()).toISOString()}`),
    );
    const stopMinute = onClockTick(60_000, () =>
      ticks.push(`m ${new Date(clockOf(60_000).read()).toISOString()}`),
    );
    // One timer for both clocks, not one per clock.
    expect(vi.getTimerCount()).toBe(1);

    // The second's clock ticks as the second begins, not a second after it was first read.
    vi.advanceTimersByTime(699);
    expect(ticks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ticks).toEqual(['s 2026-01-01T10:00:59.000Z']);

    // At the minute both tick, in the same timer's task: the browser draws one frame for both.
    const tasks = vi.getTimerCount();
    vi.advanceTimersByTime(1000);
    expect(tasks).toBe(1);
    expect(ticks.slice(1)).toEqual(['s 2026-01-01T10:01:00.000Z', 'm 2026-01-01T10:01:00.000Z']);
    expect(vi.getTimerCount()).toBe(1);

    stopSecond();
    stopMinute();
    // A clock nobody reads holds no timer.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a timer that fires a little early ticks the second it was set for', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-01-01T11:00:00.500Z'));
    const seen: number[] = [];
    const stop = onClockTick(1000, () => seen.push(clockOf(1000).read()));
    // The timer fires 3 ms before the second by the page's clock (the host's clocks differ): the
    // clock reads the second it was set for, not the one before it again.
    vi.setSystemTime(new Date('2026-01-01T11:00:00.497Z'));
    vi.advanceTimersByTime(500);
    expect(seen.map((t) => new Date(t).toISOString())).toEqual(['2026-01-01T11:00:01.000Z']);
    stop();
  });
});
