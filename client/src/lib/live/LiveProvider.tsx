import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { feedKey, type FeedName, type FeedRef } from '../../../../shared/live/protocol';
import type { FeedHandle, FeedView } from './feedHandle';
import { createLiveClient, type LiveClient } from './liveClient';

const LiveContext = createContext<LiveClient | null>(null);

/** Clients waiting to be closed, and the timers that will close them. */
const closing = new WeakMap<LiveClient, ReturnType<typeof setTimeout>>();
function closeLater(c: LiveClient, ms: number): void {
  closing.set(
    c,
    setTimeout(() => c.close(), ms),
  );
}
const keep = (c: LiveClient) => {
  clearTimeout(closing.get(c));
  closing.delete(c);
};

/** A client and the session-expiry handler its provider sets. */
interface Opened {
  live: LiveClient;
  hooks: { expired?: () => void };
}

function open(): Opened {
  const hooks: Opened['hooks'] = {};
  const live = createLiveClient({ onSessionExpired: () => hooks.expired?.() });
  // A client no provider takes (a render React throws away, a page that never shows the shell)
  // closes itself.
  closeLater(live, 10_000);
  return { live, hooks };
}

/** The connection opened as the page loaded, before the shell rendered; the first provider takes it. */
let early: Opened | null = null;

/**
 * Opens the live connection now, for the provider that will render: a deep link's socket then
 * connects while the screen's code and first render are still on the way (docs/decisions.md).
 */
export function openLiveEarly(): LiveClient {
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
    if (client) return { live: client, hooks: {} };
    const taken = early ?? open();
    early = null;
    return taken;
  });
  hooks.expired = onSessionExpired;
  // NOTE: the close waits a tick, so StrictMode's mount-unmount-mount keeps the one client.
  useEffect(() => {
    if (live === client) return;
    keep(live);
    return () => closeLater(live, 0);
  }, [live, client]);
  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}

export function useLiveClient(): LiveClient {
  const live = useContext(LiveContext);
  if (!live) throw new Error('useLiveClient outside LiveProvider');
  return live;
}

const EMPTY: FeedView = {
  rows: [],
  fresh: new Set(),
  state: 'connecting',
  lastPollAt: null,
  reason: null,
  replay: null,
  version: 0,
};

/**
 * A feed's view for useSyncExternalStore that holds still until the component has mounted. A
 * screen's first render is a transition that can take a while; a snapshot landing in the middle
 * of it would make React throw that render away and redo it blocking (its tearing check). The
 * rows instead show in the re-render that follows the mount, which React starts when it
 * subscribes and finds the view changed.
 */
function mountedView(handle: FeedHandle | null) {
  if (!handle) return { subscribe: () => () => {}, getSnapshot: () => EMPTY };
  let mounted = false;
  let shown: FeedView | null = null;
  return {
    subscribe(listener: () => void) {
      mounted = true;
      return handle.subscribe(listener);
    },
    getSnapshot(): FeedView {
      if (mounted || !shown) shown = handle.getSnapshot();
      return shown;
    },
  };
}

/**
 * Rows and connection state of one feed. Re-renders the caller when that feed changes, and only
 * then; releases the feed when the caller unmounts or the ref changes.
 */
export function useFeed<F extends FeedName>(ref: (FeedRef & { feed: F }) | null): FeedView<F> {
  const live = useLiveClient();
  const key = ref ? feedKey(ref) : '';
  const entry = useMemo(() => (ref ? live.feed(ref) : null), [live, key]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => entry?.release(), [entry]);
  const { subscribe, getSnapshot } = useMemo(() => mountedView(entry?.handle ?? null), [entry]);
  return useSyncExternalStore(subscribe, getSnapshot) as FeedView<F>;
}
