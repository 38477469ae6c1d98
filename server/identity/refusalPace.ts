/**
 * How long the upstream took to refuse recent portal sign-ins. A refusal the bridge makes without
 * asking the upstream (a bridge identity's username, identityUsernames.ts) waits about as long, so
 * its timing does not tell a stranger which username is the identity's.
 */
export interface RefusalPace {
  /** One refusal the upstream made, in milliseconds. */
  note(ms: number): void;
  /** Waits as long as one of the recent refusals took. */
  wait(): Promise<void>;
}

export interface RefusalPaceOptions {
  /** How many recent refusals are kept to draw from. */
  keep?: number;
  /** The wait before any refusal was seen (drawn between half and one and a half times this). */
  firstMs?: number;
  /** The longest wait, whatever the upstream took. */
  maxMs?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createRefusalPace({
  keep = 32,
  firstMs = 150,
  maxMs = 5000,
  random = Math.random,
  sleep = realSleep,
}: RefusalPaceOptions = {}): RefusalPace {
  const recent: number[] = [];
  return {
    note(ms) {
      if (!Number.isFinite(ms) || ms < 0) return;
      recent.push(ms);
      if (recent.length > keep) recent.shift();
    },
    wait() {
      const ms =
        recent.length > 0
          ? recent[Math.min(recent.length - 1, Math.floor(random() * recent.length))]
          : firstMs * (0.5 + random());
      return sleep(Math.min(maxMs, ms));
    },
  };
}
