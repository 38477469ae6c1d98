import type { ConnectionState, FeedHandle } from '../lib/live/feedHandle';
import { loadPage } from './screenPages';
import { holdUntilFirstRows } from './session/firstRowsFirst';
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
 * How long feeds subscribed at load wait for their screen to take them over at most (it releases
 * them when it does): a page that never shows them (a redirect, no right to the view) lets go.
 */
const HOLD_FEEDS_MS = 60_000;

/**
 * What a deep link can start once the page-load session check finds a session, beside the shell's
 * code rather than after its first render: the live connection (its socket is in the shell's
 * chunk) and, for the Live Alarm View, its two feeds and the column configuration its grid waits
 * for. The view takes the feeds over when it renders (one subscription per feed and page).
 */
export async function startAtLoad(page: string): Promise<void> {
  const isView = page === LIVE_ALARM_VIEW_PAGE;
  // Set before the session answer, which the session machine also awaits to start its loads.
  const firstRowsIn = isView ? holdUntilFirstRows() : () => undefined;
  try {
    const answer = await sessionAtLoad();
    if (!answer) return;
    const { openLiveEarly } = await import('../lib/live/LiveProvider');
    const live = openLiveEarly();
    if (!isView) return;
    const [{ prefetchAgencyConfig, prefetchEventTypes }, { watchedAgencyOf }] = await Promise.all([
      import('../features/liveAlarms/liveAlarmsApi'),
      import('../features/liveAlarms/hooks/useWatchedAgency'),
    ]);
    const agencyId = watchedAgencyOf(answer.profile);
    const configIn = prefetchAgencyConfig(agencyId);
    prefetchEventTypes();
    const held = (['events', 'alarms'] as const).map((feed) => live.feed({ feed, agencyId }, { hold: true }));
    setTimeout(() => held.forEach((h) => h.release()), HOLD_FEEDS_MS);
    // NOTE: the view draws its rows once the column configuration is in as well: both, then.
    await Promise.all([configIn, ...held.map((h) => firstSnapshot(h.handle))]);
  } finally {
    firstRowsIn();
  }
}

const SETTLED: ReadonlySet<ConnectionState> = new Set(['live', 'stale', 'refused', 'ended']);

/** Resolves when a feed's first snapshot is in, or when it will not come. */
function firstSnapshot(handle: Pick<FeedHandle, 'getSnapshot' | 'subscribe'>): Promise<void> {
  const waiting = () => !SETTLED.has(handle.getSnapshot().state);
  if (!waiting()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = handle.subscribe(() => {
      if (waiting()) return;
      stop();
      resolve();
    });
  });
}
