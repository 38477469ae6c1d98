const DAY_MS = 86_400_000;
/** A moment up to this far in the future is taken as now (clocks of two hosts differ a little). */
const CLOCK_SLACK_MS = 60_000;

const iso = (t: number) =>
  new Date(t)
    .toISOString()
    .replace(/:\d\d\.\d+Z$/, 'Z')
    .replace('T', ' ');

/** A range in words, for the audit: "2026-11-28 14:00Z to 2026-11-28 15:00Z". */
export function rangeWords(from: number, to: number): string {
  return `${iso(from)} to ${iso(to)}`;
}

/** How long recordings are kept, in words: "7 days", "1 hour", "90 minutes". */
export function keptWords(keepMs: number): string {
  if (keepMs >= DAY_MS && keepMs % DAY_MS === 0)
    return keepMs === DAY_MS ? '1 day' : `${keepMs / DAY_MS} days`;
  if (keepMs % 3_600_000 === 0) return keepMs === 3_600_000 ? '1 hour' : `${keepMs / 3_600_000} hours`;
  return `${Math.round(keepMs / 60_000)} minutes`;
}

/**
 * Why a time range cannot be searched or exported, in words the tester can act on; null when it
 * can. A range that cannot hold anything gets a message, never an empty answer that reads as
 * "nothing happened".
 */
export function checkRange(
  from: number,
  to: number,
  keepMs: number,
  now: number,
  maxMs?: number,
): string | null {
  if (to <= from) return 'The end of the range is before its start.';
  if (from > now + CLOCK_SLACK_MS) return 'The range starts in the future.';
  const oldest = now - keepMs;
  // NOTE: a range that only begins before the oldest recording is searched from there on.
  if (to <= oldest)
    return `Recordings are kept for ${keptWords(keepMs)}: the range ends before the oldest (${iso(oldest)}).`;
  if (maxMs !== undefined && to - from > maxMs) return `A range may cover at most ${keptWords(maxMs)}.`;
  return null;
}
