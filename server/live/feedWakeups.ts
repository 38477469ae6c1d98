import { feedKey, type FeedRef } from '../../shared/live/protocol';
import type { FeedPublisher } from '../feeds/agencyFeed';

/**
 * Wakes the subscribes waiting for a feed's first load when this process publishes that feed's
 * status, which a first load always does once the store holds it. A feed polled by another
 * process wakes no one here: its waiters look again when their wait runs out.
 */
export function createFeedWakeups() {
  const waiting = new Map<string, Set<() => void>>();

  function wakeAll(ref: FeedRef) {
    for (const wake of [...(waiting.get(feedKey(ref)) ?? [])]) wake();
  }

  return {
    /** Resolves at the feed's next status published here, or after `ms`. */
    next(ref: FeedRef, ms: number): Promise<void> {
      const key = feedKey(ref);
      const set = waiting.get(key) ?? new Set<() => void>();
      waiting.set(key, set);
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          set.delete(wake);
          if (set.size === 0 && waiting.get(key) === set) waiting.delete(key);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        set.add(wake);
      });
    },
    /** `publish`, waking the feed's waiters after each status it sends. */
    wrap(publish: FeedPublisher): FeedPublisher {
      return {
        delta: (ref, msg) => publish.delta(ref, msg),
        status(ref, msg) {
          publish.status(ref, msg);
          wakeAll(ref);
        },
      };
    },
  };
}

export type FeedWakeups = ReturnType<typeof createFeedWakeups>;
