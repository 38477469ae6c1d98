import { describe, expect, it } from 'vitest';
import { intervalsFor, priorityOf, shareOut, type Claim, type FeedDemand, type Paces } from './pollShares';

const claim = (weight: number, over: Partial<Claim> = {}): Claim => ({
  weight,
  cost: 1,
  minRate: 0,
  maxRate: Infinity,
  ...over,
});
const sum = (rates: number[], claims: Claim[]) => rates.reduce((a, r, i) => a + r * claims[i].cost, 0);

describe('sharing the budget out', () => {
  it('gives rates in proportion to weight and spends the whole budget', () => {
    const claims = [claim(8), claim(4), claim(2), claim(1)];
    const rates = shareOut(claims, 30);
    expect(rates).toEqual([16, 8, 4, 2]);
    expect(sum(rates, claims)).toBeCloseTo(30);
  });

  it('counts what a poll costs: a feed of three requests a poll gets a third of the polls', () => {
    const claims = [claim(1), claim(1, { cost: 3 })];
    const rates = shareOut(claims, 8);
    expect(rates[0]).toBeCloseTo(2);
    expect(rates[1]).toBeCloseTo(2);
    expect(sum(rates, claims)).toBeCloseTo(8);
  });

  it('gives what a capped claim cannot use to the others', () => {
    const claims = [claim(8, { maxRate: 4 }), claim(1), claim(1)];
    const rates = shareOut(claims, 20);
    expect(rates).toEqual([4, 8, 8]);
  });

  it('raises a claim to its minimum rate even past the budget', () => {
    const claims = [claim(8), claim(1, { minRate: 0.5 })];
    const rates = shareOut(claims, 1);
    expect(rates[1]).toBe(0.5);
    expect(rates[0]).toBeCloseTo(0.5);
  });

  it('shares nothing out to no claim', () => {
    expect(shareOut([], 50)).toEqual([]);
  });
});

describe('a feed priority', () => {
  it.each([
    ['alarms', true, 'watchedAlarms'],
    ['events', true, 'watchedEvents'],
    ['systemsOnTest', true, 'testList'],
    ['alarms', false, 'unwatched'],
    ['events', false, 'unwatched'],
  ] as const)('%s watched %s is %s', (kind, watched, priority) => {
    expect(priorityOf(kind, watched)).toBe(priority);
  });
});

describe('intervals by what screens watch', () => {
  const paces: Paces = { floorMs: 250, ceilingMs: 2000, alwaysOnMs: 2000 };
  const feeds = (priority: FeedDemand['priority'], n: number, cost = 1): FeedDemand[] =>
    Array.from({ length: n }, () => ({ priority, cost }));
  const rps = (ms: number[], f: FeedDemand[]) => ms.reduce((a, m, i) => a + (f[i].cost * 1000) / m, 0);

  it('polls an always-on feed no screen watches at ALWAYS_ON_POLL_MS, never faster, however large the budget', () => {
    const idle = feeds('unwatched', 12);
    expect(intervalsFor(idle, 1000, paces)).toEqual(Array(12).fill(2000));
    expect(intervalsFor(idle, 1000, { ...paces, alwaysOnMs: 5000 })).toEqual(Array(12).fill(5000));
    // Twelve idle feeds cost six requests a second of a budget of 39, and not one more.
    expect(rps(intervalsFor(idle, 39, paces), idle)).toBeCloseTo(6);
  });

  it('polls watched active alarms at the floor while the budget allows, and gives them what is left', () => {
    const f = [...feeds('watchedAlarms', 1), ...feeds('watchedEvents', 1), ...feeds('unwatched', 10)];
    const ms = intervalsFor(f, 39, paces);
    expect(ms[0]).toBe(250);
    expect(ms.slice(2)).toEqual(Array(10).fill(2000));
    // A budget too small for the floor: the unwatched feeds keep their pace, the watched agency's
    // feeds share the rest by weight, alarms twice as often as history.
    const tight = intervalsFor(f, 7, paces);
    expect(tight[0]).toBeGreaterThan(250);
    expect(tight[1]).toBeCloseTo(2 * tight[0], -1);
    expect(tight[1]).toBeLessThan(2000);
    expect(tight.slice(2)).toEqual(Array(10).fill(2000));
    expect(rps(tight, f)).toBeCloseTo(7);
  });

  it('polls a watched event history at twice the floor at most, never at the floor, however large the budget', () => {
    const f = [...feeds('watchedAlarms', 1), ...feeds('watchedEvents', 1), ...feeds('testList', 1)];
    const [alarms, events, tests] = intervalsFor(f, 1000, paces);
    expect(alarms).toBe(250);
    expect(events).toBe(500);
    expect(tests).toBe(2000);
    // A POLL_MS at the floor or below it pins every feed there, as the fixed poller did.
    expect(intervalsFor(f, 1000, { floorMs: 250, ceilingMs: 200, alwaysOnMs: 200 })).toEqual([200, 200, 200]);
  });

  it('counts reconciles in the budget: a feed whose polls read many pages gets fewer polls', () => {
    const f = [
      ...feeds('watchedAlarms', 1),
      { priority: 'watchedEvents' as const, cost: 3 },
      ...feeds('unwatched', 4),
    ];
    const ms = intervalsFor(f, 6, paces);
    expect(rps(ms, f)).toBeCloseTo(6);
    // The unwatched feeds keep their pace (2 a second); alarms and history share the other 4 by
    // weight times cost (8 x 1 against 4 x 3): history polls half as often as by weight alone.
    expect(ms.slice(2)).toEqual(Array(4).fill(2000));
    expect(ms[0]).toBeCloseTo(1000 / 1.6, -1);
    expect(ms[1]).toBeCloseTo(1000 / 0.8, -1);
  });

  it('oversubscribed, shares by weight alone: watched alarms fastest, unwatched feeds past ALWAYS_ON_POLL_MS', () => {
    const f = [...feeds('watchedAlarms', 50), ...feeds('watchedEvents', 50), ...feeds('unwatched', 100)];
    const ms = intervalsFor(f, 39, paces);
    expect(ms[0]).toBeLessThan(ms[50]);
    expect(ms[50]).toBeLessThan(ms[100]);
    expect(ms[100]).toBeGreaterThan(2000);
    expect(rps(ms, f)).toBeLessThanOrEqual(39.05);
  });

  it('backed off, lets every pace stretch by the cut while the cut budget covers them', () => {
    const f = feeds('unwatched', 3);
    // Half the health, and a budget cut to what three feeds at twice their interval cost.
    expect(intervalsFor(f, 0.75, paces, 0.5)).toEqual([4000, 4000, 4000]);
  });
});
