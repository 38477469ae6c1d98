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
  let loadingOlder = false;
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
          loadingOlder,
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
      loadingOlder = msg.loadingOlder === true;
      fresh = new Set();
      actor.send({ type: 'feed.snapshot', stale: msg.stale, lastPollAt: msg.lastPollAt });
      if (r === 'gap') actor.send({ type: 'feed.gap' });
      changed();
    },
    onDelta(msg: DeltaMessage) {
      const r = replica.delta(msg);
      if (r === 'applied') {
        // NOTE: older rows streaming in behind a first page are not news: no highlight.
        fresh = loadingOlder ? new Set() : new Set(msg.upserts.map((u) => u.id));
        actor.send({ type: 'feed.delta', at: msg.at });
        changed();
      } else if (r === 'gap') actor.send({ type: 'feed.gap' });
    },
    onStatus(msg: StatusMessage) {
      if (loadingOlder !== (msg.loadingOlder === true)) {
        loadingOlder = msg.loadingOlder === true;
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
