import { lazy, type ComponentType } from 'react';

export interface Preloadable {
  /** Renders the loaded component; suspends (React.lazy) only while its code is still on the way. */
  Component: ComponentType;
  /** Fetches the code now; once it is in, Component renders without suspending. */
  preload(): Promise<void>;
}

/**
 * A lazily loaded component that can be fetched before it renders. React.lazy alone suspends on
 * first render even when the code is already here, and React then holds a revealed fallback for
 * at least 300 ms: a deep link would show the boot screen, then the shell, then the screen.
 */
export function preloadable(load: () => Promise<ComponentType>): Preloadable {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const fetchOnce = () => {
    pending ??= load().then(
      (c) => (loaded = c),
      (e: unknown) => {
        pending = null; // a failed download may be retried
        throw e;
      },
    );
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await fetchOnce() }));
  function Component() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Component, preload: () => fetchOnce().then(() => undefined) };
}
