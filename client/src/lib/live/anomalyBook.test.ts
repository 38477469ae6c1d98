import { describe, expect, it } from 'vitest';
import type { AnomalyEpisode } from '../../../../shared/anomalies/anomalyApi';
import { createAnomalyBook } from './anomalyBook';

/** A socket that only hands its listeners what the test emits. */
function fakeSocket() {
  const handlers = new Map<string, Array<(m: unknown) => void>>();
  return {
    socket: {
      on(event: string, fn: (m: unknown) => void) {
        handlers.set(event, [...(handlers.get(event) ?? []), fn]);
      },
    },
    emit: (event: string, m: unknown) => handlers.get(event)?.forEach((fn) => fn(m)),
  };
}

const episode = (count: number): AnomalyEpisode => ({
  id: 'ep1',
  agencyId: '10',
  kind: 'runaway',
  csNo: 'C1',
  siteNo: '1',
  systemNo: '2',
  siteName: 'Corner Shop',
  count,
  window: 60,
  startedAt: 1,
  updatedAt: 1,
});

describe('live anomalies heard by a screen', () => {
  it('keeps the newest list of each agency, drops what does not parse, and follows a corporate id', () => {
    const s = fakeSocket();
    const book = createAnomalyBook(s as never);
    let heard = 0;
    book.subscribe(() => heard++);
    // A screen waits for the list before drawing what goes under it (no list yet: not heard).
    expect(book.heard('10')).toBe(false);
    s.emit('anomalies', { agencyId: '10', episodes: [episode(25)], at: 2 });
    expect([book.heard('10'), book.heard('20')]).toEqual([true, false]);
    s.emit('anomalies', { agencyId: '10', episodes: [episode(20)], at: 1 });
    s.emit('anomalies', { agencyId: '10', episodes: [{ id: 1 }], at: 3 });
    expect(book.episodes('10').map((e) => e.count)).toEqual([25]);
    expect(book.episodes('20')).toEqual([]);
    s.emit('snapshot', { feed: 'alarms', agencyId: '10', subscribedAs: '99' });
    expect(book.episodes('99').map((e) => e.count)).toEqual([25]);
    expect(book.heard('99')).toBe(true);
    expect(heard).toBe(2);
    // What was open when the screen came is not news; what opened since is.
    expect(book.news('10')).toEqual([]);
    s.emit('anomalies', { agencyId: '10', episodes: [episode(30), { ...episode(5), id: 'ep2' }], at: 4 });
    expect(book.news('10').map((e) => e.id)).toEqual(['ep2']);
  });
});
