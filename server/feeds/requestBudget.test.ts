import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { busiestSecond } from '../../tests/support/busiestSecond';
import { createMemoryBudgetStore, type BudgetStore } from './budgetStore';
import { createRequestBudget } from './requestBudget';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

const LIMIT = 10;

/** A process's view of the shared store whose first answer comes back `stallMs` late. */
function stalledOnce(store: BudgetStore, stallMs: number): BudgetStore {
  let stalled = false;
  return {
    async take(now, limit) {
      const ok = await store.take(now, limit);
      if (!stalled) {
        stalled = true;
        await new Promise((r) => setTimeout(r, stallMs));
      }
      return ok;
    },
    shareDemand: store.shareDemand,
  };
}

/** A budget over `store`; `leave` records when each of its requests may go. */
function budgetOf(store: BudgetStore, left: number[]) {
  const budget = createRequestBudget({ store, limit: () => LIMIT, clock: () => Date.now(), random: () => 0 });
  return () => budget.acquire().then(() => left.push(Date.now()));
}

/**
 * Bridge A counts one request at 0 and gets its grant `stallMs` later; at 1.25 s, as A's count
 * leaves the window, bridge B asks for a whole budget at once. Answers when each request left.
 */
async function aStalledThenBFull(stallMs: number): Promise<number[]> {
  const shared = createMemoryBudgetStore();
  const left: number[] = [];
  const a = budgetOf(stalledOnce(shared, stallMs), left);
  const b = budgetOf(shared, left);
  void a();
  await vi.advanceTimersByTimeAsync(1250);
  for (let i = 0; i < LIMIT; i++) void b();
  await vi.advanceTimersByTimeAsync(10);
  return left;
}

describe('the request budget', () => {
  it('counts a grant that came back 400 ms late again as its request leaves: no second holds more than the budget', async () => {
    const left = await aStalledThenBFull(400);
    expect(left[0]).toBe(400);
    // Counted once, A's request (sent at 0.4 s) and B's ten (at 1.25 s) would make 11 in a second.
    expect(busiestSecond(left)).toBe(LIMIT);
    // B's last request waits for a slot rather than going: it is not lost.
    expect(left).toHaveLength(LIMIT);
    await vi.advanceTimersByTimeAsync(2000);
    expect(left).toHaveLength(LIMIT + 1);
    expect(busiestSecond(left)).toBe(LIMIT);
  });

  it('counts a grant that comes back in time once: the whole budget flows', async () => {
    expect(await aStalledThenBFull(50)).toEqual([50, ...Array<number>(LIMIT).fill(1250)]);
  });
});
