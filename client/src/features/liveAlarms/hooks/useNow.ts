import { useSyncExternalStore } from 'react';

/**
 * A shared clock: every component asking for the same interval reads one timer, so a hundred
 * alarm clocks tick together with one setInterval and re-render only themselves.
 */
const clocks = new Map<
  number,
  { now: number; listeners: Set<() => void>; timer: ReturnType<typeof setInterval> | null }
>();

function clockOf(intervalMs: number) {
  let c = clocks.get(intervalMs);
  if (!c) {
    c = { now: Date.now(), listeners: new Set(), timer: null };
    clocks.set(intervalMs, c);
  }
  return c;
}

function subscribe(intervalMs: number, listener: () => void) {
  const c = clockOf(intervalMs);
  c.listeners.add(listener);
  if (!c.timer) {
    c.now = Date.now();
    c.timer = setInterval(() => {
      c.now = Date.now();
      for (const l of [...c.listeners]) l();
    }, intervalMs);
  }
  return () => {
    c.listeners.delete(listener);
    if (c.listeners.size === 0 && c.timer) {
      clearInterval(c.timer);
      c.timer = null;
    }
  };
}

/** The current time, updated every `intervalMs`. */
export function useNow(intervalMs = 1000): number {
  return useSyncExternalStore(
    (l) => subscribe(intervalMs, l),
    () => clockOf(intervalMs).now,
    () => clockOf(intervalMs).now,
  );
}
