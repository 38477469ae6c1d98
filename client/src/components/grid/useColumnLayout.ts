import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { clampWidth, columnLimits, moveColumn, resolveLayout, shiftColumn } from './gridModel';
import type { GridColumn, GridLayout } from './gridTypes';

/**
 * Column order and widths of one grid. Widths are clamped to the screen's limits; every change
 * is reported through onLayoutChange so a screen can save it.
 */
export function useColumnLayout<R>(
  columns: readonly GridColumn<R>[],
  opts: {
    minWidth: number;
    maxWidth: number;
    initialLayout?: Partial<GridLayout>;
    onLayoutChange?: (layout: GridLayout) => void;
    /** A column's new `width` applies unless the user has sized that column (report grids). */
    followColumnWidths?: boolean;
  },
) {
  const { minWidth, maxWidth, initialLayout, onLayoutChange, followColumnWidths = false } = opts;
  const [layout, setLayout] = useState<GridLayout>(() =>
    resolveLayout(columns, initialLayout, minWidth, maxWidth),
  );
  const columnKey = columns.map((c) => c.id).join('|');

  // Columns added or removed by the screen keep the user's order and widths for the rest:
  // adjusted while rendering (React's "storing information from previous renders").
  const shapeKey = `${columnKey}/${minWidth}/${maxWidth}`;
  const [resolvedFor, setResolvedFor] = useState(shapeKey);
  if (resolvedFor !== shapeKey) {
    setResolvedFor(shapeKey);
    setLayout((prev) => resolveLayout(columns, prev, minWidth, maxWidth));
  }

  // Widths the screen computes from its rows (report grids) follow new rows, except where the
  // user has dragged a column: theirs stays.
  const userSized = useRef(new Set<string>());
  const widthKey = columns.map((c) => `${c.id}:${c.width ?? ''}`).join('|');
  const firstWidths = useRef(true);
  const followWidths = useEffectEvent(() =>
    setLayout((prev) => {
      let widths: Record<string, number> | null = null;
      for (const c of columns) {
        if (c.width == null || userSized.current.has(c.id)) continue;
        const { min, max } = columnLimits(c, minWidth, maxWidth);
        const w = clampWidth(c.width, min, max);
        if (prev.widths[c.id] !== w) (widths ??= { ...prev.widths })[c.id] = w;
      }
      return widths ? { ...prev, widths } : prev;
    }),
  );
  // Runs when the computed widths change, not on every new columns array.
  useEffect(() => {
    if (!followColumnWidths) return;
    if (firstWidths.current) {
      firstWidths.current = false;
      return;
    }
    followWidths();
  }, [widthKey, followColumnWidths]);

  const changed = useRef(onLayoutChange);
  useEffect(() => {
    changed.current = onLayoutChange;
  }, [onLayoutChange]);
  const update = useCallback((fn: (prev: GridLayout) => GridLayout) => {
    setLayout((prev) => {
      const next = fn(prev);
      if (next !== prev) queueMicrotask(() => changed.current?.(next));
      return next;
    });
  }, []);

  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const ordered = useMemo(
    () => layout.order.map((id) => byId.get(id)).filter((c): c is GridColumn<R> => Boolean(c)),
    [layout.order, byId],
  );

  const setWidth = useCallback(
    (id: string, width: number) => {
      const col = byId.get(id);
      if (!col) return;
      const { min, max } = columnLimits(col, minWidth, maxWidth);
      userSized.current.add(id);
      update((prev) => {
        const w = clampWidth(width, min, max);
        return prev.widths[id] === w ? prev : { ...prev, widths: { ...prev.widths, [id]: w } };
      });
    },
    [byId, minWidth, maxWidth, update],
  );
  const move = useCallback(
    (fromId: string, toId: string) =>
      update((prev) => ({ ...prev, order: moveColumn(prev.order, fromId, toId) })),
    [update],
  );
  const shift = useCallback(
    (id: string, step: -1 | 1) => update((prev) => ({ ...prev, order: shiftColumn(prev.order, id, step) })),
    [update],
  );
  const reset = useCallback(() => {
    userSized.current.clear();
    update(() => resolveLayout(columns, undefined, minWidth, maxWidth));
  }, [columns, minWidth, maxWidth, update]);

  return { layout, ordered, setWidth, move, shift, reset };
}
