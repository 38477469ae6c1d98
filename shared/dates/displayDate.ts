/**
 * The display of a date and time everywhere on screen and in exports: MM/DD/YYYY hh:mm:ss AM.
 * NOTE: the spec's pattern "MM/DD/yyyy HH:mm:ss A" would print a 24-hour hour with AM/PM
 * ("23:46:49 PM"); a dealer reads a 12-hour clock, so the hour is 12-hour (docs/decisions.md).
 */
export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "11/23/2026 11:46:49 PM" from wall-clock fields. */
export function formatWallClock(c: WallClock): string {
  const hour12 = c.hour % 12 === 0 ? 12 : c.hour % 12;
  return `${pad(c.month)}/${pad(c.day)}/${c.year} ${pad(hour12)}:${pad(c.minute)}:${pad(c.second)} ${
    c.hour < 12 ? 'AM' : 'PM'
  }`;
}
