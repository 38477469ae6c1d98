/** The most timestamps (ms) in any one-second window: what an upstream's per-second limit counts. */
export function busiestSecond(times: readonly number[]): number {
  const t = [...times].sort((x, y) => x - y);
  let most = 0;
  for (let i = 0, j = 0; i < t.length; i++) {
    while (t[j] <= t[i] - 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}
