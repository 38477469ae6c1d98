import { describe, expect, it } from 'vitest';
import { groupSystems } from './systemGroups';

const rows = [
  { system_no: '7', cs_no: 'A7', n: 1, signal_count: undefined as number | undefined },
  { system_no: '9', cs_no: 'A9', n: 2, signal_count: undefined },
  { system_no: '7', cs_no: 'A7', n: 3, signal_count: undefined },
];

describe('one grid row per system', () => {
  it('groups the detail rows under their system and derives the signal count from them', () => {
    const g = groupSystems(rows, (r) => r.system_no);
    expect(g.map((s) => [s.id, s.signalCount, s.details.map((d) => d.n)])).toEqual([
      ['7', 2, [1, 3]],
      ['9', 1, [2]],
    ]);
  });

  it('keeps the signal count the call gave', () => {
    const g = groupSystems(
      rows.map((r) => ({ ...r, signal_count: 5 })),
      (r) => r.system_no,
      (r) => r.signal_count,
    );
    expect(g.map((s) => s.signalCount)).toEqual([5, 5]);
  });
});
