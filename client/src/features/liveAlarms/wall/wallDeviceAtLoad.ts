import { get } from '../../../lib/api/apiClient';

/** The wall display's path (the screen registry's `/wall`, any case, a trailing slash allowed). */
const WALL_PATH = /^\/wall\/?$/i;
/** An answer older than this is not used: the wall asks again (a page open for long, then signed out). */
const FRESH_MS = 30_000;

let atLoad: { answer: Promise<unknown>; at: number } | null = null;

/**
 * Asks whether this browser is a paired wall as /wall opens, beside the session check
 * (client/src/app/bootstrap.ts), instead of once its page has rendered: the answer was a round
 * trip after the app's start and its page's code, and the wall's first rows waited for it.
 * NOTE: unchecked here (the start's code carries no wall schema); wallPairingApi.ts checks it.
 */
export function askWallDeviceAtLoad(pathname: string): void {
  if (atLoad || !WALL_PATH.test(pathname)) return;
  atLoad = { answer: get('/api/walls/device', { expiryIsSignal: false }), at: Date.now() };
  atLoad.answer.catch(() => undefined);
}

/** The answer asked for at load, once, while fresh; null when there is none. */
export function takeWallDeviceAtLoad(): Promise<unknown> | null {
  const early = atLoad;
  atLoad = null;
  return early && Date.now() - early.at < FRESH_MS ? early.answer : null;
}
