import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobTry } from './jobQueue';
import { createMemoryJobQueue } from './memoryJobQueue';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2026-03-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const noop = async () => {};

describe('the in-memory job queue', () => {
  it('runs a job at its time, once, however often the same id is added', async () => {
    const q = createMemoryJobQueue({ retry: { attempts: 3, backoffMs: 1000 } });
    const runs: number[] = [];
    q.start({ scheduledEmail: async () => void runs.push(Date.now()), testReminder: noop });
    const job = { id: 'run_a_1', kind: 'scheduledEmail' as const, at: Date.now() + 60_000, data: {} };
    await q.add(job);
    await q.add(job);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await q.add(job);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs).toEqual([Date.parse('2026-03-01T00:01:00Z')]);
  });

  it('retries a failure with doubling back-off and says which try is the last', async () => {
    const q = createMemoryJobQueue({ retry: { attempts: 3, backoffMs: 1000 } });
    const tries: Array<Pick<JobTry, 'attempt' | 'final'> & { at: number }> = [];
    q.start({
      scheduledEmail: async (t) => {
        tries.push({
          attempt: t.attempt,
          final: t.final,
          at: Date.now() - Date.parse('2026-03-01T00:00:00Z'),
        });
        throw new Error('upstream away');
      },
      testReminder: noop,
    });
    await q.add({ id: 'x', kind: 'scheduledEmail', at: Date.now(), data: {} });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tries).toEqual([
      { attempt: 1, final: false, at: 0 },
      { attempt: 2, final: false, at: 1000 },
      { attempt: 3, final: true, at: 3000 },
    ]);
  });

  it('a cancelled job does not run; a job weeks away waits past the timer limit', async () => {
    const q = createMemoryJobQueue({ retry: { attempts: 1, backoffMs: 1000 } });
    const ran: string[] = [];
    q.start({ scheduledEmail: async (t) => void ran.push(t.job.id), testReminder: noop });
    await q.add({ id: 'soon', kind: 'scheduledEmail', at: Date.now() + 1000, data: {} });
    await q.add({ id: 'far', kind: 'scheduledEmail', at: Date.now() + 40 * 86_400_000, data: {} });
    await q.cancel('soon');
    await vi.advanceTimersByTimeAsync(39 * 86_400_000);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(86_400_000);
    expect(ran).toEqual(['far']);
  });
});
