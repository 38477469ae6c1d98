import { createStore } from '../../lib/store/createStore';

/**
 * Toasts, top right, closing after 4 s (docs/product/shell-session-search.md#messages, #constants).
 * A message already on screen is not stacked a second time, so a burst of failures reads once.
 */
export type ToastSeverity = 'error' | 'warning' | 'success' | 'info';

export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
}

export const TOAST_MS = 4000;

export const toasts = createStore<readonly Toast[]>([]);
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  const t = timers.get(id);
  if (t) clearTimeout(t);
  timers.delete(id);
  toasts.setState((list) => list.filter((x) => x.id !== id));
}

export function showToast(
  message: string,
  severity: ToastSeverity = 'error',
  durationMs: number = TOAST_MS,
): void {
  if (!message) return;
  if (toasts.getSnapshot().some((t) => t.message === message && t.severity === severity)) return;
  const id = nextId++;
  toasts.setState((list) => [...list, { id, message, severity }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
}

export function clearToasts(): void {
  for (const id of timers.keys()) dismissToast(id);
  toasts.setState([]);
}
