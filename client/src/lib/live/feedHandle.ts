import { createActor, type SnapshotFrom } from 'xstate';
import { feedConnectionMachine } from '../../../../machines/feedConnection/feedConnectionMachine';
import { createFeedReplica, type ReplicaChange } from '../../../../shared/live/feedReplica';
import type {
  ChartCounts,
  DeltaMessage,
  FeedRef,
  FeedRows,
  FeedName,
  ReplayState,
  SnapshotMessage,
  SnapshotRestMessage,
  StatusMessage,
} from '../../../../shared/live/protocol';
import { whenIdle } from '../schedule/yieldToMain';
import { listenerList } from '../store/listenerList';
import type { FeedChange } from './feedView';

export type ConnectionState = 'connecting' | 'live' | 'stale' | 'resyncing' | 'offline' | 'refused' | 'ended';

/** Where a feed stands: its epoch and the number of its last change applied here. */
export interface FeedPosition {
  epoch: string;
  seq: number;
}

/**
 * What a screen reads of a feed beside its rows (those are read through a view, feedView.ts): a
 * new object only when something changed.
 */
export interface FeedState {
  state: ConnectionState;
  lastPollAt: number | null;
  reason: string | null;
  replay: ReplayState | null;
  /** The rows are the feed's newest; older rows of its window are still arriving. */
  loadingOlder?: boolean;
  /** How often the bridge polls the feed now (ms), when it says. */
  intervalMs?: number | null;
  /**
   * The bridge's live chart counts of the whole window (SnapshotMessage.chartCounts), as it sent
   * them, while the rest of its snapshot is still arriving; null once the rows are whole.
   */
  chartCounts?: unknown;
  /** Bumps with every change of the rows (or of the position, for a handle without rows). */
  version: number;
  /** How many rows the feed holds (0 for a handle that keeps no rows). */
  size: number;
  /** Null before the first snapshot. */
  position: FeedPosition | null;
}

/**
 * One feed on one screen: the replica of its rows and the connection machine. React reads its
 * state through `subscribe`/`getSnapshot` (useSyncExternalStore); views of its rows follow
 * `onRows` (feedView.ts), so a delta costs the rows it carries, not a copy of the window.
 * With `keepRows: false` it follows only the feed's position, until `keepRows()` asks for rows;
 * with `tellRows` too, `onRows` still hears each change's rows, which it does not keep.
 */
export function createFeedHandle<F extends FeedName>(
  ref: FeedRef & { feed: F },
  requestSubscribe: (
    since: { epoch: string; seq: number } | null,
    answered: (mode: 'snapshot' | 'resume' | null, refusal?: { code: string; message: string }) => void,
  ) => void,
  opts: { keepRows?: boolean; tellRows?: boolean } = {},
) {
  type Row = FeedRows[F];
  const rowListeners = new Set<(change: FeedChange<Row>) => void>();
  /** Set while a live delta applies: its rows are news (highlighted, announced). */
  let news = false;
  const onChange = (c: ReplicaChange<Row>) => {
    const change: FeedChange<Row> = c.kind === 'rows' ? { ...c, news } : c;
    for (const l of [...rowListeners]) l(change);
  };
  let replica = createFeedReplica<Row>({
    keepRows: opts.keepRows ?? true,
    tellRows: opts.tellRows,
    onChange,
  });
  const listeners = listenerList();
  let replay: ReplayState | null = null;
  /** The feed is still reading its window's older pages (status `loadingOlder`). */
  let olderPending = false;
  /** The bridge's poll interval for the feed (status `intervalMs`). */
  let intervalMs: number | null = null;
  /** The chart counts of the snapshot whose rest is arriving (unchecked: the chart checks them). */
  let chartCounts: ChartCounts[] | null = null;
  /** Parts of a snapshot's rest waiting for the page to be idle. */
  const restParts: SnapshotRestMessage[] = [];
  let state: FeedState | null = null;

  const actor = createActor(feedConnectionMachine);
  actor.on('subscribe', () => {
    const since = replica.cursor;
    replica.beginSync(since !== null);
    requestSubscribe(since, (mode, refusal) => {
      if (mode === null) {
        // A passing failure (the bridge busy, its store away) is retried; a refusal is final.
        if (refusal && (refusal.code === 'internal' || refusal.code === 'rate_limited'))
          setTimeout(() => actor.send({ type: 'feed.gap' }), 1000 + Math.random() * 1000);
        else actor.send({ type: 'feed.refused', reason: refusal?.message ?? 'Refused.' });
      } else if (mode === 'resume') {
        actor.send({ type: replica.endSync() === 'gap' ? 'feed.gap' : 'feed.resumed' });
        changed();
      }
    });
  });
  /**
   * The poll time of the newest delta or fresh status of a live feed, while newer than the
   * machine's own: on a live feed they change nothing else of its connection, so it is kept here
   * and not sent through the machine (issue 38: on a TV stick a transition per delta was most of
   * applying it, and a status's transition, every heartbeat, a fifth of a wall's garbage).
   */
  let deltaAt: number | null = null;
  let machinePollAt: number | null = null;
  actor.subscribe((s) => {
    if (s.context.lastPollAt !== machinePollAt) {
      machinePollAt = s.context.lastPollAt;
      deltaAt = null;
    }
    changed();
  });
  actor.start();

  function changed() {
    state = null;
    listeners.call();
  }

  /** Whether a fresh status saying the feed polled at `at` would change only its poll time. */
  const onlyPolled = (at: number | null) => {
    const s = actor.getSnapshot();
    return at !== null && s.value === 'live' && s.context.reason === null;
  };

  function machineState(s: SnapshotFrom<typeof feedConnectionMachine>): ConnectionState {
    return (typeof s.value === 'string' ? s.value : 'connecting') as ConnectionState;
  }

  return {
    ref,
    subscribe(listener: () => void) {
      return listeners.add(listener);
    },
    getSnapshot(): FeedState {
      if (!state) {
        const s = actor.getSnapshot();
        state = {
          state: machineState(s),
          lastPollAt: deltaAt ?? s.context.lastPollAt,
          reason: s.context.reason,
          replay,
          loadingOlder: olderPending || replica.restPending,
          intervalMs,
          chartCounts: replica.restPending ? chartCounts : null,
          version: replica.version,
          size: replica.rows.size,
          position: replica.cursor,
        };
      }
      return state;
    },
    /** The feed's rows now, keyed by id (empty for a handle that keeps no rows). */
    get rows(): ReadonlyMap<string, Row> {
      return replica.rows;
    },
    /** Bumps with every change of `rows`. */
    get rowsVersion(): number {
      return replica.version;
    },
    /** Tells `listener` of every change of the rows, as it is applied. */
    onRows(listener: (change: FeedChange<Row>) => void): () => void {
      rowListeners.add(listener);
      return () => rowListeners.delete(listener);
    },
    /** True when `onRows` hears the rows of each change (kept or not). */
    get tellsRows(): boolean {
      return replica.keepsRows || opts.tellRows === true;
    },
    /** A reader that needs rows joined a handle that kept none: a fresh snapshot brings them. */
    keepRows() {
      if (replica.keepsRows) return;
      replica = createFeedReplica<Row>({ onChange });
      actor.send({ type: 'feed.gap' });
      changed();
    },
    /** A fresh snapshot of the feed, not the deltas since its cursor (its screens' window grew). */
    resync() {
      replica.reset();
      actor.send({ type: 'feed.gap' });
      changed();
    },
    onConnected() {
      actor.send({ type: 'socket.connected' });
    },
    onDisconnected() {
      actor.send({ type: 'socket.disconnected' });
    },
    onSessionExpired() {
      actor.send({ type: 'session.expired' });
    },
    /** The bridge refused this page's live connection: `reason` is its message for the dealer. */
    onRefused(reason: string) {
      actor.send({ type: 'feed.refused', reason });
    },
    onSnapshot(msg: SnapshotMessage) {
      replay = msg.replay ?? (replay && msg.epoch.startsWith('replay:') ? replay : null);
      const r = replica.snapshot(msg);
      chartCounts = (msg.restFollows && msg.chartCounts) || null;
      olderPending = msg.loadingOlder === true;
      intervalMs = msg.intervalMs ?? null;
      actor.send({ type: 'feed.snapshot', stale: msg.stale, lastPollAt: msg.lastPollAt });
      if (r === 'gap') actor.send({ type: 'feed.gap' });
      changed();
    },
    /**
     * A part of the rest of a snapshot that came newest rows first, taken in once the page is
     * idle: the newest rows render and paint first, where a store change in the middle of that
     * render would restart it with the whole window. Parts that arrive meanwhile are taken in
     * together, in order; deltas apply as usual (feedReplica.ts, `rest`).
     */
    onSnapshotRest(msg: SnapshotRestMessage) {
      restParts.push(msg);
      if (restParts.length > 1) return;
      whenIdle(() => {
        let took = false;
        for (const part of restParts.splice(0)) took = replica.rest(part) || took;
        if (took) changed();
      }, 500);
    },
    onDelta(msg: DeltaMessage) {
      // NOTE: older rows streaming in behind a first page are not news: no highlight.
      news = !olderPending;
      const r = replica.delta(msg);
      news = false;
      if (r === 'applied') {
        if (actor.getSnapshot().value === 'live') deltaAt = msg.at;
        else actor.send({ type: 'feed.delta', at: msg.at });
        changed();
      } else if (r === 'gap') actor.send({ type: 'feed.gap' });
    },
    onStatus(msg: StatusMessage) {
      if (olderPending !== (msg.loadingOlder === true) || intervalMs !== (msg.intervalMs ?? null)) {
        olderPending = msg.loadingOlder === true;
        intervalMs = msg.intervalMs ?? null;
        changed();
      }
      if (replica.status(msg) === 'gap') actor.send({ type: 'feed.gap' });
      else if (!msg.stale && onlyPolled(msg.lastPollAt)) {
        if (msg.lastPollAt !== (deltaAt ?? machinePollAt)) {
          deltaAt = msg.lastPollAt;
          changed();
        }
      } else
        actor.send({ type: 'feed.status', stale: msg.stale, lastPollAt: msg.lastPollAt, reason: msg.reason });
    },
    onReplay(state: ReplayState) {
      replay = state;
      changed();
    },
    /** Leaves replay mode: the next subscribe is a fresh live one. */
    endReplay() {
      replay = null;
      replica.reset();
      actor.send({ type: 'feed.gap' });
      changed();
    },
    stop() {
      actor.stop();
      listeners.clear();
    },
  };
}
export type FeedHandle<F extends FeedName = FeedName> = ReturnType<typeof createFeedHandle<F>>;
