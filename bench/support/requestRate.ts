/** Request arrival times (ms) counted per whole second from `from` to `to`. */
export function perSecond(times: readonly number[], from: number, to: number): number[] {
  const counts = new Array<number>(Math.max(0, Math.floor((to - from) / 1000))).fill(0);
  for (const t of times) {
    const i = Math.floor((t - from) / 1000);
    if (t >= from && i < counts.length) counts[i]++;
  }
  return counts;
}

/** The most requests in any one-second window (sliding), from `from` to `to`. */
export function busiestSecond(times: readonly number[], from: number, to: number): number {
  const t = times.filter((x) => x >= from && x < to).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < t.length; i++) {
    while (t[j] <= t[i] - 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/** A per-second count as one short line: `12 14 9 ...`, ten to a group. */
export function timeline(counts: readonly number[]): string {
  const groups: string[] = [];
  for (let i = 0; i < counts.length; i += 10) groups.push(counts.slice(i, i + 10).join(' '));
  return groups.join(' | ');
}
