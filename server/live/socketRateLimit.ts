/** A per-socket token bucket: a screen that floods messages gets errors, not the process. */
export function createSocketRateLimit(perSecond: number, burst: number, clock: () => number = Date.now) {
  let tokens = burst;
  let last = clock();
  return () => {
    const now = clock();
    tokens = Math.min(burst, tokens + ((now - last) / 1000) * perSecond);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}
