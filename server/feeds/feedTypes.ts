import type { FeedCredential } from '../rights/upstreamCredential';
import type { RowChanges } from '../../shared/live/diff';
import type { DeltaMessage, FeedRef, FeedRow, SnapshotMessage } from '../../shared/live/protocol';

/** Freshness of a feed, as screens are told it. */
export interface FeedMeta {
  epoch: string;
  seq: number;
  stale: boolean;
  lastPollAt: number | null;
  reason?: string;
  /** The feed holds its newest rows; older rows of its window are still being read (SnapshotMessage.loadingOlder). */
  loadingOlder?: boolean;
  /** How often the feed is polled now (the poll scheduler's interval), when known. */
  intervalMs?: number;
}

/** What one poll of the upstream produced. */
export interface PollOutcome<R extends FeedRow = FeedRow> {
  changes: RowChanges<R>;
  /** True when the rows replace the whole state (first load, or a full reconcile). */
  full: boolean;
  requests: number;
  bytes: number;
  /** Older rows of the window are still to be read by the next polls. */
  olderPending?: boolean;
}

/** Where a feed's state and its recent deltas live: this process, or Redis for several. */
export interface FeedStore {
  /** The committed state, for a process that takes over polling. */
  load(ref: FeedRef): Promise<{ meta: FeedMeta; rows: Map<string, FeedRow> } | null>;
  /**
   * Commits a delta (or a whole set of rows) and the meta, atomically. Answers false when the
   * store had lost this feed before the commit (Redis restarted), so the holder writes it whole.
   */
  commit(
    ref: FeedRef,
    meta: FeedMeta,
    change: { delta: DeltaMessage | null; replaceRows?: Map<string, FeedRow> },
  ): Promise<boolean>;
  /** Updates only freshness. */
  setStatus(ref: FeedRef, meta: FeedMeta): Promise<void>;
  snapshot(ref: FeedRef): Promise<SnapshotMessage | null>;
  /** The deltas after `seq` in `epoch`, or null when they are no longer all held. */
  deltasSince(ref: FeedRef, epoch: string, seq: number): Promise<DeltaMessage[] | null>;
  drop(ref: FeedRef): Promise<void>;
}

/**
 * The deltas numbered seq+1 up to `last`, in order and without a gap, or null when the backlog
 * does not hold every one of them (trimmed, or a hole): the screen then takes a snapshot.
 */
export function contiguousAfter(
  backlog: readonly DeltaMessage[],
  seq: number,
  last: number,
): DeltaMessage[] | null {
  const out = backlog.filter((d) => d.seq > seq && d.seq <= last);
  if (out.length !== last - seq) return null;
  for (let i = 0; i < out.length; i++) if (out[i].seq !== seq + 1 + i) return null;
  return out;
}

/**
 * What one poll reads with: the signed-in session the feed chose for it (its credential pool)
 * and its abort signal, handed to the source as an argument for that poll only.
 */
export interface PollRead {
  credential: FeedCredential;
  signal?: AbortSignal;
}
