import { describe, expect, it } from 'vitest';
import type { AnomalyEpisode } from '../../../../shared/anomalies/anomalyApi';
import { createAnomalyBook } from './anomalyBook';

/** A socket that only hands its listeners what the test emits, and keeps what the book sends. */
function fakeSocket() {
  const handlers = new Map<string, Array<(m: unknown) => void>>();
  const sent: Array<[string, unknown]> = [];
  return {
    socket: {
      on(event: string, fn: (m: unknown) => void) {
        handlers.set(event, [...(handlers.get(event) ?? []), fn]);
      },
      emit(event: string, m: unknown) {
        sent.push([event, m]);
      },
    },
    emit: (event: string, m: unknown) => handlers.get(event)?.forEach((fn) => fn(m)),
    sent,
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
    s.emit('anomalies', { agencyId: '10', episodes: [episode(25)], at: 2, rev: 0 });
    expect([book.heard('10'), book.heard('20')]).toEqual([true, false]);
    s.emit('anomalies', { agencyId: '10', episodes: [episode(20)], at: 1, rev: 0 });
    s.emit('anomalies', { agencyId: '10', episodes: [{ id: 1 }], at: 3, rev: 0 });
    expect(book.episodes('10').map((e) => e.count)).toEqual([25]);
    expect(book.episodes('20')).toEqual([]);
    s.emit('snapshot', { feed: 'alarms', agencyId: '10', subscribedAs: '99' });
    expect(book.episodes('99').map((e) => e.count)).toEqual([25]);
    expect(book.heard('99')).toBe(true);
    expect(heard).toBe(2);
    // What was open when the screen came is not news; what opened since is.
    expect(book.news('10')).toEqual([]);
    s.emit('anomalies', {
      agencyId: '10',
      episodes: [episode(30), { ...episode(5), id: 'ep2' }],
      at: 4,
      rev: 0,
    });
    expect(book.news('10').map((e) => e.id)).toEqual(['ep2']);
  });

  it('takes moved counts into the list it has, the later count of each episode winning', () => {
    const s = fakeSocket();
    const book = createAnomalyBook(s as never);
    const ep = (id: string, count: number, updatedAt: number) => ({ ...episode(count), id, updatedAt });
    let heard = 0;
    book.subscribe(() => heard++);
    // Moved counts before any list are not a list.
    s.emit('anomalies.moved', { agencyId: '10', episodes: [ep('a', 9, 5)], at: 5 });
    expect(book.heard('10')).toBe(false);
    s.emit('anomalies', { agencyId: '10', episodes: [ep('a', 3, 1), ep('b', 4, 1)], at: 10, rev: 0 });
    const [, b] = book.episodes('10');
    s.emit('anomalies.moved', { agencyId: '10', episodes: [ep('a', 5, 11), ep('z', 7, 11)], at: 11 });
    expect(book.episodes('10').map((e) => [e.id, e.count])).toEqual([
      ['a', 5],
      ['b', 4],
    ]);
    // The episode that did not move is the same object (its line is not drawn again).
    expect(book.episodes('10')[1]).toBe(b);
    // Older than the list, or not later than the count it has: nothing changes.
    s.emit('anomalies.moved', { agencyId: '10', episodes: [ep('b', 1, 12)], at: 9 });
    s.emit('anomalies.moved', { agencyId: '10', episodes: [ep('a', 4, 11)], at: 12 });
    expect(heard).toBe(2);
    // A list read before a count it missed keeps that count: the later one.
    s.emit('anomalies', { agencyId: '10', episodes: [ep('a', 4, 10), ep('c', 3, 11)], at: 10.5, rev: 0 });
    expect(book.episodes('10').map((e) => [e.id, e.count])).toEqual([
      ['a', 5],
      ['c', 3],
    ]);
    s.emit('anomalies.moved', { agencyId: '10', episodes: [{ id: 'a' }], at: 13 });
    expect(book.episodes('10').map((e) => e.count)).toEqual([5, 3]);
  });

  it('keeps the episodes it holds unchanged as they were, and still refuses a list with one that does not parse', () => {
    const s = fakeSocket();
    const book = createAnomalyBook(s as never);
    const ep = (id: string, count: number, updatedAt: number) => ({ ...episode(count), id, updatedAt });
    s.emit('anomalies', {
      agencyId: '10',
      episodes: [ep('a', 3, 1), ep('b', 4, 1), ep('c', 5, 1)],
      at: 1,
      rev: 0,
    });
    const [a, b, c] = book.episodes('10');
    // An episode opens: the list comes whole, in another order; a's and c's are copies off the wire.
    s.emit('anomalies', {
      agencyId: '10',
      episodes: [ep('c', 5, 1), ep('a', 3, 1), ep('d', 2, 2), ep('b', 6, 2)],
      at: 2,
      rev: 0,
    });
    const now = book.episodes('10');
    expect(now.map((e) => [e.id, e.count])).toEqual([
      ['c', 5],
      ['a', 3],
      ['d', 2],
      ['b', 6],
    ]);
    // Unchanged: the same objects (their lines are not drawn again); b moved: a new one.
    expect(now[0]).toBe(c);
    expect(now[1]).toBe(a);
    expect(now[3]).not.toBe(b);
    // A new episode that does not parse: the whole list is refused, held ones or not.
    s.emit('anomalies', {
      agencyId: '10',
      episodes: [ep('c', 5, 1), { ...ep('e', 1, 3), count: 'x' }],
      at: 3,
      rev: 0,
    });
    // A held episode whose copy changed in a field that moves is checked again, and refused here.
    s.emit('anomalies', { agencyId: '10', episodes: [{ ...ep('a', 3, 1), siteName: 7 }], at: 4, rev: 0 });
    expect(book.episodes('10')).toBe(now);
  });

  it('applies openings and closings that follow the revision it holds, and asks for the list again on a gap', () => {
    const s = fakeSocket();
    const book = createAnomalyBook(s as never);
    const ep = (id: string, startedAt: number, kind: AnomalyEpisode['kind'] = 'repeatAlarms') => ({
      ...episode(3),
      id,
      kind,
      startedAt,
    });
    const changed = (from: number, rev: number, opened: AnomalyEpisode[], closed: string[] = []) =>
      s.emit('anomalies.changed', { agencyId: '10', from, rev, at: 20 + rev, opened, closed });
    s.emit('anomalies', { agencyId: '10', episodes: [ep('a', 1)], at: 20, rev: 4 });
    const [a] = book.episodes('10');
    // A runaway opens: in its place (runaways first); the episode held is kept as it was.
    changed(4, 5, [ep('r', 9, 'runaway')]);
    expect(book.episodes('10')[1]).toBe(a);
    changed(5, 7, [ep('b', 5)], ['a']);
    expect(book.episodes('10').map((e) => e.id)).toEqual(['r', 'b']);
    // One the list already has, or that does not parse: nothing changes, nothing is asked.
    changed(4, 5, [ep('x', 1)]);
    s.emit('anomalies.changed', {
      agencyId: '10',
      from: 7,
      rev: 8,
      at: 30,
      opened: [{ id: 'y' }],
      closed: [],
    });
    expect(book.episodes('10').map((e) => e.id)).toEqual(['r', 'b']);
    expect(book.news('10').map((e) => e.id)).toEqual(['r', 'b']);
    expect(s.sent).toEqual([]);
    // Revision 8 was missed: 9 is not applied and the list is asked for, once while it is awaited.
    changed(8, 9, [ep('c', 6)]);
    changed(9, 10, [ep('d', 7)]);
    expect(book.episodes('10').map((e) => e.id)).toEqual(['r', 'b']);
    expect(s.sent).toEqual([['anomalies.list', { agencyId: '10' }]]);
    s.emit('anomalies', { agencyId: '10', episodes: [ep('b', 5), ep('c', 6), ep('d', 7)], at: 40, rev: 10 });
    expect(book.episodes('10').map((e) => e.id)).toEqual(['b', 'c', 'd']);
  });

  it('asks for the list again when a change came before a list read without it', () => {
    const s = fakeSocket();
    const book = createAnomalyBook(s as never);
    s.emit('anomalies.changed', { agencyId: '10', from: 2, rev: 3, at: 5, opened: [episode(3)], closed: [] });
    expect(book.heard('10')).toBe(false);
    s.emit('anomalies', { agencyId: '10', episodes: [], at: 4, rev: 2 });
    expect(book.heard('10')).toBe(true);
    expect(s.sent).toEqual([['anomalies.list', { agencyId: '10' }]]);
    s.emit('anomalies', { agencyId: '10', episodes: [episode(3)], at: 6, rev: 3 });
    expect(book.episodes('10').map((e) => e.id)).toEqual(['ep1']);
    expect(s.sent).toHaveLength(1);
    // A bridge that kept its episodes in memory restarted: its lists number from 0 again, and are
    // newer. The screen takes them and asks nothing.
    s.emit('anomalies', { agencyId: '10', episodes: [], at: 60, rev: 0 });
    s.emit('anomalies.changed', {
      agencyId: '10',
      from: 0,
      rev: 1,
      at: 61,
      opened: [episode(4)],
      closed: [],
    });
    expect(book.episodes('10').map((e) => e.count)).toEqual([4]);
    expect(s.sent).toHaveLength(1);
  });
});
