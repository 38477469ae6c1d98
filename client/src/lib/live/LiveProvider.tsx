import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { FeedName, FeedRef, FeedRows } from '../../../../shared/live/protocol';
import type { FeedHandle, FeedState } from './feedHandle';
import { anomalyBookOf } from './anomalyBook';
import { createLiveClient, type LiveClient } from './liveClient';

const LiveContext = createContext<LiveClient | null>(null);

/** Clients waiting to be closed, and the timers that will close them. */
const closing = new WeakMap<LiveClient, ReturnType<typeof setTimeout>>();
function closeLater(c: LiveClient, ms: number): void {
  closing.set(
    c,
    setTimeout(() => {
      c.close();
      // A closed connection is no one's to take (a provider that renders later opens its own).
      if (provided?.live === c) provided = null;
      if (early?.live === c) early = null;
    }, ms),
  );
}
const keep = (c: LiveClient) => {
  clearTimeout(closing.get(c));
  closing.delete(c);
};

/** A client and the session-expiry handler its provider sets. */
interface Opened {
  live: LiveClient;
  hooks: { setExpired(fn?: () => void): void };
}

function open(): Opened {
  let expired: (() => void) | undefined;
  const hooks: Opened['hooks'] = { setExpired: (fn) => (expired = fn) };
  const live = createLiveClient({ onSessionExpired: () => expired?.() });
  // Live anomalies come with an alarms subscribe, which a deep link makes before any screen renders.
  anomalyBookOf(live);
  // A client no provider takes (a render React throws away, a page that never shows the shell)
  // closes itself.
  closeLater(live, 10_000);
  return { live, hooks };
}

/** The connection opened as the page loaded, before the shell rendered; the first provider takes it. */
let early: Opened | null = null;
/**
 * The connection a provider holds, from its first render on: the page-load start uses it when the
 * shell rendered first, and a render of the provider React threw away and began again (an
 * interrupted transition, a suspended first mount) takes it again rather than a new one.
 */
let provided: Opened | null = null;

/**
 * Opens the live connection now, for the provider that will render: a deep link's socket then
 * connects while the screen's code and first render are still on the way (docs/decisions.md).
 * Where the shell has rendered first (a fast start, a slow session answer), the provider's
 * connection: a second one would get every feed's first page again.
 */
export function openLiveEarly(): LiveClient {
  if (provided) return provided.live;
  early ??= open();
  return early.live;
}

/**
 * One live connection for the signed-in page; closed when the provider unmounts (sign-out).
 * The connection opens in the first render at the latest, so the screen renders with it at once
 * and its feeds subscribe as soon as the socket is up (docs/decisions.md).
 */
export function LiveProvider({
  children,
  onSessionExpired,
  client,
}: {
  children: ReactNode;
  onSessionExpired?: () => void;
  client?: LiveClient;
}) {
  const [{ live, hooks }] = useState<Opened>(() => {
    if (client) return { live: client, hooks: { setExpired: () => undefined } };
    // NOTE: a render thrown away set `provided` and never mounted: its connection is the one to
    // take, or the start's held feeds and the screen's would subscribe on two and get every
    // feed's first page twice.
    const taken = early ?? provided ?? open();
    early = null;
    provided = taken;
    return taken;
  });
  // NOTE: set while rendering, not in an effect: an expiry the socket reports while a company
  // switch re-renders the shell must reach the handler of that render (an effect lagged behind
  // and signed the user out on the switch).
  hooks.setExpired(onSessionExpired);
  // NOTE: the close waits a tick, so StrictMode's mount-unmount-mount keeps the one client.
  useEffect(() => {
    if (live === client) return;
    keep(live);
    provided = { live, hooks };
    return () => {
      if (provided?.live === live) provided = null;
      closeLater(live, 0);
    };
  }, [live, hooks, client]);
  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}

export function useLiveClient(): LiveClient {
  const live = useContext(LiveContext);
  if (!live) throw new Error('useLiveClient outside LiveProvider');
  return live;
}

const EMPTY: FeedState = {
  state: 'connecting',
  lastPollAt: null,
  reason: null,
  replay: null,
  version: 0,
  size: 0,
  position: null,
};

interface Store<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
}

/**
 * A store for useSyncExternalStore that holds still until the component has mounted. A screen's
 * first render is a transition that can take a while; a snapshot landing in the middle of it
 * would make React throw that render away and redo it blocking (its tearing check). The change
 * instead shows in the re-render that follows the mount, which React starts when it subscribes
 * and finds the snapshot changed.
 */
export function untilMounted<S>(store: Store<S>): Store<S> {
  let mounted = false;
  let shown: { value: S } | null = null;
  return {
    subscribe(listener) {
      mounted = true;
      return store.subscribe(listener);
    },
    getSnapshot() {
      if (mounted || !shown) shown = { value: store.getSnapshot() };
      return shown.value;
    },
  };
}

const NO_STORE: Store<FeedState> = { subscribe: () => () => {}, getSnapshot: () => EMPTY };

/**
 * A handle on one feed while the caller is mounted (released when it unmounts or the ref
 * changes). `rows: false`: the caller needs only the feed's position, not its rows.
 */
export function useFeedHandle<F extends FeedName>(
  ref: (FeedRef & { feed: F }) | null,
  opts: { rows?: boolean } = {},
): FeedHandle<F> | null {
  const live = useLiveClient();
  const feed = ref?.feed ?? null;
  const agencyId = ref?.agencyId ?? null;
  const rows = opts.rows ?? true;
  const entry = useMemo(
    () => (feed && agencyId ? live.feed({ feed, agencyId }, { rows }) : null),
    [live, feed, agencyId, rows],
  );
  useEffect(() => () => entry?.release(), [entry]);
  return entry?.handle ?? null;
}

/** The connection state and position of a feed; re-renders the caller when they change. */
export function useFeedState(handle: FeedHandle | null): FeedState {
  return useFeedSelector(handle, same);
}

const same = <T,>(x: T) => x;

/**
 * One slice of a feed's state (its connection state, its replay, its size): re-renders the
 * caller only when that slice changes, not on every delta. `select` returns a value compared with
 * `Object.is`: a primitive, or an object the state keeps (`replay`).
 */
export function useFeedSelector<T>(
  handle: FeedHandle | null,
  select: (state: FeedState) => T,
  /** Something else `select` reads (a clock): on its change `select` runs again. Stable. */
  alsoOn?: (listener: () => void) => () => void,
): T {
  const store = useMemo(() => {
    const feed = handle ? untilMounted(handle) : NO_STORE;
    if (!alsoOn) return feed;
    return {
      subscribe(listener: () => void) {
        const stopFeed = feed.subscribe(listener);
        const stopOther = alsoOn(listener);
        return () => (stopFeed(), stopOther());
      },
      getSnapshot: feed.getSnapshot,
    };
  }, [handle, alsoOn]);
  return useSyncExternalStore(store.subscribe, () => select(store.getSnapshot()));
}

/**
 * Rows and connection state of one feed, the rows copied out once per change: for screens of
 * small feeds. A screen of a large feed reads a view of it instead (useFeedView).
 */
export function useFeed<F extends FeedName>(
  ref: (FeedRef & { feed: F }) | null,
): FeedState & { rows: readonly FeedRows[F][] } {
  const handle = useFeedHandle(ref);
  const store = useMemo(() => {
    if (!handle) return untilMounted({ ...NO_STORE, getSnapshot: () => EMPTY_ROWS });
    let last: { state: FeedState; value: FeedState & { rows: readonly FeedRows[F][] } } | null = null;
    return untilMounted({
      subscribe: handle.subscribe,
      getSnapshot() {
        const state = handle.getSnapshot();
        if (last?.state !== state) last = { state, value: { ...state, rows: [...handle.rows.values()] } };
        return last.value;
      },
    });
  }, [handle]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

const EMPTY_ROWS = { ...EMPTY, rows: [] as never[] };
