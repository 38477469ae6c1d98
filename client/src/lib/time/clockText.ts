const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A moment in this browser's time: "2:10 PM" today, "Nov 28, 2:10 PM" before today (an
 * anomaly's start, a chart's bucket). NOTE: written out, not Intl: the first DateTimeFormat a
 * page makes loads the locale's data, 55-130 ms at full speed on the test host and four times
 * that on a phone (issue 38).
 */
export function clockText(at: number, now = Date.now()): string {
  const d = new Date(at);
  const n = new Date(now);
  const today =
    d.getDate() === n.getDate() && d.getMonth() === n.getMonth() && d.getFullYear() === n.getFullYear();
  const h = d.getHours();
  const time = `${h % 12 === 0 ? 12 : h % 12}:${String(d.getMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
  return today ? time : `${MONTHS[d.getMonth()]} ${d.getDate()}, ${time}`;
}

/**
 * The time of day to the second, as `clockText` writes a time: "2:10:05 PM" (the wall's clock).
 * Written out for the same reason: a wall's first screen made no format of its own but this one,
 * 15-29 ms at full speed on the test host for the locale's data (issue 38).
 */
export function timeOfDayText(at: number): string {
  const d = new Date(at);
  const h = d.getHours();
  const mm = String(d.getMinutes()).padStart(2, '0');
  const ss = String(d.getSeconds()).padStart(2, '0');
  return `${h % 12 === 0 ? 12 : h % 12}:${mm}:${ss} ${h < 12 ? 'AM' : 'PM'}`;
}
