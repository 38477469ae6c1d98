import type { DeltaMessage, FeedRow, SnapshotMessage, SnapshotRestMessage, StatusMessage } from './protocol';
import { applyChanges, keyRows, type KeyedRow } from './diff';

export type DeltaOutcome = 'applied' | 'duplicate' | 'buffered' | 'gap';

/**
 * What a replica's rows went through, for views kept beside it: `reset` (a snapshot or a reset:
 * `rows` are all its rows now), or `rows` (a delta or a part of a snapshot's rest: the rows set
 * and the ids dropped, in that order of effect: removes first).
 */
export type ReplicaChange<R extends KeyedRow = FeedRow> =
  | { kind: 'reset'; rows: ReadonlyMap<string, R> }
  | { kind: 'rows'; upserts: readonly R[]; removes: readonly string[] };

export interface FeedReplicaOptions<R extends KeyedRow = FeedRow> {
  /**
   * False: follow the feed's position only (epoch, seq, rest pending) and keep no rows; for a
   * screen that only needs to know that the feed moved. Default true.
   */
  keepRows?: boolean;
  /**
   * With `keepRows` false: still tell `onChange` of the rows each change carries (a reset, the
   * snapshot's rows), for a reader that keeps its own summary of them and not the rows (a wall's
   * tally of the last hour). Default false.
   */
  tellRows?: boolean;
  /** Told of every change to the rows, after it is applied (never when `keepRows` and `tellRows` are false). */
  onChange?: (change: ReplicaChange<R>) => void;
}

/**
 * A screen's copy of one feed: applies the snapshot, then deltas strictly in order.
 * While a (re)subscribe is in flight, deltas that cannot apply yet are held: live deltas may
 * overtake the snapshot or the missed deltas of a resume. Outside a sync, a delta that skips a
 * number or comes from another epoch is a gap: the owner must resubscribe.
 */
export function createFeedReplica<R extends FeedRow = FeedRow>(options: FeedReplicaOptions<R> = {}) {
  const keepRows = options.keepRows ?? true;
  const onChange = keepRows || options.tellRows ? options.onChange : undefined;
  let rows = new Map<string, R>();
  let epoch: string | null = null;
  let seq = -1;
  let pending: DeltaMessage[] = [];
  let syncing = false;
  let version = 0;
  /**
   * A snapshot whose rest is still to come, and the rows deltas touched since: the rest never
   * overwrites a newer version of a row or brings back one a delta removed.
   */
  let rest: { epoch: string; seq: number; touched: Set<string> } | null = null;

  function apply(d: DeltaMessage) {
    const changes = d as unknown as { upserts: R[]; removes: string[] };
    if (keepRows) applyChanges(rows, changes);
    if (rest) {
      for (const u of d.upserts) rest.touched.add(u.id);
      for (const id of d.removes) rest.touched.add(id);
    }
    seq = d.seq;
    version++;
    onChange?.({ kind: 'rows', upserts: changes.upserts, removes: changes.removes });
  }

  function hold(d: DeltaMessage) {
    pending.push(d);
    if (pending.length > 5000) pending.shift();
  }

  /** Applies held deltas that now follow on; drops those already covered. */
  function drain(): void {
    pending = pending.filter((d) => d.epoch === epoch && d.seq > seq).sort((a, b) => a.seq - b.seq);
    while (pending.length && pending[0].seq === seq + 1) apply(pending.shift()!);
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
      rows = keepRows ? keyRows(msg.rows as R[]) : new Map();
      epoch = msg.epoch;
      seq = msg.seq;
      rest = msg.restFollows ? { epoch: msg.epoch, seq: msg.seq, touched: new Set() } : null;
      syncing = false;
      version++;
      onChange?.({ kind: 'reset', rows: keepRows ? rows : keyRows(msg.rows as R[]) });
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
      apply(d);
      if (pending.length) drain();
      return 'applied';
    },
    /** A part of a snapshot's rest; false when it belongs to no snapshot this replica awaits. */
    rest(msg: SnapshotRestMessage): boolean {
      if (!rest || msg.epoch !== rest.epoch || msg.seq !== rest.seq) return false;
      const taken: R[] = [];
      if (keepRows || onChange)
        for (const row of msg.rows as R[])
          if (!rest.touched.has(row.id)) {
            if (keepRows) rows.set(row.id, row);
            taken.push(row);
          }
      if (!msg.restFollows) rest = null;
      version++;
      if (taken.length) onChange?.({ kind: 'rows', upserts: taken, removes: [] });
      return true;
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
      rest = null;
      syncing = false;
      version++;
      onChange?.({ kind: 'reset', rows });
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
    /** Part of a snapshot's rest is still to come. */
    get restPending() {
      return rest !== null;
    },
    get version() {
      return version;
    },
    /** False for a replica that follows the feed's position only. */
    get keepsRows() {
      return keepRows;
    },
  };
}
export type FeedReplica<R extends FeedRow = FeedRow> = ReturnType<typeof createFeedReplica<R>>;
