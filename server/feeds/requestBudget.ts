import { createMemoryBudgetStore, SLOT_MS, type BudgetStore } from './budgetStore';
import { realTimers, type Timers } from '../support/timers';

/** A grant later than this after its count is counted again as its request leaves. */
export const LATE_GRANT_MS = 100;

export interface RequestBudgetDeps {
  /** Where requests are counted: this process, or every bridge on one Redis. */
  store: BudgetStore;
  /** Requests allowed in any one second right now (lower while the upstream is backed off). */
  limit(): number;
  clock?: () => number;
  timers?: Timers;
  random?: () => number;
  onStoreError?(err: unknown): void;
}

/**
 * The upstream request budget of every feed: each upstream request takes a slot first, in the
 * order asked. A refused slot is asked again at the next count slot, with jitter so processes
 * waiting together do not ask together.
 */
export function createRequestBudget(d: RequestBudgetDeps) {
  const clock = d.clock ?? Date.now;
  const timers = d.timers ?? realTimers;
  const random = d.random ?? Math.random;
  // NOTE: without its store (Redis away) a process counts alone rather than stopping its feeds;
  // its leases fail then too, so few polls are running.
  const fallback = createMemoryBudgetStore();
  const waiters: (() => void)[] = [];
  let draining = false;

  async function countAt(now: number, limit: number): Promise<boolean> {
    try {
      return await d.store.take(now, limit);
    } catch (err) {
      d.onStoreError?.(err);
      return fallback.take(now, limit);
    }
  }

  async function take(): Promise<boolean> {
    const limit = Math.max(1, Math.floor(d.limit()));
    const countedAt = clock();
    if (!(await countAt(countedAt, limit))) return false;
    // NOTE: a grant that comes back late (a stalled process, a slow Redis) was counted in a slot
    // the request no longer leaves in: the count's margin (SLOTS) allows 250 ms between count and
    // arrival, and the stall spent part of it. Count it again where it now leaves; the first
    // count stays, so a stall costs a slot of throughput, never a second over the budget. Once:
    // a store that is always slow is not made to count everything twice over.
    if (clock() - countedAt <= LATE_GRANT_MS) return true;
    return countAt(clock(), limit);
  }

  async function drain() {
    if (draining) return;
    draining = true;
    try {
      while (waiters.length) {
        if (await take()) {
          waiters.shift()!();
          continue;
        }
        const toNextSlot = SLOT_MS - (clock() % SLOT_MS);
        await new Promise<void>((r) => timers.setTimeout(r, toNextSlot + random() * (SLOT_MS / 2)));
      }
    } finally {
      draining = false;
    }
  }

  return {
    /** Resolves once this request may go. */
    acquire(): Promise<void> {
      return new Promise((resolve) => {
        waiters.push(resolve);
        void drain();
      });
    },
    /** Requests waiting for a slot. */
    get waiting() {
      return waiters.length;
    },
  };
}
export type RequestBudget = ReturnType<typeof createRequestBudget>;
