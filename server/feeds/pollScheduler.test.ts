import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedName, FeedRef } from '../../shared/live/protocol';
import { createMemoryBudgetStore, type BudgetStore } from './budgetStore';
import { createPollScheduler, HEADROOM, type FeedInterval, type PollSchedulerDeps } from './pollScheduler';
import { PRIORITY_WEIGHTS } from './pollShares';
import { createRequestBudget } from './requestBudget';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

const ref = (feed: FeedName, agencyId: string): FeedRef => ({ feed, agencyId });

function scheduler(over: Partial<PollSchedulerDeps> = {}) {
  return createPollScheduler({
    budgetRps: 50,
    floorMs: 250,
    ceilingMs: 2000,
    store: createMemoryBudgetStore(),
    owner: 'bridge-a',
    clock: () => Date.now(),
    random: () => 0.5,
    ...over,
  });
}

/** Feeds of always-on agencies no screen watches: `n` agencies' active alarms. */
function unwatched(s: ReturnType<typeof scheduler>, n: number, prefix = 'u') {
  const refs = Array.from({ length: n }, (_, i) => ref('alarms', `${prefix}${i}`));
  for (const r of refs) s.polling(r, true);
  return refs;
}

/** Two bridges on one budget store, ten unwatched feeds each; `refresh` reads the store on both. */
function twoBridgesOnOneBudget() {
  const store = createMemoryBudgetStore();
  const a = scheduler({ store, owner: 'a' });
  const b = scheduler({ store, owner: 'b' });
  unwatched(a, 10, 'a');
  unwatched(b, 10, 'b');
  const refresh = async () => {
    await a.refresh();
    await b.refresh();
  };
  return { a, b, refresh };
}

describe('poll scheduler: priorities', () => {
  it('gives a watched agency what is left of the budget, alarms first; test lists and unwatched feeds keep their pace', () => {
    const s = scheduler({ budgetRps: 6 });
    const alarms = ref('alarms', '1');
    const events = ref('events', '1');
    const tests = ref('systemsOnTest', '1');
    const quiet = ref('alarms', '2');
    for (const r of [alarms, events, tests]) s.watching(r, true);
    for (const r of [alarms, events, tests, quiet]) s.polling(r, true);
    const [a, e, t, q] = [alarms, events, tests, quiet].map((r) => s.intervalOf(r));
    expect(a).toBeGreaterThan(250);
    expect(a).toBeLessThan(e);
    expect(e).toBeLessThan(2000);
    expect([t, q]).toEqual([2000, 2000]);
    // The budget spent is the budget's share the scheduler aims at.
    const rps = [a, e, t, q].reduce((sum, ms) => sum + 1000 / ms, 0);
    expect(rps).toBeGreaterThan(6 * HEADROOM - 0.1);
    expect(rps).toBeLessThanOrEqual(6 * HEADROOM + 0.01);
  });

  it('polls a bridge nobody watches at ALWAYS_ON_POLL_MS, never faster, however large the budget', () => {
    const s = scheduler({ budgetRps: 50, alwaysOnMs: 3000 });
    const refs = [...unwatched(s, 6), ...unwatched(s, 6, 'e').map((r) => ref('events', r.agencyId))];
    for (const r of refs) s.polling(r, true);
    for (const r of refs) expect(s.intervalOf(r)).toBe(3000);
    for (let i = 0; i < 20; i++) expect(s.nextDelay(refs[i % refs.length])).toBeGreaterThanOrEqual(3000);
  });

  it('speeds a feed up when a screen opens on it and slows it when the screen leaves', () => {
    const s = scheduler({ budgetRps: 5 });
    const refs = unwatched(s, 4);
    const before = s.intervalOf(refs[0]);
    s.watching(refs[0], true);
    expect(s.intervalOf(refs[0])).toBeLessThan(before);
    s.watching(refs[0], false);
    expect(s.intervalOf(refs[0])).toBe(before);
  });

  it('counts what a poll costs: polls of many pages slow the feeds down so the budget holds', async () => {
    const s = scheduler({ budgetRps: 6 });
    const [cheap, dear] = unwatched(s, 2);
    for (const r of [cheap, dear]) s.watching(r, true);
    const before = s.intervalOf(cheap);
    for (let i = 0; i < 20; i++) s.polled(dear, 5);
    await s.refresh();
    expect(s.intervalOf(cheap)).toBeGreaterThan(before);
    const rps = 1000 / s.intervalOf(cheap) + (5 * 1000) / s.intervalOf(dear);
    expect(rps).toBeLessThanOrEqual(6 * HEADROOM + 0.1);
  });
});

describe('poll scheduler: floor, ceiling and jitter', () => {
  it('never polls a feed more often than the floor, however much budget is left', () => {
    const s = scheduler({ budgetRps: 50 });
    const alarms = ref('alarms', '1');
    s.watching(alarms, true);
    s.polling(alarms, true);
    expect(s.intervalOf(alarms)).toBe(250);
    expect(s.nextDelay(alarms)).toBeGreaterThanOrEqual(250);
  });

  it('polls every feed at least every POLL_MS while the budget covers them all at it', () => {
    const s = scheduler({ budgetRps: 5 });
    const refs = unwatched(s, 7);
    for (const r of refs) expect(s.intervalOf(r)).toBeLessThanOrEqual(2000);
    expect(s.nextDelay(refs[0])).toBeLessThanOrEqual(2000);
  });

  it('keeps to POLL_MS when it is below the floor', () => {
    const s = scheduler({ ceilingMs: 200 });
    const [r] = unwatched(s, 1);
    expect(s.intervalOf(r)).toBe(200);
  });

  it('spreads polls by up to a tenth of the interval either way, within floor and ceiling', () => {
    const draws = [0, 1, 0.25];
    const s = scheduler({ budgetRps: 10, random: () => draws.shift() ?? 0.5 });
    const refs = unwatched(s, 10);
    for (const r of refs) s.watching(r, true);
    const base = s.intervalOf(refs[0]);
    expect(base).toBeGreaterThan(250 / 0.9);
    expect(base).toBeLessThan(2000 / 1.1);
    expect(s.nextDelay(refs[0])).toBeCloseTo(base * 0.9);
    expect(s.nextDelay(refs[0])).toBeCloseTo(base * 1.1);
    expect(s.nextDelay(refs[0])).toBeCloseTo(base * 0.95);
  });
});

describe('poll scheduler: back-off', () => {
  it('cuts the rate to a tenth at once on an upstream error, and climbs back over 30 s', async () => {
    const s = scheduler();
    const refs = unwatched(s, 20);
    for (const r of refs) s.watching(r, true);
    const healthy = s.intervalOf(refs[0]);
    expect(s.limit()).toBe(50);

    s.answered({ ms: 40, ok: false });
    expect(s.limit()).toBeCloseTo(5);
    // 20 feeds within 78% of 5 requests a second: past POLL_MS, which backing off may stretch.
    expect(s.intervalOf(refs[0])).toBeGreaterThan(2000);
    const cut = s.intervalOf(refs[0]);
    s.answered({ ms: 40, ok: true });

    vi.advanceTimersByTime(15_000);
    await s.refresh();
    expect(s.limit()).toBeCloseTo(27.5);
    expect(s.intervalOf(refs[0])).toBeLessThan(cut);
    expect(s.intervalOf(refs[0])).toBeGreaterThan(healthy);

    vi.advanceTimersByTime(15_000);
    await s.refresh();
    expect(s.limit()).toBe(50);
    expect(s.intervalOf(refs[0])).toBe(healthy);
  });

  it('backs off on a slow answer too, and a good answer does not undo it', () => {
    const s = scheduler({ slowAnswerMs: 2000 });
    unwatched(s, 5);
    s.answered({ ms: 1500, ok: true });
    expect(s.limit()).toBe(50);
    s.answered({ ms: 2500, ok: true });
    expect(s.limit()).toBeCloseTo(5);
    s.answered({ ms: 20, ok: true });
    expect(s.limit()).toBeCloseTo(5);
  });

  it('holds the rate at a tenth while the errors go on, however far apart they come', () => {
    const s = scheduler();
    unwatched(s, 20);
    // A storm: every request fails, and backed off they come about a second apart.
    for (let i = 0; i < 10; i++) {
      s.answered({ ms: 30, ok: false });
      vi.advanceTimersByTime(990);
      expect(s.limit()).toBeCloseTo(5);
    }
    // The first good answer ends the storm; the climb starts there.
    s.answered({ ms: 30, ok: true });
    vi.advanceTimersByTime(15_000);
    expect(s.limit()).toBeCloseTo(27.5);
    vi.advanceTimersByTime(15_000);
    expect(s.limit()).toBe(50);
  });

  it('starts the climb again from a tenth at each new error', () => {
    const s = scheduler();
    s.answered({ ms: 0, ok: false });
    s.answered({ ms: 0, ok: true });
    vi.advanceTimersByTime(20_000);
    expect(s.limit()).toBeGreaterThan(30);
    s.answered({ ms: 0, ok: false });
    expect(s.limit()).toBeCloseTo(5);
  });
});

describe('poll scheduler: one budget for every bridge', () => {
  it('shares the budget between two bridges by what their feeds weigh', async () => {
    const store = createMemoryBudgetStore();
    const a = scheduler({ store, owner: 'a' });
    const b = scheduler({ store, owner: 'b' });
    const watched = ref('alarms', 'w');
    a.watching(watched, true);
    a.polling(watched, true);
    // B: forty agencies' active alarms watched, and twenty always-on event histories nobody watches.
    const busy = unwatched(b, 40);
    for (const r of busy) b.watching(r, true);
    const quiet = Array.from({ length: 20 }, (_, i) => ref('events', `q${i}`));
    for (const r of quiet) b.polling(r, true);
    await a.refresh();
    await b.refresh();
    await a.refresh();
    // The always-on feeds keep POLL_MS (10 requests a second); watched alarms on either bridge
    // share the rest by weight: about the same interval, far from the floor A alone would give.
    for (const r of quiet) expect(b.intervalOf(r)).toBe(2000);
    const perAlarm = (50 * HEADROOM - 10) / 41;
    for (const ms of [a.intervalOf(watched), b.intervalOf(busy[0])]) {
      expect(ms).toBeGreaterThan((1000 / perAlarm) * 0.75);
      expect(ms).toBeLessThan((1000 / perAlarm) * 1.25);
    }
    const total = 1000 / a.intervalOf(watched) + busy.reduce((n, r) => n + 1000 / b.intervalOf(r), 10);
    expect(total).toBeLessThanOrEqual(50 * HEADROOM + 0.5);
  });

  it('holds every bridge at a tenth while the errors another one sees go on', async () => {
    const { a, b, refresh } = twoBridgesOnOneBudget();
    a.answered({ ms: 10, ok: false });
    await refresh();
    // No new error for a while (A backed off sends little), the trouble not over yet.
    vi.advanceTimersByTime(5_000);
    await refresh();
    vi.advanceTimersByTime(990);
    expect(b.limit()).toBeCloseTo(5);
    a.answered({ ms: 10, ok: true });
    await refresh();
    vi.advanceTimersByTime(30_000);
    await refresh();
    expect(b.limit()).toBe(50);
  });

  it('backs every bridge off when one of them sees the upstream in trouble', async () => {
    const { a, b, refresh } = twoBridgesOnOneBudget();
    a.answered({ ms: 10, ok: false });
    await refresh();
    expect(b.limit()).toBeCloseTo(5);
    a.answered({ ms: 10, ok: true });
    vi.advanceTimersByTime(30_000);
    await refresh();
    expect(b.limit()).toBe(50);
  });

  it('treats a feed a screen watches on another bridge as watched', async () => {
    const store = createMemoryBudgetStore();
    const a = scheduler({ store, owner: 'a', budgetRps: 5 });
    const b = scheduler({ store, owner: 'b', budgetRps: 5 });
    const refs = unwatched(b, 4);
    const before = b.intervalOf(refs[0]);
    a.watching(refs[0], true);
    await a.refresh();
    await b.refresh();
    expect(b.intervalOf(refs[0])).toBeLessThan(before);
  });

  it('two bridges polling on one budget never exceed it in any one-second window, and spend most of it', async () => {
    const store: BudgetStore = createMemoryBudgetStore();
    const sent: number[] = [];
    const until = Date.now() + 20_000;
    const bridges = ['a', 'b'].map((owner, i) => {
      const s = scheduler({ store, owner, random: Math.random });
      const budget = createRequestBudget({ store, limit: s.limit, clock: () => Date.now() });
      // A: five agencies watched; B: thirty always-on agencies no screen watches.
      const refs =
        i === 0
          ? Array.from({ length: 5 }, (_, n) => [ref('alarms', `w${n}`), ref('events', `w${n}`)]).flat()
          : unwatched(s, 30, 'q');
      if (i === 0)
        for (const r of refs) {
          s.watching(r, true);
          s.polling(r, true);
        }
      s.start();
      return { s, budget, refs };
    });
    const loops = bridges.flatMap(({ s, budget, refs }) =>
      refs.map(async (r) => {
        while (Date.now() < until) {
          await budget.acquire();
          sent.push(Date.now());
          // An event history's poll now and then reads two pages.
          if (r.feed === 'events' && Math.random() < 0.2) {
            await budget.acquire();
            sent.push(Date.now());
          }
          await new Promise((res) => setTimeout(res, s.nextDelay(r)));
        }
      }),
    );
    await vi.advanceTimersByTimeAsync(30_000);
    await Promise.all(loops);
    for (const { s } of bridges) s.stop();

    sent.sort((x, y) => x - y);
    let most = 0;
    for (let i = 0, j = 0; i < sent.length; i++) {
      while (sent[j] < sent[i] - 999) j++;
      most = Math.max(most, i - j + 1);
    }
    expect(most).toBeLessThanOrEqual(50);
    // After the first seconds (the demand board fills), the two spend what they aim at.
    const late = sent.filter((t) => t >= until - 15_000 && t < until).length / 15;
    expect(late).toBeGreaterThan(50 * HEADROOM - 5);
  });
});

/** A repeatable stand-in for Math.random (mulberry32). */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('poll scheduler: more demand than budget', () => {
  /** `n` agencies whose active alarms and event history screens watch. */
  function watchedAgencies(s: ReturnType<typeof scheduler>, n: number) {
    const alarms = Array.from({ length: n }, (_, i) => ref('alarms', `w${i}`));
    const events = Array.from({ length: n }, (_, i) => ref('events', `w${i}`));
    for (const r of [...alarms, ...events]) {
      s.watching(r, true);
      s.polling(r, true);
    }
    return { alarms, events };
  }

  const rpsOf = (s: ReturnType<typeof scheduler>) =>
    s.intervals().reduce((sum, f) => sum + 1000 / f.intervalMs, 0);

  it('gives watched active alarms shorter intervals than event history, within the aimed budget', () => {
    // 100 agencies x 2 feeds at POLL_MS 2 s would ask 100 requests a second of a budget of 50.
    let told: FeedInterval[] = [];
    const s = scheduler({ budgetRps: 50, onAssign: (list) => (told = list) });
    const { alarms, events } = watchedAgencies(s, 100);
    const a = s.intervalOf(alarms[0]);
    const e = s.intervalOf(events[0]);
    expect(a).toBeLessThan(e);
    expect(e / a).toBeCloseTo(PRIORITY_WEIGHTS.watchedAlarms / PRIORITY_WEIGHTS.watchedEvents, 1);
    expect(e).toBeGreaterThan(2000);
    // What /metrics is given is the stretched interval, not POLL_MS.
    expect(told.find((f) => f.ref === events[0])?.intervalMs).toBe(e);
    expect(rpsOf(s)).toBeLessThanOrEqual(50 * HEADROOM + 0.05);
    expect(rpsOf(s)).toBeGreaterThan(50 * HEADROOM - 1);
  });

  it('stretches test lists and unwatched always-on feeds furthest, keeping watched alarms under POLL_MS', () => {
    const s = scheduler({ budgetRps: 50 });
    const { alarms, events } = watchedAgencies(s, 10);
    const tests = Array.from({ length: 10 }, (_, i) => ref('systemsOnTest', `w${i}`));
    for (const r of tests) {
      s.watching(r, true);
      s.polling(r, true);
    }
    const quiet = unwatched(s, 100);
    const [a, e, t, q] = [alarms[0], events[0], tests[0], quiet[0]].map((r) => s.intervalOf(r));
    expect(a).toBeLessThan(2000);
    expect(a).toBeLessThan(e);
    expect(e).toBeLessThan(t);
    expect(t).toBeLessThan(q);
    expect(q).toBeGreaterThan(2000);
    expect(rpsOf(s)).toBeLessThanOrEqual(50 * HEADROOM + 0.05);
  });

  it('keeps every feed at POLL_MS when the floor is POLL_MS, as the fixed poller did', () => {
    const s = scheduler({ budgetRps: 50, floorMs: 2000 });
    const { alarms, events } = watchedAgencies(s, 100);
    expect(s.intervalOf(alarms[0])).toBe(2000);
    expect(s.intervalOf(events[0])).toBe(2000);
  });

  it('jitters a feed stretched past POLL_MS around its own interval', () => {
    const draws = [0, 1];
    const s = scheduler({ budgetRps: 50, random: () => draws.shift() ?? 0.5 });
    const { events } = watchedAgencies(s, 100);
    const e = s.intervalOf(events[0]);
    expect(s.nextDelay(events[0])).toBeCloseTo(e * 0.9);
    expect(s.nextDelay(events[0])).toBeCloseTo(e * 1.1);
  });

  it('polls watched alarms more often than event history, by weight, and the budget count seldom holds a poll back', async () => {
    const random = seeded(7);
    const store = createMemoryBudgetStore();
    const s = scheduler({ store, random });
    const budget = createRequestBudget({ store, limit: s.limit, clock: () => Date.now() });
    const { alarms, events } = watchedAgencies(s, 100);
    s.start();
    const polls = { alarms: 0, events: 0 };
    const waits: number[] = [];
    const from = Date.now() + 10_000;
    const until = Date.now() + 40_000;
    const loops = [...alarms, ...events].map(async (r) => {
      // Start spread over one interval, as feeds started one by one do.
      await new Promise((res) => setTimeout(res, random() * s.nextDelay(r)));
      while (Date.now() < until) {
        const asked = Date.now();
        await budget.acquire();
        if (asked >= from) {
          waits.push(Date.now() - asked);
          polls[r.feed === 'alarms' ? 'alarms' : 'events']++;
        }
        await new Promise((res) => setTimeout(res, s.nextDelay(r)));
      }
    });
    await vi.advanceTimersByTimeAsync(50_000);
    await Promise.all(loops);
    s.stop();

    const ratio = PRIORITY_WEIGHTS.watchedAlarms / PRIORITY_WEIGHTS.watchedEvents;
    expect(polls.alarms / polls.events).toBeGreaterThan(1 + 0.7 * (ratio - 1));
    expect((polls.alarms + polls.events) / 30).toBeLessThanOrEqual(50 * HEADROOM + 1);
    // Held back at all: a few tens of ms now and then (every feed at POLL_MS waits seconds).
    waits.sort((x, y) => x - y);
    expect(waits[Math.floor(waits.length / 2)]).toBe(0);
    expect(waits[Math.floor(waits.length * 0.9)]).toBeLessThan(200);
  });
});

describe('poll scheduler: nudges', () => {
  it('lets news pull a feed forward to the floor, but not while backed off or pinned at POLL_MS', () => {
    const s = scheduler();
    expect(s.nudgeGapMs()).toBe(250);
    expect(scheduler({ floorMs: 2000 }).nudgeGapMs()).toBeNull();
    s.answered({ ms: 50, ok: false });
    expect(s.nudgeGapMs()).toBeNull();
    s.answered({ ms: 50, ok: true });
    vi.advanceTimersByTime(29_000);
    expect(s.nudgeGapMs()).toBeNull();
    vi.advanceTimersByTime(1_000);
    expect(s.nudgeGapMs()).toBe(250);
  });
});

describe('poll scheduler: upstream cost follows what screens watch', () => {
  /** Polls each feed in a loop at the scheduler's delays for `seconds` of fake time; counts polls. */
  async function run(s: ReturnType<typeof scheduler>, refs: FeedRef[], seconds: number) {
    const polls = new Map<string, number>();
    const until = Date.now() + seconds * 1000;
    s.start();
    const loops = refs.map(async (r) => {
      const key = `${r.feed}:${r.agencyId}`;
      while (Date.now() < until) {
        polls.set(key, (polls.get(key) ?? 0) + 1);
        await new Promise((res) => setTimeout(res, s.nextDelay(r)));
      }
    });
    await vi.advanceTimersByTimeAsync(seconds * 1000 + 5000);
    await Promise.all(loops);
    s.stop();
    return polls;
  }
  const sixAgencies = () =>
    Array.from({ length: 6 }, (_, i) => [ref('alarms', `${i}`), ref('events', `${i}`)]).flat();

  it('with nothing open, the always-on feeds of six agencies make at most six requests a second', async () => {
    const s = scheduler({ budgetRps: 50 });
    const refs = sixAgencies();
    for (const r of refs) s.polling(r, true);
    const polls = await run(s, refs, 60);
    const total = [...polls.values()].reduce((a, n) => a + n, 0);
    expect(total / 60).toBeLessThanOrEqual(6 + 0.2);
    for (const n of polls.values()) expect(n).toBeLessThanOrEqual(31);
  });

  it('with ALWAYS_ON_POLL_MS set, an unwatched feed polls that often and a watched one faster', async () => {
    const s = scheduler({ budgetRps: 50, alwaysOnMs: 5000 });
    const refs = sixAgencies();
    for (const r of refs) s.polling(r, true);
    s.watching(refs[0], true);
    s.watching(refs[1], true);
    const polls = await run(s, refs, 60);
    // Agency 0: its active alarms at the floor (four a second), its history at twice the floor.
    expect(polls.get('alarms:0')).toBeGreaterThan(200);
    expect(polls.get('events:0')).toBeGreaterThan(100);
    expect(polls.get('events:0')).toBeLessThanOrEqual(125);
    // The other five agencies: every 5 s, never more often.
    for (const r of refs.slice(2)) expect(polls.get(`${r.feed}:${r.agencyId}`)).toBeLessThanOrEqual(13);
  });
});
