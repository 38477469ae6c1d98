import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ActiveAlarmRow } from '../../../../../shared/upstream/activeAlarmRow';
import { GridOrCards } from '../../../components/cardList/GridOrCards';
import type { DataGridApi, GridSort } from '../../../components/grid/gridTypes';
import type { ReplayState } from '../../../../../shared/live/protocol';
import type { FeedHandle } from '../../../lib/live/feedHandle';
import type { FeedView, FeedViewQuery } from '../../../lib/live/feedView';
import { useFeedSelector } from '../../../lib/live/LiveProvider';
import { useFeedView, useViewSelector, useViewSnapshot } from '../../../lib/live/useFeedView';
import { ViewRows } from '../../../lib/live/ViewRows';
import { handlingText, useAlarmPresence } from '../../../lib/live/useAlarmPresence';
import { ALARM_ACTION_LABELS, type AlarmActionKind, type OnAlarmAction } from '../alarmActions';
import { ExportButtons } from '../../../reporting/export/ExportButtons';
import type { ExportTable } from '../../../reporting/export/exportFiles';
import { useAlarmAlerts, useArrivalAnnouncement } from '../hooks/useAlarmAlerts';
import { useClockThresholds } from '../hooks/useClockThresholds';
import { useFocusAlarm } from '../hooks/useFocusAlarm';
import { LazySiteMapPanel } from '../../../reporting/map/lazyMapParts';
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
 * cleared or dispatched anywhere leaves the feed, so it leaves every screen. A delta renders the
 * rows it changed, the count and the announcement, not this tab (its toolbar and settings).
 */
export function ActiveAlarmsView(props: {
  /** The alarms feed: the grid's view follows its rows. */
  feed: FeedHandle<'alarms'> | null;
  /** The recording the feed plays, if any. */
  replay: ReplayState | null;
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
  const view = useFeedView(feed, byAlarmSort(ALARM_DEFAULT_SORT));
  useLayoutEffect(() => view.setQuery(byAlarmSort(sort)), [view, sort]);
  // The connection's state, not the feed's position: changes when it connects or resyncs only.
  const busy = useFeedSelector(feed, (s) => s.state === 'connecting' || s.state === 'resyncing');
  const alerts = useAlarmAlerts();
  const presence = useAlarmPresence(agencyId);
  const grid = useRef<DataGridApi<ActiveAlarmRow>>(null);

  const columns = useMemo(() => alarmColumns(thresholds), [thresholds]);
  const focus = useCallback((r: ActiveAlarmRow) => {
    grid.current?.scrollToRow(getRowId(r));
    setDetails(r);
  }, []);

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
        <AlarmCount view={view} />
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
      <ArrivalAnnouncement feed={feed} replay={props.replay} view={view} alerts={alerts} />
      {props.focusAlarmId ? (
        <FocusAlarm feed={feed} view={view} alarmId={props.focusAlarmId} focus={focus} />
      ) : null}
      <ViewRows view={view}>
        {({ rows, highlighted }) =>
          mapView ? (
            <LazySiteMapPanel
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
              highlightedRowIds={highlighted}
              rowActions={rowActions}
              rowActionsLabel="Actions"
              rowActionsWidth={460}
              loading={busy && rows.length === 0}
              emptyText="No records found"
              apiRef={grid}
            />
          )
        }
      </ViewRows>
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

type AlarmsView = FeedView<ActiveAlarmRow>;

/** "n active alarms": re-renders when the count changes. */
function AlarmCount({ view }: { view: AlarmsView }) {
  const n = useViewSelector(view, (s) => s.rows.length);
  return (
    <span className="la-count" data-testid="alarm-count">
      {n} active {n === 1 ? 'alarm' : 'alarms'}
    </span>
  );
}

/** The live region that announces arriving alarms (and chimes, notifies when asked to). */
function ArrivalAnnouncement(props: {
  feed: FeedHandle<'alarms'> | null;
  replay: ReplayState | null;
  view: AlarmsView;
  alerts: { sound: boolean; notify: boolean };
}) {
  const state = useFeedSelector(props.feed, (s) => s.state);
  const shown = useViewSnapshot(props.view);
  const { sound, notify } = props.alerts;
  const prefs = useMemo(() => ({ sound, notify }), [sound, notify]);
  const announcement = useArrivalAnnouncement({ state, replay: props.replay }, props.view, shown, prefs);
  return (
    <p className="visually-hidden" aria-live="assertive">
      {announcement}
    </p>
  );
}

/** Brings a linked alarm into view once the feed is live (renders nothing). */
function FocusAlarm(props: {
  feed: FeedHandle<'alarms'> | null;
  view: AlarmsView;
  alarmId: string | null | undefined;
  focus(row: ActiveAlarmRow): void;
}) {
  const live = useFeedSelector(props.feed, (s) => s.state === 'live');
  const rows = useViewSelector(props.view, (s) => s.rows);
  useFocusAlarm(props.alarmId, rows, live, props.focus);
  return null;
}
