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

/** One live connection for the signed-in page; closed when the provider unmounts (sign-out). */
export function LiveProvider({
  children,
  onSessionExpired,
  client,
}: {
  children: ReactNode;
  onSessionExpired?: () => void;
  client?: LiveClient;
}) {
  const [live, setLive] = useState<LiveClient | null>(client ?? null);
  const expired = useRef(onSessionExpired);
  expired.current = onSessionExpired;
  // NOTE: created in the effect, not in state, so StrictMode's mount-unmount-mount closes the
  // first client and opens a second one instead of keeping a closed one.
  useEffect(() => {
    if (client) return;
    const c = createLiveClient({ onSessionExpired: () => expired.current?.() });
    setLive(c);
    return () => c.close();
  }, [client]);
  if (!live) return null;
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
