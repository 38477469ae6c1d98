import { describe, expect, it } from 'vitest';
import { groupRows } from '../../../../../shared/reports/systemGroups';
import { siteCounts } from './siteCounts';

describe('site counts per signal count', () => {
  it('counts the sites of each signal count, lowest count first, with their CS# - site name entries', () => {
    const points = siteCounts([
      { csNo: 'C10', siteName: 'Ten', signalCount: 2 },
      { csNo: 'C9', siteName: 'Nine', signalCount: 2 },
      { csNo: 'C1', siteName: 'One', signalCount: 5 },
      { csNo: 'C2', siteName: 'Two', signalCount: 1 },
    ]);
    expect(points).toEqual([
      { signalCount: 1, sites: 1, entries: ['C2 - Two'] },
      { signalCount: 2, sites: 2, entries: ['C9 - Nine', 'C10 - Ten'] },
      { signalCount: 5, sites: 1, entries: ['C1 - One'] },
    ]);
  });

  it('has no points without systems', () => {
    expect(siteCounts([])).toEqual([]);
  });

  it('groups rows by key in the order of their first row', () => {
    const g = groupRows(['a1', 'b1', 'a2'], (r) => r[0]);
    expect(g).toEqual([
      { key: 'a', rows: ['a1', 'a2'] },
      { key: 'b', rows: ['b1'] },
    ]);
  });
});
