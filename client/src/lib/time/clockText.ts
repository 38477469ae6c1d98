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
