import { createStore } from '../store/createStore';

/**
 * How many API calls are in flight. The service-company selector stays locked while any are
 * (docs/product/shell-session-search.md#states), so a switch never races the screens' reloads.
 */
export const pendingRequests = createStore(0);

export function trackRequest<T>(p: Promise<T>): Promise<T> {
  pendingRequests.setState((n) => n + 1);
  return p.finally(() => pendingRequests.setState((n) => n - 1));
}
