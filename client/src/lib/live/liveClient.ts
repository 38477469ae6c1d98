import { io, type Socket } from 'socket.io-client';
import * as z from 'zod/mini';
import {
  feedKey,
  LIVE_NAMESPACE,
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type ConnectRefusal,
  type FeedName,
  type FeedRef,
  type RecordingInfo,
  type ServerToClientEvents,
  type SimpleAck,
  type SubscribeAck,
} from '../../../../shared/live/protocol';
import { createFeedHandle, type FeedHandle } from './feedHandle';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface LiveClientOptions {
  /** Base URL of the bridge; default the page's own origin. */
  url?: string;
  /** Extra socket.io options (tests pass extraHeaders with the session cookie). */
  socketOptions?: Parameters<typeof io>[1];
  onSessionExpired?: () => void;
}

/**
 * The client side of the live protocol, in one module: one socket per page, any number of feeds,
 * each applied strictly in order, resynced on a gap, resumed from its cursor after a reconnect.
 */
export function createLiveClient(opts: LiveClientOptions = {}) {
  const socket: LiveSocket = io(`${opts.url ?? ''}${LIVE_NAMESPACE}`, {
    // NOTE: websocket only, so several bridges behind a proxy need no sticky sessions.
    transports: ['websocket'],
    withCredentials: true,
    auth: { protocol: PROTOCOL_VERSION },
    // NOTE: a restarted bridge serves about 0.5 s after it is started; retrying at 0.25 s, then
    // every 0.5 s (each ±50%), a tab is back within 0.75 s of that, however long the bridge was
    // away (docs/decisions.md, "A bridge that serves sooner after a restart").
    reconnectionDelay: 250,
    reconnectionDelayMax: 500,
    ...opts.socketOptions,
  });
  /**
   * `held`: the releases of handles taken only to hold the feed for a screen about to show it;
   * `taken`: a screen has kept its rows (a hold after that holds nothing).
   */
  const feeds = new Map<
    string,
    {
      handle: FeedHandle;
      refs: number;
      held: Array<() => void>;
      taken: boolean;
      /** Where the window its screens show starts, read at each subscribe; null: the whole window. */
      from: (() => number) | null;
    }
  >();
  /**
   * The key a feed's messages carry → the key this page subscribed with, where they differ (a
   * corporate account's two ids share one feed: SnapshotMessage.subscribedAs).
   */
  const aliases = new Map<string, string>();
  const entryOf = (m: FeedRef) => {
    const k = feedKey(m);
    return feeds.get(k) ?? feeds.get(aliases.get(k) ?? '');
  };

  function requestSubscribe(
    ref: FeedRef,
    since: { epoch: string; seq: number } | null,
    answered: (mode: 'snapshot' | 'resume' | null, refusal?: { code: string; message: string }) => void,
  ) {
    if (!socket.connected) return;
    const from = feeds.get(feedKey(ref))?.from?.();
    const req = { ...ref, ...(since ? { since } : {}), ...(from === undefined ? {} : { from }) };
    socket.emit('subscribe', req, (ack: SubscribeAck) => {
      if (ack.ok && ack.agencyId && ack.agencyId !== ref.agencyId)
        aliases.set(feedKey({ feed: ref.feed, agencyId: ack.agencyId }), feedKey(ref));
      if (ack.ok) answered(ack.mode);
      else answered(null, ack.error);
    });
  }

  socket.on('connect', () => {
    for (const { handle } of feeds.values()) handle.onConnected();
  });
  socket.on('disconnect', () => {
    for (const { handle } of feeds.values()) handle.onDisconnected();
  });
  /** The bridge's words when it refused this page's socket for good (too many screens). */
  let refusal: string | null = null;
  socket.on('connect_error', (err: Error & { data?: unknown }) => {
    if (err.message === 'no_session') {
      for (const { handle } of feeds.values()) handle.onSessionExpired();
      socket.disconnect();
      opts.onSessionExpired?.();
    } else if (err.message === ('too_many_screens' satisfies ConnectRefusal)) {
      // NOTE: final until the page reloads: retrying would only be refused again while the
      // sign-in's other screens stay open, and each try costs the bridge a handshake.
      refusal = refusalText(err.data);
      socket.disconnect();
      for (const { handle } of feeds.values()) handle.onRefused(refusal);
    }
  });
  socket.on('snapshot', (m) => {
    if (m.subscribedAs) aliases.set(feedKey(m), feedKey({ feed: m.feed, agencyId: m.subscribedAs }));
    entryOf(m)?.handle.onSnapshot(m);
  });
  socket.on('snapshot.rest', (m) => entryOf(m)?.handle.onSnapshotRest(m));
  socket.on('delta', (m) => entryOf(m)?.handle.onDelta(m));
  socket.on('status', (m) => entryOf(m)?.handle.onStatus(m));
  socket.on('replay', (s) => {
    for (const { handle } of feeds.values())
      if (handle.getSnapshot().replay?.recording === s.recording) handle.onReplay(s);
  });
  socket.on('session.expired', () => {
    for (const { handle } of feeds.values()) handle.onSessionExpired();
    opts.onSessionExpired?.();
  });

  return {
    socket,
    /**
     * A handle on a feed; call `release` when the screen stops showing it. With `rows: false` the
     * screen needs only the feed's position (that it moved), and a handle made for it keeps no rows;
     * with `rows: 'changes'` it hears each change's rows through `onRows` and keeps none either.
     * With `hold: true` the handle only holds the feed (its subscription and rows) until a screen
     * takes it: the first other handle on the feed that keeps its rows releases it.
     * With `from` (and `rows: 'changes'`) the screen shows only the rows from that time on (a
     * wall's last hour): each snapshot holds those rows only (protocol `subscribe.from`). A handle
     * that needs the whole window joining it brings a fresh snapshot of the whole window.
     */
    feed<F extends FeedName>(
      ref: FeedRef & { feed: F },
      opts: { rows?: boolean | 'changes'; hold?: boolean; from?: () => number } = {},
    ): { handle: FeedHandle<F>; release: () => void } {
      const k = feedKey(ref);
      const keepRows = opts.rows === undefined || opts.rows === true;
      const tellRows = opts.rows === 'changes';
      let entry = feeds.get(k);
      // The rows held are a part of the window, and this screen shows all of it.
      const wholeWanted = !!entry?.from && !opts.from && (keepRows || tellRows);
      if (entry && wholeWanted) entry.from = null;
      if (entry && (keepRows || (tellRows && !entry.handle.tellsRows))) entry.handle.keepRows();
      else if (entry && wholeWanted) entry.handle.resync();
      if (!entry) {
        const handle = createFeedHandle(ref, (since, answered) => requestSubscribe(ref, since, answered), {
          keepRows,
          tellRows,
        });
        entry = {
          handle: handle as unknown as FeedHandle,
          refs: 0,
          held: [],
          taken: false,
          from: tellRows ? (opts.from ?? null) : null,
        };
        feeds.set(k, entry);
        if (refusal) handle.onRefused(refusal);
        else if (socket.connected) handle.onConnected();
      }
      entry.refs++;
      const e = entry;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        e.refs--;
        if (e.refs > 0) return;
        feeds.delete(k);
        for (const [from, to] of aliases) if (to === k) aliases.delete(from);
        e.handle.stop();
        if (socket.connected) socket.emit('unsubscribe', ref);
      };
      // NOTE: a feed held for a screen is let go when the screen takes it, not after a set time: a
      // screen mounting late (a slow phone) would otherwise find it gone and get its snapshot twice.
      // A hold on a feed a screen already shows (the screen came first) is let go at once: it
      // would keep the feed subscribed after the screen leaves.
      if (opts.hold && e.taken) release();
      else if (opts.hold) e.held.push(release);
      else if (keepRows) {
        e.taken = true;
        e.held.splice(0).forEach((r) => r());
      }
      return { handle: e.handle as unknown as FeedHandle<F>, release };
    },
    /** Recordings the session may see; with `agencyId`, those of that agency's feeds only. */
    listRecordings(agencyId?: string): Promise<RecordingInfo[]> {
      return new Promise((resolve, reject) =>
        socket.emit('replay.list', agencyId ? { agencyId } : {}, (a) =>
          a.ok ? resolve(a.recordings) : reject(new Error(a.error.message)),
        ),
      );
    },
    /** Plays a recording into this screen; `at` (ms from its start) opens it paused there. */
    startReplay(recording: string, speed = 1, at?: number): Promise<void> {
      return new Promise((resolve, reject) =>
        socket.emit(
          'replay.start',
          at === undefined ? { recording, speed } : { recording, speed, at },
          (a: SimpleAck) => (a.ok ? resolve() : reject(new Error(a.error.message))),
        ),
      );
    },
    controlReplay(
      action: 'pause' | 'resume' | 'step' | 'seek' | 'speed' | 'stop',
      value?: number,
    ): Promise<void> {
      return new Promise((resolve, reject) =>
        socket.emit('replay.control', { action, value }, (a: SimpleAck) =>
          a.ok ? resolve() : reject(new Error(a.error.message)),
        ),
      );
    },
    /** This screen's id on the bridge: an imported recording plays into this screen only. */
    get screenId(): string | null {
      return socket.connected ? (socket.id ?? null) : null;
    },
    /** After a replay: back to the live feed for that ref. */
    backToLive(ref: FeedRef) {
      const e = feeds.get(feedKey(ref));
      e?.handle.endReplay();
    },
    close() {
      for (const { handle } of feeds.values()) handle.stop();
      feeds.clear();
      socket.disconnect();
    },
  };
}
export type LiveClient = ReturnType<typeof createLiveClient>;

const TOO_MANY_SCREENS = 'This sign-in has too many live screens open; close one, then reload this page.';

/** The refusal's `data.message` (docs/protocol.md, "Limits"), checked, since it comes off the wire. */
function refusalText(data: unknown): string {
  const parsed = z.object({ message: z.string().check(z.minLength(1)) }).safeParse(data);
  return parsed.success ? parsed.data.message : TOO_MANY_SCREENS;
}
