import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionView } from '../session/sessionView';
import { scopeOf, scopedKey } from './queryScope';

/**
 * Marks loads of the current scope stale after a change was saved, so open screens reload them.
 * `key` is a prefix of the keys given to useApiQuery: `['GET', '/api/Settings/GetUsers']` reloads
 * that call whatever its query.
 */
export function useInvalidate(): (key: readonly unknown[]) => Promise<void> {
  const client = useQueryClient();
  const scope = scopeOf(useSessionView());
  return useCallback((key) => client.invalidateQueries({ queryKey: scopedKey(scope, key) }), [client, scope]);
}

/**
 * Puts what the server accepted straight into the cache (a saved setting the screen already
 * knows), so screens show it without loading it again. `key` is the full key of useApiQuery.
 */
export function useSetCached(): <T>(key: readonly unknown[], data: T) => void {
  const client = useQueryClient();
  const scope = scopeOf(useSessionView());
  return useCallback(
    <T>(key: readonly unknown[], data: T) => void client.setQueryData(scopedKey(scope, key), data),
    [client, scope],
  );
}
