import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveClient } from './liveClient';

/** The bridge's end of the page's socket: it records each subscribe and sends what a test says. */
const wire = await vi.hoisted(async () =>
  (await import('../testing/fakeLiveSocket')).fakeLiveSocket('screen-1'),
);
vi.mock('socket.io-client', () => ({ io: () => wire.socket }));

// Each test's client closes the one socket; the next client finds it connected again.
beforeEach(() => {
  wire.socket.connected = true;
});

describe("a feed a screen shows from a time on (a wall's last hour)", () => {
  it('asks for the rows from that time at each subscribe, and for the whole window once a screen needs it', () => {
    const live = createLiveClient();
    const ref = { feed: 'events' as const, agencyId: '100' };
    let start = 1_000;
    const hour = live.feed(ref, { rows: 'changes', from: () => start });
    expect(wire.subscribes).toEqual([{ ...ref, from: 1_000 }]);

    // After a gap it resubscribes from its cursor, with the start its window has now.
    wire.send('snapshot', { ...ref, epoch: 'e1', seq: 1, rows: [], stale: false, lastPollAt: 1 });
    start = 61_000;
    wire.send('delta', { ...ref, epoch: 'e1', seq: 3, upserts: [], removes: [], at: 2 });
    expect(wire.subscribes.at(-1)).toEqual({ ...ref, since: { epoch: 'e1', seq: 1 }, from: 61_000 });

    // A screen that keeps the whole window's rows joins: a fresh snapshot of all of it.
    const whole = live.feed(ref);
    expect(wire.subscribes.at(-1)).toEqual(ref);
    // And so on after it: the window's start is not asked for again.
    wire.send('snapshot', { ...ref, epoch: 'e1', seq: 4, rows: [], stale: false, lastPollAt: 3 });
    wire.send('delta', { ...ref, epoch: 'e1', seq: 9, upserts: [], removes: [], at: 4 });
    expect(wire.subscribes.at(-1)).toEqual({ ...ref, since: { epoch: 'e1', seq: 4 } });
    whole.release();
    hour.release();
    live.close();
  });

  it('a screen that hears the changes of the whole window joining one of a part of it gets the whole window', () => {
    const live = createLiveClient();
    const ref = { feed: 'events' as const, agencyId: '200' };
    const hour = live.feed(ref, { rows: 'changes', from: () => 5_000 });
    wire.send('snapshot', { ...ref, epoch: 'e1', seq: 1, rows: [], stale: false, lastPollAt: 1 });
    const heard = live.feed(ref, { rows: 'changes' });
    expect(wire.subscribes.at(-1)).toEqual(ref);
    // A second screen of the same part changes nothing.
    const asked = wire.subscribes.length;
    const again = live.feed({ feed: 'alarms', agencyId: '200' }, { rows: 'changes', from: () => 9 });
    expect(wire.subscribes.at(-1)).toEqual({ feed: 'alarms', agencyId: '200', from: 9 });
    expect(wire.subscribes.length).toBe(asked + 1);
    for (const f of [hour, heard, again]) f.release();
    live.close();
  });
});
