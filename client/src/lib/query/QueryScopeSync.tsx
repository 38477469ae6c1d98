import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionView } from '../session/sessionView';
import { scopeOf, scopeOfKey } from './queryScope';

/**
 * Keeps the cache to the current session and company. When the scope changes (a company switch,
 * another user) queries of every other scope are cancelled and dropped; when no one is signed in
 * (sign-out, after an expiry) the whole cache goes. Screens still mounted load again under the
 * new scope, since their keys changed. Stateless, so remounting it is harmless.
 */
export function QueryScopeSync() {
  const client = useQueryClient();
  const scope = scopeOf(useSessionView());
  useEffect(() => {
    if (scope === null) {
      void client.cancelQueries();
      client.clear();
      return;
    }
    const stale = { predicate: (q: { queryKey: readonly unknown[] }) => scopeOfKey(q.queryKey) !== scope };
    void client.cancelQueries(stale);
    client.removeQueries(stale);
  }, [client, scope]);
  return null;
}
