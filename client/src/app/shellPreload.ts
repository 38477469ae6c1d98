import { loadPage } from './screenPages';
import { sessionAtLoad } from './session/sessionActors';

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
  void loadPage(LIVE_ALARM_VIEW_PAGE).catch(() => undefined);
}

/** The Live Alarm View's page module (screen registry). */
export const LIVE_ALARM_VIEW_PAGE = 'app/liveAlarms/LiveAlarmViewRoute';

/**
 * What a deep link can start once the page-load session check finds a session, beside the shell's
 * code rather than after its first render: the live connection (its socket is in the shell's
 * chunk) and, for the Live Alarm View, the column configuration its grid waits for.
 */
export async function startAtLoad(page: string): Promise<void> {
  const answer = await sessionAtLoad();
  if (!answer) return;
  const { openLiveEarly } = await import('../lib/live/LiveProvider');
  openLiveEarly();
  if (page !== LIVE_ALARM_VIEW_PAGE) return;
  const [{ prefetchAgencyConfig }, { watchedAgencyOf }] = await Promise.all([
    import('../features/liveAlarms/liveAlarmsApi'),
    import('../features/liveAlarms/hooks/useWatchedAgency'),
  ]);
  prefetchAgencyConfig(watchedAgencyOf(answer.profile));
}
