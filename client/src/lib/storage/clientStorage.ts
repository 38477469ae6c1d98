/**
 * Every key the client keeps in browser storage, in one place, so signing out or a session
 * expiry can clear them all (docs/product/shell-session-search.md#states). Storage failures
 * (private mode, quota) are ignored: the app works without storage, it only forgets.
 */
export const STORAGE_KEYS = {
  /** "true"/"false": the dark theme flag (docs/product/shell-session-search.md#entities). */
  isDarkTheme: 'IsDarkTheme',
  /** Live Alarm View's "show Graph" switch (docs/product/live-alarms-and-testing.md). */
  liveChart: 'LiveChart',
  agencyConfig: 'agencyConfig',
  /**
   * The top-50 sites list grouped by site_no (docs/product/shell-session-search.md#states,
   * "All-accounts list").
   */
  top50Sites: 'top50Sites',
} as const;

function safe<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: string): string | null => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => window.localStorage.removeItem(key), undefined),
};

export const perTab = {
  get: (key: string): string | null => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => window.sessionStorage.removeItem(key), undefined),
};

/** Sign-out and session expiry: nothing of the user stays behind. */
export function clearClientStorage(): void {
  safe(() => window.localStorage.clear(), undefined);
  safe(() => window.sessionStorage.clear(), undefined);
}
