import { createActor, type SnapshotFrom } from 'xstate';
import { feedConnectionMachine } from '../../../../machines/feedConnection/feedConnectionMachine';
import { createFeedReplica } from '../../../../shared/live/feedReplica';
import type {
  DeltaMessage,
  FeedRef,
  FeedRows,
  FeedName,
  ReplayState,
  SnapshotMessage,
  SnapshotRestMessage,
  StatusMessage,
} from '../../../../shared/live/protocol';

export type ConnectionState = 'connecting' | 'live' | 'stale' | 'resyncing' | 'offline' | 'refused' | 'ended';

/** What a screen reads of a feed; a new object only when something changed. */
export interface FeedView<F extends FeedName = FeedName> {
  rows: readonly FeedRows[F][];
  /** Ids of rows added or changed by the last delta, to highlight them briefly. */
  fresh: ReadonlySet<string>;
  state: ConnectionState;
  lastPollAt: number | null;
  reason: string | null;
  replay: ReplayState | null;
  /** The rows are the feed's newest; older rows of its window are still arriving. */
  loadingOlder?: boolean;
  version: number;
}

/** Runs `f` when the page is idle, within half a second; at once where the browser has no idle callback. */
function whenIdle(f: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(f, { timeout: 500 });
  else setTimeout(f, 0);
}

/**
 * One feed on one screen: the replica of its rows and the connection machine. React reads it
 * through `subscribe`/`getSnapshot` (useSyncExternalStore), so a delta re-renders only the
 * components that read this feed.
 */
export function createFeedHandle<F extends FeedName>(
  ref: FeedRef & { feed: F },
  requestSubscribe: (
    since: { epoch: string; seq: number } | null,
    answered: (mode: 'snapshot' | 'resume' | null, refusal?: { code: string; message: string }) => void,
  ) => void,
) {
  const replica = createFeedReplica<FeedRows[F]>();
  const listeners = new Set<() => void>();
  let fresh: ReadonlySet<string> = new Set();
  let replay: ReplayState | null = null;
  /** The feed is still reading its window's older pages (status `loadingOlder`). */
  let olderPending = false;
  /** Parts of a snapshot's rest waiting for the page to be idle. */
  const restParts: SnapshotRestMessage[] = [];
  let view: FeedView<F> | null = null;

  const actor = createActor(
    feedConnectionMachine.provide({
      actions: {
        subscribe: () => {
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
        },
      },
    }),
  );
  actor.subscribe(() => changed());
  actor.start();

  function changed() {
    view = null;
    for (const l of listeners) l();
  }

  function machineState(s: SnapshotFrom<typeof feedConnectionMachine>): ConnectionState {
    return (typeof s.value === 'string' ? s.value : 'connecting') as ConnectionState;
  }

  return {
    ref,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot(): FeedView<F> {
      if (!view) {
        const s = actor.getSnapshot();
        view = {
          rows: [...replica.rows.values()],
          fresh,
          state: machineState(s),
          lastPollAt: s.context.lastPollAt,
          reason: s.context.reason,
          replay,
          loadingOlder: olderPending || replica.restPending,
          version: replica.version,
        };
      }
      return view;
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
      olderPending = msg.loadingOlder === true;
      fresh = new Set();
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
      });
    },
    onDelta(msg: DeltaMessage) {
      const r = replica.delta(msg);
      if (r === 'applied') {
        // NOTE: older rows streaming in behind a first page are not news: no highlight.
        fresh = olderPending ? new Set() : new Set(msg.upserts.map((u) => u.id));
        actor.send({ type: 'feed.delta', at: msg.at });
        changed();
      } else if (r === 'gap') actor.send({ type: 'feed.gap' });
    },
    onStatus(msg: StatusMessage) {
      if (olderPending !== (msg.loadingOlder === true)) {
        olderPending = msg.loadingOlder === true;
        changed();
      }
      if (replica.status(msg) === 'gap') actor.send({ type: 'feed.gap' });
      else
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
