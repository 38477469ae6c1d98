import { describe, expect, it } from 'vitest';
import { priorityOf, shareOut, type Claim } from './pollShares';

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
