import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ActiveAlarmRow } from '../../../../../shared/upstream/activeAlarmRow';
import { GridOrCards } from '../../../components/cardList/GridOrCards';
import type { DataGridApi, GridSort } from '../../../components/grid/gridTypes';
import type { FeedState } from '../../../lib/live/feedHandle';
import type { FeedRowSource, FeedViewQuery } from '../../../lib/live/feedView';
import { useFeedView, useViewSnapshot } from '../../../lib/live/useFeedView';
import { handlingText, useAlarmPresence } from '../../../lib/live/useAlarmPresence';
import { ALARM_ACTION_LABELS, type AlarmActionKind, type OnAlarmAction } from '../alarmActions';
import { ExportButtons } from '../../../reporting/export/ExportButtons';
import type { ExportTable } from '../../../reporting/export/exportFiles';
import { useAlarmAlerts } from '../hooks/useAlarmAlerts';
import { useClockThresholds } from '../hooks/useClockThresholds';
import { useFocusAlarm } from '../hooks/useFocusAlarm';
import { SiteMapPanel } from '../../../reporting/map/SiteMapPanel';
import { alarmRowStyle } from '../model/rowColours';
import { compareFor, sortKeyOf } from '../model/rowSort';
import { groupRowOfAlarm, siteOfAlarm, type SiteRef } from '../model/siteRef';
import { ActionIcon, type ActionIconName } from './ActionIcon';
import { alarmCard } from './alarmCard';
import { ALARM_DEFAULT_SORT, ALARM_SORT_KEYS, alarmColumns, alarmTieBreak } from './alarmColumns';
import { AlarmMoreDetailsDialog } from './AlarmMoreDetailsDialog';
import { Switch } from './Switch';

const getRowId = (r: ActiveAlarmRow) => r.id;
const every = () => true;
const byAlarmSort = (sort: GridSort | null): FeedViewQuery<ActiveAlarmRow> => ({
  key: sortKeyOf(sort),
  predicate: every,
  compare: compareFor(sort, ALARM_SORT_KEYS, ALARM_DEFAULT_SORT, alarmTieBreak),
});
const ACTION_ICONS: Record<AlarmActionKind, ActionIconName> = {
  requestDispatch: 'dispatch',
  cancelDispatch: 'cancel',
  alarmDetails: 'details',
  placeOnTest: 'test',
};

/**
 * 'Active Alarms Only' (tab 8002): the alarms feed, coloured by each alarm's colour, with the row
 * actions, a live time-since-signal clock per alarm, and the alerts for arriving alarms. An alarm
 * cleared or dispatched anywhere leaves the feed, so it leaves every screen.
 */
export function ActiveAlarmsView(props: {
  feed: FeedState;
  /** The alarms feed's rows, which the grid's view follows. */
  rows: FeedRowSource<ActiveAlarmRow> | null;
  agencyId: string;
  mapView: boolean;
  onDirections(site: SiteRef): void;
  onAlarmAction(kind: AlarmActionKind, row: ActiveAlarmRow): void;
  /** An alarm to bring into view and open once the feed is live (a notification's link). */
  focusAlarmId?: string | null;
}) {
  const { feed, agencyId, mapView, onDirections, onAlarmAction } = props;
  const [sort, setSort] = useState<GridSort | null>(ALARM_DEFAULT_SORT);
  const [thresholds, setThresholds] = useClockThresholds();
  const [details, setDetails] = useState<ActiveAlarmRow | null>(null);
  const view = useFeedView(props.rows, byAlarmSort(ALARM_DEFAULT_SORT));
  useLayoutEffect(() => view.setQuery(byAlarmSort(sort)), [view, sort]);
  const shown = useViewSnapshot(view);
  const rows = shown.rows;
  const alerts = useAlarmAlerts(feed, view, shown);
  const presence = useAlarmPresence(agencyId);
  const grid = useRef<DataGridApi<ActiveAlarmRow>>(null);

  const columns = useMemo(() => alarmColumns(thresholds), [thresholds]);
  const focus = useCallback((r: ActiveAlarmRow) => {
    grid.current?.scrollToRow(getRowId(r));
    setDetails(r);
  }, []);
  useFocusAlarm(props.focusAlarmId, rows, feed.state === 'live', focus);

  const rowStyle = useCallback((r: ActiveAlarmRow) => alarmRowStyle(r.color, r.color_Code), []);
  const rowActions = useCallback(
    (r: ActiveAlarmRow) => (
      <span className="la-row-actions">
        <button
          type="button"
          className="icon-button"
          title="Location / directions"
          aria-label={`Directions to ${r.site_Name ?? r.cs_No}`}
          onClick={() => onDirections(siteOfAlarm(r))}
        >
          <ActionIcon name="place" />
        </button>
        {(Object.keys(ALARM_ACTION_LABELS) as AlarmActionKind[]).map((kind) => (
          <button
            key={kind}
            type="button"
            className="icon-button"
            title={ALARM_ACTION_LABELS[kind]}
            aria-label={`${ALARM_ACTION_LABELS[kind]} ${r.cs_No}`}
            onClick={() => onAlarmAction(kind, r)}
          >
            <ActionIcon name={ACTION_ICONS[kind]} />
          </button>
        ))}
        <button
          type="button"
          className="icon-button"
          title="More details"
          aria-label={`More details ${r.cs_No}`}
          onClick={() => setDetails(r)}
        >
          <ActionIcon name="more" />
        </button>
        {presence.has(r.alarminc_No) ? (
          <span
            className="la-presence"
            role="status"
            title={handlingText(presence.get(r.alarminc_No)) ?? undefined}
          >
            {handlingText(presence.get(r.alarminc_No))}
          </span>
        ) : null}
      </span>
    ),
    [onDirections, onAlarmAction, presence],
  );

  const card = useMemo(
    () =>
      alarmCard({
        thresholds,
        onAlarmAction,
        onDirections,
        onMore: setDetails,
        handling: (r) => handlingText(presence.get(r.alarminc_No)) ?? null,
      }),
    [thresholds, onAlarmAction, onDirections, presence],
  );

  const getTable = (): ExportTable => {
    const data = grid.current!.getExportData();
    // The clock column exports the signal's age at export time, as text.
    return {
      title: 'Active Alarms',
      fileName: `active-alarms-${agencyId}`,
      columns: data.columns,
      cells: data.cells,
    };
  };

  return (
    <section className="la-alarms" aria-label="Active Alarms Only">
      <div className="la-toolbar" role="toolbar" aria-label="Active alarms options">
        <span className="la-count" data-testid="alarm-count">
          {rows.length} active {rows.length === 1 ? 'alarm' : 'alarms'}
        </span>
        <Switch
          label="Sound"
          checked={alerts.sound}
          onChange={alerts.setSound}
          hint="Chime when an alarm arrives"
        />
        {alerts.notificationsSupported ? (
          <Switch
            label="Notifications"
            checked={alerts.notify}
            onChange={(on) => void alerts.setNotify(on)}
            hint="Browser notification when an alarm arrives"
          />
        ) : null}
        <fieldset className="la-thresholds">
          <legend className="visually-hidden">Clock colours</legend>
          <label>
            Amber after
            <input
              className="input"
              type="number"
              min={1}
              max={1440}
              value={thresholds.amberMinutes}
              onChange={(e) => setThresholds({ ...thresholds, amberMinutes: Number(e.target.value) })}
              aria-label="Amber after minutes"
            />
            min
          </label>
          <label>
            Red after
            <input
              className="input"
              type="number"
              min={1}
              max={1440}
              value={thresholds.redMinutes}
              onChange={(e) => setThresholds({ ...thresholds, redMinutes: Number(e.target.value) })}
              aria-label="Red after minutes"
            />
            min
          </label>
        </fieldset>
        <span className="la-toolbar__spacer" />
        <ExportButtons getTable={getTable} disabled={mapView} />
      </div>
      <p className="visually-hidden" aria-live="assertive">
        {alerts.announcement}
      </p>
      {mapView ? (
        <SiteMapPanel
          rows={rows}
          read={groupRowOfAlarm}
          colourOf={(r) => r.color_Code}
          onDirections={onDirections}
        />
      ) : (
        <GridOrCards
          card={card}
          label="Active Alarms"
          columns={columns}
          rows={rows}
          rowsPresorted
          getRowId={getRowId}
          defaultSort={ALARM_DEFAULT_SORT}
          sort={sort}
          onSortChange={(s) => setSort(s ?? ALARM_DEFAULT_SORT)}
          mode="scroll"
          minColumnWidth={100}
          maxColumnWidth={300}
          rowHeight={44}
          rowStyle={rowStyle}
          className="la-alarm-grid"
          highlightedRowIds={shown.highlighted}
          rowActions={rowActions}
          rowActionsLabel="Actions"
          rowActionsWidth={460}
          loading={(feed.state === 'connecting' || feed.state === 'resyncing') && rows.length === 0}
          emptyText="No records found"
          apiRef={grid}
        />
      )}
      {details ? (
        <AlarmMoreDetailsDialog
          row={details}
          thresholds={thresholds}
          onClose={() => setDetails(null)}
          onDirections={() => {
            setDetails(null);
            onDirections(siteOfAlarm(details));
          }}
        />
      ) : null}
    </section>
  );
}
export type { OnAlarmAction };
