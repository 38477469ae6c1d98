import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeadlineError, withinDeadline } from './withinDeadline';

afterEach(() => {
  vi.useRealTimers();
});

describe('a read within a deadline', () => {
  it('answers what the read answers in time, and fails as the read fails', async () => {
    await expect(withinDeadline(Promise.resolve(7), 1000, 'count')).resolves.toBe(7);
    await expect(withinDeadline(Promise.reject(new Error('refused')), 1000, 'count')).rejects.toThrow(
      'refused',
    );
  });

  it('fails with a DeadlineError once the time is up on a read that never answers', async () => {
    vi.useFakeTimers();
    const never = new Promise<number>(() => {});
    const result = withinDeadline(never, 5000, 'session read');
    const caught = result.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(4999);
    let settled = false;
    void result.then(
      () => (settled = true),
      () => (settled = true),
    );
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await caught;
    expect(e).toBeInstanceOf(DeadlineError);
    expect((e as Error).message).toBe('session read: no answer within 5000 ms');
  });
});
