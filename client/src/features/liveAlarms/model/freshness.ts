import type { ConnectionState } from '../../../lib/live/feedHandle';
import { formatElapsed } from './siteTime';

/**
 * The original's 15-second refresh countdown becomes a freshness indicator (docs/decisions.md):
 * how old the feed's last successful poll is, and a plain warning when the bridge says the feed
 * is stale or the connection is down. Rows already on screen stay; only the label changes.
 */
export type FreshnessLevel = 'connecting' | 'live' | 'aging' | 'stale' | 'offline' | 'refused' | 'replay';

export interface Freshness {
  level: FreshnessLevel;
  /** Short label: "Live · updated 3s ago". */
  label: string;
  /** The warning to show, when there is one. */
  warning: string | null;
}

/** A poll older than this reads as aging even when the bridge has not said stale yet. */
export const AGING_AFTER_MS = 30_000;

/** How often the bridge polls the feed, in words: "every 250 ms", "every 1.5 s", "every 2 s". */
export function formatInterval(ms: number): string {
  if (ms < 1000) return `every ${Math.max(50, Math.round(ms / 50) * 50)} ms`;
  const s = Math.round(ms / 100) / 10;
  return `every ${s} s`;
}

export interface FreshnessInput {
  state: ConnectionState;
  lastPollAt: number | null;
  reason: string | null;
  replaying: boolean;
  /** The bridge's poll interval for the feed now, when it says (StatusMessage.intervalMs). */
  intervalMs?: number | null;
}

/**
 * The level alone, with no words: the same as freshnessOf's, for a reader that asks whether the
 * words beside the label changed (a wall, on every delta) and builds them only when they did.
 */
export function freshnessLevelOf(
  state: ConnectionState,
  lastPollAt: number | null,
  replaying: boolean,
  now: number,
): FreshnessLevel {
  if (replaying) return 'replay';
  switch (state) {
    case 'connecting':
    case 'resyncing':
      return 'connecting';
    case 'offline':
    case 'ended':
      return 'offline';
    case 'refused':
      return 'refused';
    case 'stale':
      return 'stale';
    default:
      return lastPollAt != null && now - lastPollAt > AGING_AFTER_MS ? 'aging' : 'live';
  }
}

/** The levels that have no warning: their words beside the label are the level alone. */
export const QUIET_LEVELS: ReadonlySet<FreshnessLevel> = new Set(['connecting', 'live', 'aging', 'replay']);

export function freshnessOf(input: FreshnessInput, now: number): Freshness {
  const { state, lastPollAt, reason, replaying, intervalMs } = input;
  // NOTE: the interval follows the upstream budget (the bridge's poll scheduler): shown while live,
  // so a dealer reads how fresh "updated 0s ago" can be.
  const pace = intervalMs ? ` · ${formatInterval(intervalMs)}` : '';
  const age = lastPollAt == null ? null : Math.max(0, now - lastPollAt);
  const ago = age == null ? 'no update yet' : `updated ${formatElapsed(age)} ago`;
  if (replaying) return { level: 'replay', label: 'Replay', warning: null };
  switch (state) {
    case 'connecting':
      return { level: 'connecting', label: 'Connecting…', warning: null };
    case 'resyncing':
      return { level: 'connecting', label: `Catching up · ${ago}`, warning: null };
    case 'offline':
      return {
        level: 'offline',
        label: `Offline · ${ago}`,
        warning: `Connection lost. Reconnecting… The rows shown were ${ago}.`,
      };
    case 'refused':
      return {
        level: 'refused',
        label: 'Not available',
        warning: reason ?? 'The live feed refused this screen.',
      };
    case 'ended':
      return {
        level: 'offline',
        label: 'Ended',
        warning: 'The live feed has ended. Sign in again to continue.',
      };
    case 'stale':
      return {
        level: 'stale',
        label: `Stale · ${ago}`,
        warning: `Live data is stale: ${reason ?? 'the monitoring center is not answering'}. The rows shown were ${ago}.`,
      };
    default:
      if (age != null && age > AGING_AFTER_MS)
        return { level: 'aging', label: `Live · ${ago}${pace}`, warning: null };
      return { level: 'live', label: `Live · ${ago}${pace}`, warning: null };
  }
}
