import { get } from '../../../lib/api/apiClient';

/** The wall display's path (the screen registry's `/wall`, any case, a trailing slash allowed). */
const WALL_PATH = /^\/wall\/?$/i;
/** An answer older than this is not used: the wall asks again (a page open for long, then signed out). */
const FRESH_MS = 30_000;
/** How long the alarms subscribed at load wait for the wall to take them over at most. */
const HOLD_ALARMS_MS = 60_000;

let atLoad: { answer: Promise<unknown>; at: number } | null = null;

/** Opens the live connection and holds a paired wall's active alarms for the wall about to show them. */
export type OpenAlarmsEarly = (agencyId: string) => void;

const openAlarmsEarly: OpenAlarmsEarly = (agencyId) => {
  void import('../../../lib/live/LiveProvider').then(({ openLiveEarly }) => {
    const held = openLiveEarly().feed({ feed: 'alarms', agencyId }, { hold: true });
    setTimeout(() => held.release(), HOLD_ALARMS_MS);
  });
};

/**
 * Asks whether this browser is a paired wall as /wall opens, beside the session check
 * (client/src/app/bootstrap.ts), instead of once its page has rendered: the answer was a round
 * trip after the app's start and its page's code, and the wall's first rows waited for it.
 * NOTE: unchecked here (the start's code carries no wall schema); wallPairingApi.ts checks it.
 *
 * A paired wall without a session then opens its live connection and subscribes its active
 * alarms at once, as the Live Alarm View's start does (shellPreload.ts), while its page's code
 * and first render are on the way; the wall takes them over when it renders. A browser with a
 * session shows its user's wall, whose shell opens the connection.
 */
export function askWallDeviceAtLoad(
  pathname: string,
  signedIn: Promise<unknown>,
  openAlarms: OpenAlarmsEarly = openAlarmsEarly,
): void {
  if (atLoad || !WALL_PATH.test(pathname)) return;
  const answer = get('/api/walls/device', { expiryIsSignal: false });
  atLoad = { answer, at: Date.now() };
  answer.catch(() => undefined);
  void Promise.all([answer, signedIn]).then(
    ([device, session]) => {
      const agencyId = pairedAgencyOf(device);
      if (agencyId && !session) openAlarms(agencyId);
    },
    () => undefined,
  );
}

/** The agency of a paired wall's answer, read no further than that (the pairing checks it whole). */
function pairedAgencyOf(device: unknown): string | null {
  if (typeof device !== 'object' || device === null) return null;
  const { state, wall } = device as { state?: unknown; wall?: { agencyId?: unknown } };
  return state === 'paired' && typeof wall?.agencyId === 'string' ? wall.agencyId : null;
}

/** The answer asked for at load, once, while fresh; null when there is none. */
export function takeWallDeviceAtLoad(): Promise<unknown> | null {
  const early = atLoad;
  atLoad = null;
  return early && Date.now() - early.at < FRESH_MS ? early.answer : null;
}
