import { memo, useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ActiveAlarmRow } from '../../../../../shared/upstream/activeAlarmRow';
import { useViewSnapshot, type ViewStore } from '../../../lib/live/useFeedView';
import { AlarmClock } from '../components/AlarmClock';
import { useClockThresholds } from '../hooks/useClockThresholds';
import type { AlarmThresholds } from '../model/alarmClock';
import { hexToRgb } from '../model/rowColours';
import { createRowHeights, stackRows, type RowHeights } from './rowHeights';

/** Rows a wall shows; the rest are "+N more". */
const SHOWN = 12;
/** Between two rows, px (as wall.css draws them). */
const GAP = 12;
/** A row's height until the browser has laid it out: one line of each, at the wall's type. */
const ROW_GUESS = 100;

/**
 * The wall's active alarms, newest first, the first twelve and how many more.
 *
 * NOTE: the rows are stacked by transform (`translateY`), each where the heights of those above it
 * put it, the heights measured by the browser after its layout. A new alarm at the top moves the
 * rows under it by transform: no layout of the other rows, and no layout shift, which the rows
 * pushed down in the flow made (Lighthouse's 0.16 on the wall, issue 38). A row wraps as before.
 */
export const WallAlarms = memo(function WallAlarms({ view }: { view: ViewStore<ActiveAlarmRow> }) {
  const rows = useViewSnapshot(view).rows;
  const [thresholds] = useClockThresholds();
  const [heights] = useState(() => createRowHeights());
  useEffect(() => () => heights.stop(), [heights]);
  useSyncExternalStore(heights.subscribe, heights.version);
  if (rows.length === 0) return <p className="wall__empty">No active alarms</p>;
  const shown = rows.slice(0, SHOWN);
  const more = rows.length - shown.length;
  const stack = stackRows(
    more > 0 ? [...shown.map((r) => r.id), MORE] : shown.map((r) => r.id),
    heights.heightOf,
    GAP,
    ROW_GUESS,
  );
  return (
    <ol className="wall__alarms" aria-label="Active alarms" style={{ height: stack.height }}>
      {shown.map((r, i) => (
        <WallAlarm key={r.id} row={r} top={stack.tops[i]} thresholds={thresholds} heights={heights} />
      ))}
      {more > 0 ? (
        <Stacked id={MORE} className="wall__more" top={stack.tops[shown.length]} heights={heights}>
          +{more} more
        </Stacked>
      ) : null}
    </ol>
  );
});

const MORE = '+more';

/** One row: re-renders when its alarm or its place changes, not when another row does. */
const WallAlarm = memo(function WallAlarm({
  row,
  top,
  thresholds,
  heights,
}: {
  row: ActiveAlarmRow;
  top: number;
  thresholds: AlarmThresholds;
  heights: RowHeights;
}) {
  const rgb = hexToRgb(row.color_Code);
  return (
    <Stacked
      id={row.id}
      className="wall__alarm"
      top={top}
      heights={heights}
      borderLeftColor={rgb ? `rgb(${rgb.join(' ')})` : undefined}
    >
      <span className="wall__alarm-event">{row.event_Descr}</span>
      <span className="wall__alarm-site">
        {row.site_Name} · {row.city_Name} · CS# {row.cs_No}
      </span>
      <AlarmClock row={row} thresholds={thresholds} />
    </Stacked>
  );
});

function Stacked({
  id,
  className,
  top,
  heights,
  borderLeftColor,
  children,
}: {
  id: string;
  className: string;
  top: number;
  heights: RowHeights;
  borderLeftColor?: string;
  children: ReactNode;
}) {
  // A stable callback: a new one per render would stop and start watching the row each time.
  const watch = useCallback((el: HTMLLIElement) => heights.observe(id, el), [heights, id]);
  return (
    <li ref={watch} className={className} style={{ transform: `translateY(${top}px)`, borderLeftColor }}>
      {children}
    </li>
  );
}
