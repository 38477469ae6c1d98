import { describe, expect, it, vi } from 'vitest';
import type { JobQueue, JobSpec } from './jobQueue';
import { lazyJobQueue } from './lazyJobQueue';

const job: JobSpec = { id: 'a_1', kind: 'scheduledEmail', at: 0, data: {} };

function fakeQueue() {
  return {
    add: vi.fn(async () => undefined),
    cancel: vi.fn(async () => undefined),
    start: vi.fn(),
    close: vi.fn(async () => undefined),
  } satisfies JobQueue;
}

describe('lazyJobQueue', () => {
  it('makes nothing until the queue is first used', async () => {
    const make = vi.fn(async () => fakeQueue());
    const jobs = lazyJobQueue(make);
    expect(make).not.toHaveBeenCalled();
    await jobs.close();
    expect(make).not.toHaveBeenCalled();
  });

  it('makes the queue once and hands it every call, in order', async () => {
    const inner = fakeQueue();
    const make = vi.fn(async () => inner);
    const jobs = lazyJobQueue(make);
    const handlers = { scheduledEmail: vi.fn(), testReminder: vi.fn() };
    jobs.start(handlers);
    await Promise.all([jobs.add(job), jobs.cancel('b_2')]);
    await jobs.close();
    expect(make).toHaveBeenCalledTimes(1);
    expect(inner.start).toHaveBeenCalledWith(handlers);
    expect(inner.add).toHaveBeenCalledWith(job);
    expect(inner.cancel).toHaveBeenCalledWith('b_2');
    expect(inner.close).toHaveBeenCalledTimes(1);
  });

  it('fails the calls that need a queue that could not be made', async () => {
    const jobs = lazyJobQueue(async () => {
      throw new Error('no redis');
    });
    jobs.start({ scheduledEmail: vi.fn(), testReminder: vi.fn() });
    await expect(jobs.add(job)).rejects.toThrow('no redis');
    await expect(jobs.cancel('a_1')).rejects.toThrow('no redis');
    await expect(jobs.close()).resolves.toBeUndefined();
  });
});
