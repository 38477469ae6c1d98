import { createStore } from '../../lib/store/createStore';

/**
 * The product's alert (docs/product/shell-session-search.md#messages: "Alert: Unable to process
 * your request."; the transfer call's first error "alert in grids"): one message at a time with an
 * OK button, as against a toast that goes by itself. The same message raised again while shown is
 * not stacked.
 */
export const alertStore = createStore<{ message: string | null }>({ message: null });

export function showAlert(message: string): void {
  if (alertStore.getSnapshot().message === message) return;
  alertStore.setState({ message });
}

export function dismissAlert(): void {
  alertStore.setState({ message: null });
}
