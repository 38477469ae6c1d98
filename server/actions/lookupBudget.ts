/**
 * What authorising one session's actions may cost upstream. Each look-up the bridge makes to
 * check an action (an alarm's agency, a site the caller may see) is charged to the session; a
 * session that runs out is refused until the minute turns, so no request, however many records
 * it carries, turns the session's request rate into a multiple of upstream calls (finding 9).
 * Answers about sites are kept a short while per session, so a screen that saves tests of the same
 * sites again asks nothing upstream.
 */
export interface LookupBudget {
  /** Takes one look-up from the session's minute; false when none is left. */
  charge(sessionId: string): boolean;
  /** A kept answer about `place` for this session, or undefined. */
  known(sessionId: string, place: string): boolean | undefined;
  keep(sessionId: string, place: string, answer: boolean): void;
}

export class LookupsSpent extends Error {
  constructor() {
    super('the session spent its look-ups for the minute');
  }
}

export interface LookupBudgetOptions {
  perMinute: number;
  /** How long an answer about a site is kept. */
  keepMs: number;
  now?: () => number;
}

/** Places kept per session at most; a session past it forgets its oldest. */
const MAX_KEPT = 1000;

export function createLookupBudget({ perMinute, keepMs, now = Date.now }: LookupBudgetOptions): LookupBudget {
  const spent = new Map<string, { minute: number; count: number }>();
  const kept = new Map<string, Map<string, { answer: boolean; until: number }>>();
  let lastSweep = now();

  // Drops what belongs to minutes gone by, at most once a minute.
  const sweep = (t: number) => {
    if (t - lastSweep < 60_000) return;
    lastSweep = t;
    const minute = Math.floor(t / 60_000);
    for (const [id, s] of spent) if (s.minute !== minute) spent.delete(id);
    for (const [id, places] of kept) {
      for (const [p, k] of places) if (k.until <= t) places.delete(p);
      if (places.size === 0) kept.delete(id);
    }
  };

  return {
    charge(sessionId) {
      const t = now();
      sweep(t);
      const minute = Math.floor(t / 60_000);
      const s = spent.get(sessionId);
      if (!s || s.minute !== minute) {
        spent.set(sessionId, { minute, count: 1 });
        return perMinute >= 1;
      }
      if (s.count >= perMinute) return false;
      s.count += 1;
      return true;
    },
    known(sessionId, place) {
      const k = kept.get(sessionId)?.get(place);
      return k && k.until > now() ? k.answer : undefined;
    },
    keep(sessionId, place, answer) {
      let places = kept.get(sessionId);
      if (!places) kept.set(sessionId, (places = new Map()));
      places.delete(place);
      places.set(place, { answer, until: now() + keepMs });
      if (places.size > MAX_KEPT) places.delete(places.keys().next().value ?? '');
    },
  };
}
