import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import type { FeedChange, FeedRowSource } from '../../../lib/live/feedView';
import { listenerList } from '../../../lib/store/listenerList';
import { eventTime } from '../model/eventFilters';

/** One line of the wall's "Events, last hour": an event type and how many events it had. */
export interface TypeCount {
  type: string;
  count: number;
}

const NONE: readonly TypeCount[] = [];

/**
 * The wall's events of the last hour, counted by type and kept up to date from the event
 * history's changes. It keeps of each event only its id, type and time, and only while the event
 * is in the window: a wall holds no rows of the 24-hour history, so its memory does not grow with
 * that window (docs/decisions.md, "A wall on a TV stick"). A change costs its own rows; `from`
 * moving on (once a minute) costs the events that leave it.
 *
 * React reads it through `subscribe`/`getSnapshot`: the counts, largest first, ties by type.
 * The bars' order (`types`) is ranked again as the hour moves on (once a minute), when a type
 * comes or goes, and with a new snapshot; between those the bars keep their places while their
 * counts and lengths move (docs/decisions.md, "The wall's bars keep their places for the minute").
 */
export function createEventTally(opts: { from: number }) {
  let from = opts.from;
  /** The events in the window: id → type and time. */
  const held = new Map<string, { type: string; at: number }>();
  /**
   * The times and ids of the events taken, oldest first, from `head` on: the hour moving on reads
   * only the events that leave it. An entry whose event is gone or has another time now is passed
   * over when its time leaves the hour. NOTE: a pass over the hour's events once a minute ran cold
   * (once a minute, the engine does not keep it fast) and was the costliest task of a wall's
   * minute on a TV stick, in the same tick as a delta's (issue 38, F36).
   */
  let times: number[] = [];
  let ids: string[] = [];
  let head = 0;
  const counts = new Map<string, number>();
  const listeners = listenerList();
  let snapshot: readonly TypeCount[] | null = null;
  /** The largest count, found once per change: every bar reads it for its length. */
  let most: number | null = null;
  /** The types in the order shown, and the snapshot they were read from. */
  let order: readonly string[] = [];
  /** `order` was checked against the counts since they last changed. */
  let orderChecked = true;
  /** The order is ranked again at its next read: the hour moved on, or a snapshot came. */
  let rankDue = true;
  /** Whether type `a` shows before type `b`: a larger count, or the same and `a` first by name. */
  const before = (a: string, b: string) => {
    const ca = counts.get(a) ?? 0;
    const cb = counts.get(b) ?? 0;
    return ca !== cb ? ca > cb : a.localeCompare(b) < 0;
  };

  const bump = (type: string, by: number) => {
    const n = (counts.get(type) ?? 0) + by;
    if (n > 0) counts.set(type, n);
    else counts.delete(type);
  };

  function drop(id: string): boolean {
    const old = held.get(id);
    if (!old) return false;
    held.delete(id);
    bump(old.type, -1);
    return true;
  }

  /** Files an event's time in order: most come in order, after the last. */
  function enqueue(at: number, id: string) {
    let i = times.length;
    if (i > head && times[i - 1] > at) {
      let lo = head;
      while (lo < i) {
        const mid = (lo + i) >> 1;
        if (times[mid] <= at) lo = mid + 1;
        else i = mid;
      }
      times.splice(i, 0, at);
      ids.splice(i, 0, id);
    } else {
      times.push(at);
      ids.push(id);
    }
  }

  function take(r: EventLogRow): boolean {
    const was = held.get(r.id)?.at;
    const had = drop(r.id);
    const at = eventTime(r).at;
    if (!(at >= from)) return had;
    held.set(r.id, { type: r.eventrpt_id, at });
    // The event's entry at that time is still filed (a row changed in place).
    if (was !== at) enqueue(at, r.id);
    bump(r.eventrpt_id, 1);
    return true;
  }

  /** Whether the order shown is the counts' ranking now. */
  const ranked = () => order.every((t, i) => i === 0 || before(order[i - 1], t));

  function changed() {
    snapshot = null;
    most = null;
    orderChecked = false;
    listeners.call();
  }

  const tally = {
    /** A change of the event history (FeedRowSource.onRows). */
    apply(change: FeedChange<EventLogRow>): void {
      let moved = false;
      if (change.kind === 'reset') {
        rankDue = true;
        moved = held.size > 0;
        held.clear();
        counts.clear();
        times = [];
        ids = [];
        head = 0;
        for (const r of change.rows.values()) moved = take(r) || moved;
      } else {
        for (const id of change.removes) moved = drop(id) || moved;
        for (const r of change.upserts) moved = take(r) || moved;
      }
      if (moved) changed();
    },
    /** Follows the history until the returned function is called, starting from the rows it holds now. */
    follow(source: FeedRowSource<EventLogRow>): () => void {
      if (source.rows.size > 0 || held.size > 0) tally.apply({ kind: 'reset', rows: source.rows });
      return source.onRows(tally.apply);
    },
    /** The window now starts at `next` (later than before): older events leave it. */
    moveTo(next: number): void {
      if (next <= from) return;
      from = next;
      rankDue = true;
      let moved = false;
      while (head < times.length && times[head] < from) {
        const id = ids[head];
        if (held.get(id)?.at === times[head]) moved = drop(id) || moved;
        head++;
      }
      // The entries passed over are let go once they are half of those filed.
      if (head > 64 && head * 2 > times.length) {
        times = times.slice(head);
        ids = ids.slice(head);
        head = 0;
      }
      if (moved || !ranked()) changed();
      else rankDue = false;
    },
    /** Where the window starts now (ms since the epoch): older events are not counted. */
    get from(): number {
      return from;
    },
    /** How many events it holds (the hour's, nothing older). */
    get size(): number {
      return held.size;
    },
    subscribe: (listener: () => void): (() => void) => listeners.add(listener),
    /** How many events of `type` the hour holds (0 for a type it has none of). */
    countOf(type: string): number {
      return counts.get(type) ?? 0;
    },
    /**
     * The types in the order shown: largest count first, ties by type, as ranked when the hour
     * last moved on, a type came or went, or a snapshot came; the same array until then,
     * whatever the counts do. NOTE: a wall's bars do not change places with each event: on a TV
     * stick a reorder lays out the whole page, and two close counts would swap them back and forth
     * all minute (issue 38).
     */
    types(): readonly string[] {
      if (orderChecked) return order;
      orderChecked = true;
      const sameTypes = order.length === counts.size && order.every((t) => counts.has(t));
      if (sameTypes && (!rankDue || ranked())) {
        rankDue = false;
        return order;
      }
      rankDue = false;
      const next = tally.getSnapshot().map((c) => c.type);
      if (next.length !== order.length || next.some((t, i) => t !== order[i])) order = next;
      return order;
    },
    /** The largest count of a type (0 with none): a full bar. */
    largest(): number {
      if (most === null) {
        let m = 0;
        counts.forEach((n) => {
          if (n > m) m = n;
        });
        most = m;
      }
      return most;
    },
    getSnapshot(): readonly TypeCount[] {
      if (!snapshot)
        snapshot =
          counts.size === 0
            ? NONE
            : [...counts.entries()]
                .map(([type, count]) => ({ type, count }))
                .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
      return snapshot;
    },
  };
  return tally;
}
export type EventTally = ReturnType<typeof createEventTally>;

/** What the Counts view reads of the tally: its changes heard on the second's tick (WallDisplayPage). */
export type TallyStore = Pick<EventTally, 'subscribe' | 'types' | 'countOf' | 'largest'>;
