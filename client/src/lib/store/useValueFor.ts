import { useState } from 'react';

const sameKeys = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * A value worked out again only when one of `keys` changes, while `compute` may read other
 * inputs at that moment: a map keeps its focus while the same sites' rows are refreshed, a tally
 * is recounted once a minute and not on every tick of the clock. Unlike `useMemo`, whose
 * dependencies are all it reads, the keys here say when, on purpose. `compute` runs during the
 * render in which a key changed (React's "storing information from previous renders").
 */
export function useValueFor<T>(keys: readonly unknown[], compute: () => T): T {
  const [held, setHeld] = useState(() => ({ keys, value: compute() }));
  if (sameKeys(held.keys, keys)) return held.value;
  const next = { keys, value: compute() };
  setHeld(next);
  return next.value;
}
