import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { feedKey, type FeedName, type FeedRef } from '../../../../shared/live/protocol';
import type { FeedView } from './feedHandle';
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

/**
 * One live connection for the signed-in page; closed when the provider unmounts (sign-out).
 * The connection opens in the first render, so the screen renders with it at once and its feeds
 * subscribe as soon as the socket is up (docs/decisions.md).
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
  const expired = useRef(onSessionExpired);
  expired.current = onSessionExpired;
  const [live] = useState<LiveClient>(() => {
    if (client) return client;
    const c = createLiveClient({ onSessionExpired: () => expired.current?.() });
    // A render React throws away never mounts: its client closes itself.
    closeLater(c, 10_000);
    return c;
  });
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
 * Rows and connection state of one feed. Re-renders the caller when that feed changes, and only
 * then; releases the feed when the caller unmounts or the ref changes.
 */
export function useFeed<F extends FeedName>(ref: (FeedRef & { feed: F }) | null): FeedView<F> {
  const live = useLiveClient();
  const key = ref ? feedKey(ref) : '';
  const entry = useMemo(() => (ref ? live.feed(ref) : null), [live, key]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => entry?.release(), [entry]);
  const subscribe = useMemo(() => (entry ? entry.handle.subscribe : () => () => {}), [entry]);
  const getSnapshot = useMemo(() => (entry ? () => entry.handle.getSnapshot() : () => EMPTY), [entry]);
  return useSyncExternalStore(subscribe, getSnapshot) as FeedView<F>;
}
