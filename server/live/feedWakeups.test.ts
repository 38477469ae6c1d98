import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatusMessage } from '../../shared/live/protocol';
import { createFeedWakeups } from './feedWakeups';

const events = { feed: 'events' as const, agencyId: '21001' };
const other = { feed: 'events' as const, agencyId: '21002' };
const status = (agencyId: string) => ({ feed: 'events', agencyId, stale: false }) as unknown as StatusMessage;

afterEach(() => {
  vi.useRealTimers();
});

describe("a subscribe waiting for a feed's first load", () => {
  it("wakes when this process publishes the feed's status, which still goes out", async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const wakeups = createFeedWakeups();
    const publish = wakeups.wrap({ delta: () => undefined, status: (ref) => sent.push(ref.agencyId) });
    let woken = false;
    void wakeups.next(events, 150).then(() => (woken = true));
    await vi.advanceTimersByTimeAsync(100);
    publish.status(other, status(other.agencyId));
    await vi.advanceTimersByTimeAsync(0);
    expect(woken).toBe(false);
    publish.status(events, status(events.agencyId));
    await vi.advanceTimersByTimeAsync(0);
    expect(woken).toBe(true);
    expect(sent).toEqual(['21002', '21001']);
  });

  it('looks again when its wait runs out (a feed polled by another process)', async () => {
    vi.useFakeTimers();
    const wakeups = createFeedWakeups();
    let woken = false;
    void wakeups.next(events, 150).then(() => (woken = true));
    await vi.advanceTimersByTimeAsync(149);
    expect(woken).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(woken).toBe(true);
  });
});
