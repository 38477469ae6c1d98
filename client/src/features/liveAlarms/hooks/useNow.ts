import { useSyncExternalStore } from 'react';

/**
 * A shared clock: every component asking for the same interval reads one timer, so a hundred
 * alarm clocks tick together with one setInterval and re-render only themselves.
 */
interface Clock {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
  subscribe(listener: () => void): () => void;
  read(): number;
}

const clocks = new Map<number, Clock>();

function clockOf(intervalMs: number): Clock {
  let c = clocks.get(intervalMs);
  if (c) return c;
  const clock: Clock = {
    now: Date.now(),
    listeners: new Set(),
    timer: null,
    // NOTE: one stable subscribe per interval: a new function per render would make React
    // resubscribe on every render.
    subscribe(listener) {
      clock.listeners.add(listener);
      if (!clock.timer) {
        // An idle clock catches up once, when it starts again (not on every resubscribe).
        if (Date.now() - clock.now >= intervalMs) clock.now = Date.now();
        clock.timer = setInterval(() => {
          clock.now = Date.now();
          for (const l of [...clock.listeners]) l();
        }, intervalMs);
      }
      return () => {
        clock.listeners.delete(listener);
        if (clock.listeners.size === 0 && clock.timer) {
          clearInterval(clock.timer);
          clock.timer = null;
        }
      };
    },
    read: () => clock.now,
  };
  clocks.set(intervalMs, clock);
  c = clock;
  return c;
}

/** The current time, updated every `intervalMs`. */
export function useNow(intervalMs = 1000): number {
  const c = clockOf(intervalMs);
  return useSyncExternalStore(c.subscribe, c.read, c.read);
}

/**
 * Calls `listener` on each tick of the shared clock of `intervalMs`, without a render; returns
 * the unsubscribe. For work that follows the time but shows only when its result changes.
 */
export function onClockTick(intervalMs: number, listener: () => void): () => void {
  return clockOf(intervalMs).subscribe(listener);
}
