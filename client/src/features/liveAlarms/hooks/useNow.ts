import { useSyncExternalStore } from 'react';
import { listenerList } from '../../../lib/store/listenerList';

/**
 * Shared clocks: every component asking for the same interval reads one clock, so a hundred
 * alarm clocks tick together and re-render only themselves. Every clock ticks from one timer, on
 * the boundaries of its interval in wall-clock time (a second's clock as each second begins, a
 * minute's as each minute begins).
 *
 * NOTE: one aligned timer, not an interval per clock started whenever its first reader mounted:
 * the wall's clock, its status and the alarms' ages then change in one task, and the browser
 * draws one frame a second for them, not one per clock (issue 38: a TV stick's main thread); and
 * a clock shows a second as it begins, not up to a second late.
 */
interface Clock {
  intervalMs: number;
  now: number;
  listeners: ReturnType<typeof listenerList>;
  /** Due at the tick under way. */
  due: boolean;
  subscribe(listener: () => void): () => void;
  read(): number;
}

const clocks = new Map<number, Clock>();
let timer: ReturnType<typeof setTimeout> | null = null;
let timerAt = Infinity;
/** A timer that fires this much before its boundary (clocks differ by a millisecond) still ticks it. */
const EARLY_MS = 4;

const boundaryAfter = (c: Clock) => (Math.floor(c.now / c.intervalMs) + 1) * c.intervalMs;

/** The one timer, set for the next boundary of a clock that has readers (none if none has). */
function schedule(): void {
  let at = Infinity;
  clocks.forEach((c) => {
    if (c.listeners.size > 0) at = Math.min(at, boundaryAfter(c));
  });
  if (at === timerAt) return;
  if (timer) clearTimeout(timer);
  timer = null;
  timerAt = at;
  if (at !== Infinity) timer = setTimeout(tick, Math.max(0, at - Date.now()));
}

function tick(): void {
  timer = null;
  timerAt = Infinity;
  const t = Date.now();
  // NOTE: no array of the clocks due, no iterators: this runs every second of a wall's day
  // (listenerList: garbage on a TV stick, issue 38).
  clocks.forEach((c) => {
    const boundary = boundaryAfter(c);
    c.due = c.listeners.size > 0 && t >= boundary - EARLY_MS;
    if (c.due) c.now = Math.max(t, boundary);
  });
  schedule();
  clocks.forEach(callDue);
}

function callDue(c: Clock): void {
  if (!c.due) return;
  c.due = false;
  c.listeners.call();
}

/** The shared clock of `intervalMs`: `read` answers the time of its last tick. */
export function clockOf(intervalMs: number): Pick<Clock, 'subscribe' | 'read'> {
  let c = clocks.get(intervalMs);
  if (c) return c;
  const clock: Clock = {
    intervalMs,
    now: Date.now(),
    listeners: listenerList(),
    due: false,
    // NOTE: one stable subscribe per interval: a new function per render would make React
    // resubscribe on every render.
    subscribe(listener) {
      // An idle clock catches up once, when it starts again (not on every resubscribe), and
      // after the system's time was set back, by any amount (its next tick is due from now).
      const t = Date.now();
      if (clock.listeners.size === 0 && (t < clock.now || t - clock.now >= intervalMs)) clock.now = t;
      const remove = clock.listeners.add(listener);
      schedule();
      return () => {
        remove();
        if (clock.listeners.size === 0) schedule();
      };
    },
    read: () => clock.now,
  };
  clocks.set(intervalMs, clock);
  c = clock;
  return c;
}

const stillClock = () => () => {};

/**
 * The current time, updated every `intervalMs`; while `ticking` is false the time of the last tick
 * read, with no render (a reader that needs the time only some of the time: a wall pinned to one
 * view has no turn to take).
 */
export function useNow(intervalMs = 1000, ticking = true): number {
  const c = clockOf(intervalMs);
  return useSyncExternalStore(ticking ? c.subscribe : stillClock, c.read, c.read);
}

/**
 * Calls `listener` on each tick of the shared clock of `intervalMs`, without a render; returns
 * the unsubscribe. For work that follows the time but shows only when its result changes.
 */
export function onClockTick(intervalMs: number, listener: () => void): () => void {
  return clockOf(intervalMs).subscribe(listener);
}
