import { loadPage } from './screenPages';

/** The module of the signed-in shell: the guard, the layout, the live connection, the menu. */
export const loadShell = () => import('./RequireSession');

let started = false;

/**
 * Fetches the shell and the Live Alarm View while the user types on the sign-in page, so the
 * first screen after sign-in needs no further download; the sign-in page itself loads neither.
 */
export function preloadShell(): void {
  if (started) return;
  started = true;
  void loadShell().catch(() => (started = false));
  void loadPage('app/liveAlarms/LiveAlarmViewRoute').catch(() => undefined);
}
