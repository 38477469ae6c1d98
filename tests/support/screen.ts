import { io, type Socket } from 'socket.io-client';
import { createFeedReplica, type FeedReplica } from '../../shared/live/feedReplica';
import {
  LIVE_NAMESPACE,
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type DeltaMessage,
  type ErrorMessage,
  type FeedRef,
  type ServerToClientEvents,
  type SnapshotMessage,
  type StatusMessage,
  type SubscribeAck,
} from '../../shared/live/protocol';

const k = (r: FeedRef) => `${r.feed}:${r.agencyId}`;

/**
 * A screen as the tests see it: a real socket.io client with the session cookie, holding a
 * replica per feed and counting what it received (snapshots, deltas, duplicates, gaps).
 */
export function connectScreen(
  bridgeUrl: string,
  cookie: string,
  opts: { autoResync?: boolean; carryFrom?: { replicas: Map<string, FeedReplica> } } = {},
) {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(`${bridgeUrl}${LIVE_NAMESPACE}`, {
    transports: ['websocket'],
    extraHeaders: { cookie },
    auth: { protocol: PROTOCOL_VERSION },
    reconnection: false,
    forceNew: true,
  });
  // A screen that reconnects keeps its rows and cursors, as the browser tab does.
  const replicas = opts.carryFrom?.replicas ?? new Map<string, FeedReplica>();
  const stats = {
    snapshots: 0,
    deltas: 0,
    duplicates: 0,
    gaps: 0,
    statuses: [] as StatusMessage[],
    errors: [] as ErrorMessage[],
    deltaSeqs: new Map<string, number[]>(),
    lastDeltaAt: 0,
  };
  const autoResync = opts.autoResync ?? true;

  /** The key a feed's messages carry → the key subscribed with (a corporate account's other id). */
  const aliases = new Map<string, string>();
  /** The ref a message is about, as this screen subscribed to it. */
  const asked = (m: FeedRef): FeedRef => {
    const key = aliases.get(k(m));
    return { feed: m.feed, agencyId: key ? key.slice(key.indexOf(':') + 1) : m.agencyId };
  };

  function replica(ref: FeedRef) {
    const key = aliases.get(k(ref)) ?? k(ref);
    let r = replicas.get(key);
    if (!r) {
      r = createFeedReplica();
      replicas.set(key, r);
    }
    return r;
  }

  function subscribe(ref: FeedRef, since?: { epoch: string; seq: number }): Promise<SubscribeAck> {
    const r = replica(ref);
    r.beginSync(!!since);
    return new Promise((resolve) =>
      socket.emit('subscribe', since ? { ...ref, since } : ref, (ack: SubscribeAck) => {
        if (ack.ok && ack.mode === 'resume' && r.endSync() === 'gap') {
          stats.gaps++;
          if (autoResync) void subscribe(ref);
        }
        resolve(ack);
      }),
    );
  }

  socket.on('snapshot', (m: SnapshotMessage) => {
    stats.snapshots++;
    if (m.subscribedAs) aliases.set(k(m), k({ feed: m.feed, agencyId: m.subscribedAs }));
    if (replica(m).snapshot(m) === 'gap' && autoResync) void subscribe(asked(m));
  });
  socket.on('snapshot.rest', (m) => replica(m).rest(m));
  socket.on('delta', (m: DeltaMessage) => {
    stats.deltas++;
    stats.lastDeltaAt = Date.now();
    const seqs = stats.deltaSeqs.get(k(m)) ?? [];
    seqs.push(m.seq);
    stats.deltaSeqs.set(k(m), seqs);
    const out = replica(m).delta(m);
    if (out === 'duplicate') stats.duplicates++;
    if (out === 'gap') {
      stats.gaps++;
      if (autoResync) void subscribe(asked(m));
    }
  });
  socket.on('status', (m) => {
    stats.statuses.push(m);
    if (replica(m).status(m) === 'gap') {
      stats.gaps++;
      if (autoResync) void subscribe(asked(m));
    }
  });
  socket.on('error', (e) => stats.errors.push(e));

  return {
    socket,
    stats,
    replicas,
    /**
     * Settles once the handshake ends. NOTE: a connection that closes before the bridge answers
     * the handshake (the bridge stopped meanwhile) emits only 'disconnect', never 'connect_error';
     * without it a screen would wait here for good.
     */
    connected: () =>
      new Promise<void>((resolve, reject) => {
        if (socket.connected) return resolve();
        socket.once('connect', () => resolve());
        socket.once('connect_error', (e) => reject(e));
        socket.once('disconnect', (reason) => {
          if (!socket.connected) reject(new Error(`closed before the handshake ended: ${reason}`));
        });
      }),
    subscribe,
    /** Resubscribes from the replica's cursor, as the client does after a reconnect. */
    resume(ref: FeedRef) {
      const cursor = replica(ref).cursor;
      return subscribe(ref, cursor ?? undefined);
    },
    rows(ref: FeedRef) {
      return replica(ref).rows;
    },
    cursor(ref: FeedRef) {
      return replica(ref).cursor;
    },
    close() {
      socket.disconnect();
    },
  };
}
export type Screen = ReturnType<typeof connectScreen>;

/** Waits until `check` holds, polling; throws with `what` after `ms`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  ms = 10_000,
): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
