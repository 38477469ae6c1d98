import { describe, expect, it } from 'vitest';
import {
  clampWidth,
  columnLimits,
  moveColumn,
  nextSort,
  pagerPages,
  pageSlice,
  resolveLayout,
  sortRows,
} from './gridModel';
import type { GridColumn } from './gridTypes';

type R = { id: string; v: string | number | null };
const col: GridColumn<R> = { id: 'v', label: 'V' };

describe('grid rules', () => {
  it('sorts numbers by value, text naturally, empty values last in both directions, stably', () => {
    const rows: R[] = [
      { id: 'a', v: 'item 10' },
      { id: 'b', v: null },
      { id: 'c', v: 'Item 9' },
      { id: 'd', v: 'item 10' },
    ];
    expect(sortRows(rows, [col], { columnId: 'v', direction: 'asc' }).map((r) => r.id)).toEqual([
      'c',
      'a',
      'd',
      'b',
    ]);
    expect(sortRows(rows, [col], { columnId: 'v', direction: 'desc' }).map((r) => r.id)).toEqual([
      'a',
      'd',
      'c',
      'b',
    ]);
    expect(sortRows(rows, [col], null)).toBe(rows);
  });

  it('cycles a header: ascending, descending, then the default sort', () => {
    const def = { columnId: 'x', direction: 'asc' as const };
    expect(nextSort(def, 'v', def)).toEqual({ columnId: 'v', direction: 'asc' });
    expect(nextSort({ columnId: 'v', direction: 'asc' }, 'v', def)).toEqual({
      columnId: 'v',
      direction: 'desc',
    });
    expect(nextSort({ columnId: 'v', direction: 'desc' }, 'v', def)).toEqual(def);
    expect(nextSort({ columnId: 'v', direction: 'desc' }, 'v', null)).toBeNull();
  });

  it('pages and shows at most three page buttons around the current page', () => {
    expect(pageSlice([1, 2, 3, 4, 5], 1, 2)).toEqual([3, 4]);
    expect(pageSlice([1, 2, 3], 9, 2)).toEqual([3]);
    expect(pagerPages(0, 10)).toEqual([0, 1, 2]);
    expect(pagerPages(5, 10)).toEqual([4, 5, 6]);
    expect(pagerPages(9, 10)).toEqual([7, 8, 9]);
    expect(pagerPages(0, 2)).toEqual([0, 1]);
  });

  it('clamps widths to the screen limits narrowed by the column', () => {
    expect(clampWidth(50, 100, 300)).toBe(100);
    expect(clampWidth(500, 100, 300)).toBe(300);
    expect(columnLimits({ ...col, minWidth: 150, maxWidth: 1000 }, 100, 300)).toEqual({ min: 150, max: 300 });
  });

  it('reorders and restores saved layouts that still fit', () => {
    expect(moveColumn(['a', 'b', 'c'], 'c', 'a')).toEqual(['c', 'a', 'b']);
    const cols = [
      { id: 'a', label: 'A' },
      { id: 'b', label: 'B', width: 1000 },
    ];
    expect(resolveLayout(cols, { order: ['gone', 'b'], widths: { a: 20 } }, 100, 300)).toEqual({
      order: ['b', 'a'],
      widths: { a: 100, b: 300 },
    });
  });
});
