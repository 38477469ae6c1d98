/**
 * A token bucket shared by every feed of a process, so polls of many agencies stay within the
 * upstream request budget and are spread out rather than fired in bursts.
 */
export function createRequestBudget(perSecond: number, clock: () => number = () => performance.now()) {
  const capacity = Math.max(1, Math.ceil(perSecond));
  let tokens = capacity;
  let last = clock();
  const waiters: (() => void)[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  function refill() {
    const now = clock();
    tokens = Math.min(capacity, tokens + ((now - last) / 1000) * perSecond);
    last = now;
  }
  function drain() {
    timer = null;
    refill();
    while (waiters.length && tokens >= 1) {
      tokens -= 1;
      waiters.shift()!();
    }
    if (waiters.length) timer = setTimeout(drain, Math.ceil(((1 - tokens) / perSecond) * 1000));
  }
  return {
    acquire(): Promise<void> {
      refill();
      if (!waiters.length && tokens >= 1) {
        tokens -= 1;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        waiters.push(resolve);
        if (!timer) timer = setTimeout(drain, Math.ceil(((1 - tokens) / perSecond) * 1000));
      });
    },
  };
}
export type RequestBudget = ReturnType<typeof createRequestBudget>;
