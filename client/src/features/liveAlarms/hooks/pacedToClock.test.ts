import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// NOTE: the clocks are module state shared between this project's files (useNow.test.ts): each
// test takes modules of its own.
let pacedToClock: typeof import('./pacedToClock').pacedToClock;
let onClockTick: typeof import('./useNow').onClockTick;

beforeEach(async () => {
  vi.resetModules();
  ({ pacedToClock } = await import('./pacedToClock'));
  ({ onClockTick } = await import('./useNow'));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-01-01T10:00:58.300Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

/** A store that says when it changed. */
function store() {
  const listeners = new Set<() => void>();
  return {
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    change: () => listeners.forEach((l) => l()),
    get listening() {
      return listeners.size;
    },
  };
}

describe("a store's changes paced to the second's clock", () => {
  it("are heard once on the next tick, however many came, in the clock's own task, and not at all without one", () => {
    const s = store();
    const heard: string[] = [];
    onClockTick(1000, () => heard.push('clock'));
    const stopA = pacedToClock(s.subscribe)(() => heard.push('a'));
    s.change();
    s.change();
    s.change();
    expect(heard).toEqual([]);
    vi.advanceTimersByTime(700);
    expect(heard).toEqual(['clock', 'a']);
    // A second with no change: the clock ticks, the listener hears nothing.
    vi.advanceTimersByTime(1000);
    expect(heard).toEqual(['clock', 'a', 'clock']);
    stopA();
  });

  it('holds one subscription to the store for all its listeners, and lets it go with the last', () => {
    const s = store();
    const paced = pacedToClock(s.subscribe);
    const heard: string[] = [];
    const stopA = paced(() => heard.push('a'));
    const stopB = paced(() => heard.push('b'));
    expect(s.listening).toBe(1);
    s.change();
    vi.advanceTimersByTime(700);
    expect(heard).toEqual(['a', 'b']);
    stopA();
    s.change();
    vi.advanceTimersByTime(1000);
    expect(heard).toEqual(['a', 'b', 'b']);
    stopB();
    expect(s.listening).toBe(0);
    // Nothing is held for a listener that comes later: a change before it is not heard as new.
    s.change();
    const stopC = paced(() => heard.push('c'));
    vi.advanceTimersByTime(1000);
    expect(heard).toEqual(['a', 'b', 'b']);
    stopC();
  });
});
