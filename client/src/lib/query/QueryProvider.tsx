import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { QueryScopeSync } from './QueryScopeSync';

/** The data layer for the screens below: the cache, kept to the current session and company. */
export function QueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <QueryScopeSync />
      {children}
    </QueryClientProvider>
  );
}
