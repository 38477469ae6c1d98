import { applyChanges, keyRows } from '../../shared/live/diff';
import type {
  DeltaMessage,
  FeedName,
  FeedRow,
  ReplayState,
  SnapshotMessage,
} from '../../shared/live/protocol';
import { FEED_KINDS } from '../feeds/feedKinds';
import { realTimers, type Timers } from '../support/timers';
import type { RecordLine } from './recordingFormat';

/** At most this many moments are marked on a replay's seek bar; closer ones merge. */
export const MAX_MARKS = 400;

/** A row dated this long before the recording started is old history read late, not a moment. */
const BACKFILL_SLACK_MS = 60_000;

/**
 * The moments of a recording a tester seeks to: where a row appeared that the feed did not
 * hold before (a new active alarm, a new event), in ms from the start, merged to 1/400 of it.
 * Older rows of the window read in after the first ones (dated before the recording began) are
 * not moments.
 */
export function alarmMoments(lines: readonly RecordLine[]): number[] {
  const head = lines[0];
  if (!head) return [];
  const t0 = head.t;
  const dateOf = (r: { id: string }) =>
    Date.parse(String((r as Record<string, unknown>)[FEED_KINDS[head.feed].sortColumn] ?? ''));
  const isNew = (r: { id: string }) => {
    const at = dateOf(r);
    return Number.isNaN(at) || at >= t0 - BACKFILL_SLACK_MS;
  };
  const span = Math.max(1, lines[lines.length - 1].t - t0);
  const bucket = span / MAX_MARKS;
  const seen = new Set<string>();
  const out: number[] = [];
  let last = -Infinity;
  for (const l of lines) {
    if (l.kind === 'full') {
      for (const r of l.rows) seen.add(r.id);
      continue;
    }
    let fresh = false;
    for (const r of l.upserts) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      if (isNew(r)) fresh = true;
    }
    const at = l.t - t0;
    if (fresh && at - last >= bucket) {
      out.push(at);
      last = at;
    }
  }
  return out;
}

export interface ReplayOutput {
  snapshot(msg: SnapshotMessage): void;
  delta(msg: DeltaMessage): void;
  state(s: ReplayState): void;
}

/**
 * Plays a recording into one screen as the live feed would have: a snapshot, then the deltas at
 * their recorded pace times `speed`, with pause, step and seek.
 */
export function createReplaySession(
  name: string,
  lines: RecordLine[],
  speed: number,
  out: ReplayOutput,
  timers: Timers = realTimers,
) {
  const head = lines[0];
  if (!head || head.kind !== 'full') throw new Error('recording has no starting state');
  const first = head;
  const feed = first.feed as FeedName;
  const agencyId = first.agencyId;
  const t0 = first.t;
  const durationMs = lines[lines.length - 1].t - t0;
  let next = 1;
  let at = t0;
  let paused = false;
  let seq = 0;
  let generation = 0;
  let handle: unknown = null;
  let stopped = false;

  const marks = alarmMoments(lines);

  const epoch = () => `replay:${name}:${generation}`;
  const state = (): ReplayState => ({
    recording: name,
    speed,
    paused,
    positionMs: at - t0,
    durationMs,
    ended: next >= lines.length,
    marks,
  });

  function rowsAt(t: number): Map<string, FeedRow> {
    const rows = keyRows(first.rows as unknown as FeedRow[]);
    let i = 1;
    for (; i < lines.length && lines[i].t <= t; i++) {
      const l = lines[i];
      if (l.kind === 'full') {
        rows.clear();
        for (const r of l.rows as unknown as FeedRow[]) rows.set(r.id, r);
      } else applyChanges(rows, { upserts: l.upserts as unknown as FeedRow[], removes: l.removes });
    }
    next = i;
    return rows;
  }

  function sendSnapshot(rows: Map<string, FeedRow>) {
    generation++;
    seq = 0;
    out.snapshot({
      feed,
      agencyId,
      epoch: epoch(),
      seq,
      rows: [...rows.values()],
      stale: false,
      lastPollAt: at,
      replay: state(),
    });
  }

  function emitNext() {
    const l = lines[next++];
    at = l.t;
    if (l.kind === 'full') {
      const rows = keyRows(l.rows as unknown as FeedRow[]);
      sendSnapshot(rows);
    } else {
      seq++;
      out.delta({
        feed,
        agencyId,
        epoch: epoch(),
        seq,
        upserts: l.upserts as unknown as FeedRow[],
        removes: l.removes,
        at: l.t,
      });
    }
    if (next >= lines.length) out.state(state());
  }

  function schedule() {
    if (handle != null) timers.clearTimeout(handle);
    handle = null;
    if (stopped || paused || next >= lines.length) return;
    const wait = (lines[next].t - at) / speed;
    handle = timers.setTimeout(
      () => {
        handle = null;
        emitNext();
        schedule();
      },
      Math.max(0, wait),
    );
  }

  return {
    start() {
      sendSnapshot(rowsAt(t0));
      out.state(state());
      schedule();
    },
    pause() {
      paused = true;
      schedule();
      out.state(state());
    },
    resume() {
      paused = false;
      out.state(state());
      schedule();
    },
    step() {
      if (next < lines.length) emitNext();
      out.state(state());
      schedule();
    },
    seek(ms: number) {
      at = t0 + Math.min(Math.max(0, ms), durationMs);
      sendSnapshot(rowsAt(at));
      out.state(state());
      schedule();
    },
    setSpeed(s: number) {
      speed = Math.min(50, Math.max(0.25, s));
      out.state(state());
      schedule();
    },
    stop() {
      stopped = true;
      if (handle != null) timers.clearTimeout(handle);
    },
    get ref() {
      return { feed, agencyId };
    },
    get state() {
      return state();
    },
  };
}
export type ReplaySession = ReturnType<typeof createReplaySession>;
