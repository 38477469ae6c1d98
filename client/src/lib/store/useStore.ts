import { useSyncExternalStore } from 'react';
import type { Store } from './createStore';

/**
 * Reads a slice of a store. The selector must return a value that stays identical while the slice
 * is unchanged (a field, a primitive), or the component re-renders on every store change.
 */
export function useStore<T, S = T>(store: Store<T>, selector: (state: T) => S = (s) => s as unknown as S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getSnapshot()),
    () => selector(store.getSnapshot()),
  );
}
