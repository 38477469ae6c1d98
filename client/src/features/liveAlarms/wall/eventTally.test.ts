import { describe, expect, it } from 'vitest';
import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import { createFeedHandle } from '../../../lib/live/feedHandle';
import { eventRow } from '../model/testRows';
import { createEventTally } from './eventTally';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const HOUR = 3_600_000;
const TYPES = ['A', 'B', 'O', 'C'];

/** An event `ageMin` minutes before NOW, in the upstream's shape (UTC offset). */
const ev = (id: number, type: string, ageMin: number): EventLogRow =>
  eventRow(
    { id: String(id), eventrpt_id: type, event_Id: `${type}1`, description: type },
    NOW - ageMin * 60_000,
    0,
  );

/** The counts as the wall showed them before: every row of the window since `from`, counted afresh. */
function countAfresh(rows: Iterable<EventLogRow>, from: number) {
  const m = new Map<string, number>();
  for (const r of rows)
    if (Date.parse(r.eventDate) >= from) m.set(r.eventrpt_id, (m.get(r.eventrpt_id) ?? 0) + 1);
  return [...m.entries()]
    .map(([type, count]) => ({ type, count }))
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

/** A small deterministic random (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the wall's events of the last hour", () => {
  it('counts by type what a full count of the 24-hour window since the hour began counts, through snapshots, deltas and the hour moving on', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const rnd = random(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
      let from = NOW - HOUR;
      const tally = createEventTally({ from });
      let lastOrder = tally.types();
      const window = new Map<string, EventLogRow>();
      let nextId = 1;
      const fresh = () => ev(nextId++, pick(TYPES), Math.floor(rnd() * 24 * 60));
      for (let i = 0; i < 200; i++) window.set(String(nextId), fresh());
      tally.apply({ kind: 'reset', rows: new Map(window) });
      for (let step = 0; step < 100; step++) {
        const upserts: EventLogRow[] = [];
        const removes: string[] = [];
        for (let k = Math.floor(rnd() * 4); k > 0; k--) {
          const r = rnd();
          if (r < 0.5) upserts.push(ev(nextId++, pick(TYPES), Math.floor(rnd() * 90)));
          else if (r < 0.75 && window.size) removes.push(pick([...window.keys()]));
          else if (window.size) {
            // A row changed in place: same id, another type.
            const old = window.get(pick([...window.keys()]))!;
            upserts.push({ ...old, eventrpt_id: pick(TYPES) });
          }
        }
        for (const id of removes) window.delete(id);
        for (const r of upserts) window.set(r.id, r);
        tally.apply({ kind: 'rows', upserts, removes });
        let ranks = false;
        if (rnd() < 0.1) {
          tally.moveTo((from += 60_000));
          ranks = true;
        }
        if (rnd() < 0.02) {
          tally.apply({ kind: 'reset', rows: new Map(window) });
          ranks = true;
        }
        const fresh = countAfresh(window.values(), from);
        expect(tally.getSnapshot()).toEqual(fresh);
        // The bars' order: ranked as the hour moves on, a type comes or goes, or a snapshot
        // comes; else the same array, whatever the counts did.
        const shown = tally.types();
        const types = fresh.map((c) => c.type);
        expect([...shown].sort()).toEqual([...types].sort());
        if (ranks || lastOrder.length !== types.length || lastOrder.some((t) => !types.includes(t)))
          expect(shown).toEqual(types);
        else expect(shown).toBe(lastOrder);
        lastOrder = shown;
        expect(tally.largest()).toBe(fresh[0]?.count ?? 0);
      }
    }
  });

  it('holds only the events of the hour: none of the older rows of the window, and those that age out of it are let go', () => {
    const tally = createEventTally({ from: NOW - HOUR });
    const rows = new Map<string, EventLogRow>();
    // A 24-hour window of one event a minute: 60 of them in the last hour.
    for (let m = 0; m < 24 * 60; m++) rows.set(String(m), ev(m, pick4(m), m));
    tally.apply({ kind: 'reset', rows });
    expect(tally.size).toBe(61);
    expect(tally.getSnapshot().reduce((s, c) => s + c.count, 0)).toBe(61);
    tally.moveTo(NOW - HOUR + 30 * 60_000);
    expect(tally.size).toBe(31);
    expect(tally.getSnapshot().reduce((s, c) => s + c.count, 0)).toBe(31);
  });

  it('counts right through a day of the hour moving on each minute, with events late, changed and removed', () => {
    const rnd = random(7);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
    const window = new Map<string, EventLogRow>();
    let from = NOW - HOUR;
    const tally = createEventTally({ from });
    let nextId = 1;
    for (let minute = 0; minute < 24 * 60; minute++) {
      // Three events a minute, one in ten of them late (up to 70 minutes old when it comes).
      const upserts: EventLogRow[] = [];
      for (let k = 0; k < 3; k++) {
        const age = rnd() < 0.1 ? Math.floor(rnd() * 70) : 0;
        upserts.push(ev(nextId++, pick(TYPES), age - minute));
      }
      const removes: string[] = [];
      if (window.size && rnd() < 0.2) removes.push(pick([...window.keys()]));
      if (window.size && rnd() < 0.2) {
        const old = window.get(pick([...window.keys()]))!;
        upserts.push({ ...old, eventrpt_id: pick(TYPES) });
      }
      for (const id of removes) window.delete(id);
      for (const r of upserts) window.set(r.id, r);
      tally.apply({ kind: 'rows', upserts, removes });
      tally.moveTo((from += 60_000));
      // The window the wall's feed holds: its rows of the last 24 hours.
      for (const [id, r] of window) if (Date.parse(r.eventDate) < from - 23 * HOUR) window.delete(id);
      expect(tally.getSnapshot()).toEqual(countAfresh(window.values(), from));
    }
    expect(tally.size).toBe(countAfresh(window.values(), from).reduce((s, c) => s + c.count, 0));
  });

  it("counts a feed it follows through a handle that keeps none of the window's rows", () => {
    const ref = { feed: 'events' as const, agencyId: 'A1' };
    const handle = createFeedHandle(ref, (_since, answered) => answered('snapshot'), {
      keepRows: false,
      tellRows: true,
    });
    handle.onConnected();
    const tally = createEventTally({ from: NOW - HOUR });
    tally.follow(handle);
    const at = { epoch: 'e1', stale: false, lastPollAt: 1 };
    handle.onSnapshot({ ...ref, ...at, seq: 0, rows: [ev(1, 'A', 5), ev(2, 'B', 120)] });
    handle.onDelta({ ...ref, epoch: 'e1', seq: 1, upserts: [ev(3, 'A', 0)], removes: [], at: 2 });
    handle.onDelta({ ...ref, epoch: 'e1', seq: 2, upserts: [ev(4, 'B', 0)], removes: ['1'], at: 3 });
    expect(handle.rows.size).toBe(0);
    expect(tally.getSnapshot()).toEqual([
      { type: 'A', count: 1 },
      { type: 'B', count: 1 },
    ]);
    handle.stop();
  });
});

function pick4(m: number) {
  return TYPES[m % TYPES.length];
}
