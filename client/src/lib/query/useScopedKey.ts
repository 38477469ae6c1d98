import { useSessionView } from '../session/sessionView';
import { scopeOf, scopedKey } from './queryScope';

/**
 * The key under the current session and company scope, for a screen that uses a TanStack hook
 * directly (useInfiniteQuery): the scope sync then keeps it to the session like every other load.
 */
export function useScopedKey(key: readonly unknown[]): readonly unknown[] {
  return scopedKey(scopeOf(useSessionView()), key);
}
