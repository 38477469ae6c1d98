import type { DeltaMessage, FeedRow, SnapshotMessage, StatusMessage } from './protocol';
import { applyChanges, keyRows } from './diff';

export type DeltaOutcome = 'applied' | 'duplicate' | 'buffered' | 'gap';

/**
 * A screen's copy of one feed: applies the snapshot, then deltas strictly in order.
 * While a (re)subscribe is in flight, deltas that cannot apply yet are held: live deltas may
 * overtake the snapshot or the missed deltas of a resume. Outside a sync, a delta that skips a
 * number or comes from another epoch is a gap: the owner must resubscribe.
 */
export function createFeedReplica<R extends FeedRow = FeedRow>() {
  let rows = new Map<string, R>();
  let epoch: string | null = null;
  let seq = -1;
  let pending: DeltaMessage[] = [];
  let syncing = false;
  let version = 0;

  function hold(d: DeltaMessage) {
    pending.push(d);
    if (pending.length > 5000) pending.shift();
  }

  /** Applies held deltas that now follow on; drops those already covered. */
  function drain(): void {
    pending = pending.filter((d) => d.epoch === epoch && d.seq > seq).sort((a, b) => a.seq - b.seq);
    while (pending.length && pending[0].seq === seq + 1) {
      const d = pending.shift()!;
      applyChanges(rows, d as unknown as { upserts: R[]; removes: string[] });
      seq = d.seq;
      version++;
    }
    pending = pending.filter((d) => d.seq > seq);
  }

  return {
    /** A subscribe is about to be sent; with `keepCursor` false the next snapshot starts afresh. */
    beginSync(keepCursor: boolean) {
      syncing = true;
      if (!keepCursor) epoch = null;
    },
    /** The bridge answered a resume: every missed delta has been sent. */
    endSync(): 'ok' | 'gap' {
      syncing = false;
      drain();
      return pending.length ? 'gap' : 'ok';
    },
    snapshot(msg: SnapshotMessage): 'applied' | 'gap' {
      rows = keyRows(msg.rows as R[]);
      epoch = msg.epoch;
      seq = msg.seq;
      syncing = false;
      version++;
      drain();
      return pending.length ? 'gap' : 'applied';
    },
    delta(d: DeltaMessage): DeltaOutcome {
      if (epoch === null || d.epoch !== epoch) {
        if (epoch === null || syncing) {
          hold(d);
          return 'buffered';
        }
        return 'gap';
      }
      if (d.seq <= seq) return 'duplicate';
      if (d.seq !== seq + 1) {
        if (syncing) {
          hold(d);
          return 'buffered';
        }
        return 'gap';
      }
      applyChanges(rows, d as unknown as { upserts: R[]; removes: string[] });
      seq = d.seq;
      version++;
      if (pending.length) drain();
      return 'applied';
    },
    /** A status carries the feed's position: a screen behind it (a lost delta) must resync. */
    status(msg: StatusMessage): 'ok' | 'gap' {
      if (syncing || epoch === null || msg.epoch === undefined || msg.seq === undefined) return 'ok';
      if (msg.epoch !== epoch) return 'gap';
      return msg.seq > seq ? 'gap' : 'ok';
    },
    reset() {
      rows = new Map();
      epoch = null;
      seq = -1;
      pending = [];
      syncing = false;
      version++;
    },
    get rows(): ReadonlyMap<string, R> {
      return rows;
    },
    get cursor(): { epoch: string; seq: number } | null {
      return epoch === null ? null : { epoch, seq };
    },
    get syncing() {
      return syncing;
    },
    get version() {
      return version;
    },
  };
}
export type FeedReplica<R extends FeedRow = FeedRow> = ReturnType<typeof createFeedReplica<R>>;
