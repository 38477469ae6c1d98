/** The longest the bridge honours a Retry-After: a header of a day must not blind the alarms for a day. */
export const MAX_RETRY_AFTER_MS = 15 * 60_000;

/**
 * How long a 429 or 503 asks the bridge to wait, in ms, from its `Retry-After` (RFC 9110 10.2.3:
 * delay-seconds or an HTTP-date), capped at MAX_RETRY_AFTER_MS; null when there is none or it
 * cannot be read. An HTTP-date is read against the answer's own `Date` when it has one, so a
 * clock apart from ours does not stretch or shorten the wait.
 */
export function retryAfterMs(value: string | null, date: string | null, now: number): number | null {
  if (value == null) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Math.min(MAX_RETRY_AFTER_MS, Number(v) * 1000);
  // An HTTP-date starts with the day's name (IMF-fixdate, RFC 850, asctime); anything else is no date.
  const at = /^[A-Za-z]{3}/.test(v) ? Date.parse(v) : Number.NaN;
  if (Number.isNaN(at)) return null;
  const sent = date == null ? Number.NaN : Date.parse(date);
  const from = Number.isNaN(sent) ? now : sent;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, at - from));
}
