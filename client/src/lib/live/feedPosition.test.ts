import { describe, expect, it } from 'vitest';
import { createFeedHandle } from './feedHandle';
import { feedMoves } from './feedPosition';

const ref = { feed: 'events' as const, agencyId: 'A1' };
const status = { stale: false, lastPollAt: 1 };

describe('following where a feed stands', () => {
  it('tells of each later change, not of the first snapshot, a resync, older rows or a heartbeat', () => {
    const handle = createFeedHandle(ref, (_since, answered) => answered('snapshot'), { keepRows: false });
    handle.onConnected();
    const moves: number[] = [];
    const stop = feedMoves(handle, (at) => moves.push(at.seq));

    handle.onSnapshot({ ...ref, ...status, epoch: 'e1', seq: 3, rows: [], loadingOlder: true });
    // Older rows of the window streaming in: where it stands, not news.
    handle.onDelta({ ...ref, epoch: 'e1', seq: 4, upserts: [], removes: [], at: 2 });
    handle.onStatus({ ...ref, ...status, epoch: 'e1', seq: 4 });
    expect(moves).toEqual([]);

    handle.onDelta({ ...ref, epoch: 'e1', seq: 5, upserts: [], removes: ['x'], at: 3 });
    handle.onStatus({ ...ref, ...status, lastPollAt: 9, epoch: 'e1', seq: 5 });
    expect(moves).toEqual([5]);

    // The feed's history was lost: a new epoch is a new start.
    handle.onSnapshot({ ...ref, ...status, epoch: 'e2', seq: 1, rows: [] });
    expect(moves).toEqual([5]);
    handle.onDelta({ ...ref, epoch: 'e2', seq: 2, upserts: [], removes: [], at: 4 });
    expect(moves).toEqual([5, 2]);
    expect(handle.rows.size).toBe(0);
    stop();
    handle.stop();
  });
});
