import type { DeltaMessage, FeedRow, SnapshotMessage, StatusMessage } from './protocol';
import { applyChanges, keyRows } from './diff';

export type DeltaOutcome = 'applied' | 'duplicate' | 'buffered' | 'gap';

/**
 * A screen's copy of one feed: applies the snapshot, then deltas strictly in order. A delta that
 * skips a number or comes from another epoch is a gap: the owner must resubscribe. Deltas that
 * arrive before the snapshot are held and applied after it, minus those it already covers.
 */
export function createFeedReplica<R extends FeedRow = FeedRow>() {
  let rows = new Map<string, R>();
  let epoch: string | null = null;
  let seq = -1;
  let pending: DeltaMessage[] = [];
  let version = 0;

  function applyOne(d: DeltaMessage): DeltaOutcome {
    if (d.epoch !== epoch) return 'gap';
    if (d.seq <= seq) return 'duplicate';
    if (d.seq !== seq + 1) return 'gap';
    applyChanges(rows, d as unknown as { upserts: R[]; removes: string[] });
    seq = d.seq;
    version++;
    return 'applied';
  }

  return {
    /** Replaces the state; returns 'gap' if a held delta shows the snapshot is already behind. */
    snapshot(msg: SnapshotMessage): 'applied' | 'gap' {
      rows = keyRows(msg.rows as R[]);
      epoch = msg.epoch;
      seq = msg.seq;
      version++;
      const held = pending.filter((d) => d.epoch === epoch && d.seq > seq).sort((a, b) => a.seq - b.seq);
      pending = [];
      for (const d of held) if (applyOne(d) === 'gap') return 'gap';
      return 'applied';
    },
    delta(msg: DeltaMessage): DeltaOutcome {
      if (epoch === null) {
        pending.push(msg);
        if (pending.length > 1000) pending.shift();
        return 'buffered';
      }
      return applyOne(msg);
    },
    /** A status carries the feed's position: a screen behind it (a lost delta) must resync. */
    status(msg: StatusMessage): 'ok' | 'gap' {
      if (epoch === null || msg.epoch === undefined || msg.seq === undefined) return 'ok';
      if (msg.epoch !== epoch) return 'gap';
      return msg.seq > seq ? 'gap' : 'ok';
    },
    /** Forget the epoch (before a resubscribe), keeping rows on screen until the snapshot. */
    expectSnapshot() {
      epoch = null;
      pending = [];
    },
    reset() {
      rows = new Map();
      epoch = null;
      seq = -1;
      pending = [];
      version++;
    },
    get rows(): ReadonlyMap<string, R> {
      return rows;
    },
    get cursor(): { epoch: string; seq: number } | null {
      return epoch === null ? null : { epoch, seq };
    },
    get version() {
      return version;
    },
  };
}
export type FeedReplica<R extends FeedRow = FeedRow> = ReturnType<typeof createFeedReplica<R>>;
