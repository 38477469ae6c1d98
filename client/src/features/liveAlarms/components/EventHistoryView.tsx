import {
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import { GridOrCards } from '../../../components/cardList/GridOrCards';
import type { DataGridApi, GridLayout, GridSort } from '../../../components/grid/gridTypes';
import { ActionIcon } from './ActionIcon';
import { showToast } from '../../../components/toast/toastStore';
import type { ReplayState } from '../../../../../shared/live/protocol';
import type { FeedHandle } from '../../../lib/live/feedHandle';
import type { FeedView } from '../../../lib/live/feedView';
import { useFeedSelector } from '../../../lib/live/LiveProvider';
import { useViewSelector, useViewSnapshot } from '../../../lib/live/useFeedView';
import { ViewRows } from '../../../lib/live/ViewRows';
import { ExportButtons } from '../../../reporting/export/ExportButtons';
import type { ExportTable } from '../../../reporting/export/exportFiles';
import type { AgencyConfigState } from '../hooks/useAgencyConfig';
import { useChartData } from '../hooks/useChartData';
import type { ChartData } from '../model/chartBuckets';
import { whenIdle } from '../../../lib/schedule/yieldToMain';
import { loadLiveChart, type LiveChartModule } from './loadLiveChart';
import { useEventHistory } from '../hooks/useEventHistory';
import { useEventTypes } from '../hooks/useEventTypes';
import { LazySiteMapPanel } from '../../../reporting/map/lazyMapParts';
import {
  CHANGES_SAVED,
  mergeVisibleOrder,
  SAVE_FAILED,
  sameEvents,
  SELECTION_UNSAVED,
  type LiveViewConfig,
} from '../model/columnConfig';
import { DEFAULT_DUE, DUE_CHANGE_DELAY_MS, type DueValue } from '../model/dueWindow';
import type { EventFilter } from '../model/eventFilters';
import { EVENT_LIST_FAILED, eventListFailed } from '../model/eventListStatus';
import { eventRowClass, eventStripe } from '../model/rowColours';
import { groupRowOfEvent, siteOfEvent, type SiteRef } from '../model/siteRef';
import { ColumnVisibilityDialog } from './ColumnVisibilityDialog';
import { DueTabs } from './DueTabs';
import { EVENT_COLUMN_LABELS, EVENT_COLUMNS, EVENT_DEFAULT_SORT } from './eventColumns';
import { eventCard } from './eventCard';
import { EventTypeSelect } from './EventTypeSelect';
import { MessageDialog } from './MessageDialog';
import { Switch } from './Switch';
import { useScrollMode } from './useScrollMode';

const getRowId = (r: EventLogRow) => r.id;
// NOTE: the chart (uPlot) loads after the first rows, when its box is first on screen; its room
// is held meanwhile (useLiveChartLoaded).
let liveChartModule: LiveChartModule | null = null;

/**
 * 'All Event History' (tab 8001): the live feed's rows with the toolbar's filters, the due tabs,
 * Auto Refresh, the chart, the grid (or the map), column configuration and exports. A delta
 * renders the rows it changed and the parts that count them (the chart, the changes waiting), not
 * this tab; nor does the page around it when its own props are the same (the alarms' feed
 * connecting, the anomalies heard), memoised for that (issue 38).
 */
export const EventHistoryView = memo(function EventHistoryView(props: {
  /** The events feed: the history's view follows its rows. */
  feed: FeedHandle<'events'> | null;
  /** The recording the feed plays, if any. */
  replay: ReplayState | null;
  agencyId: string;
  installServcoType: string;
  config: AgencyConfigState;
  showGraph: boolean;
  mapView: boolean;
  onDirections(site: SiteRef): void;
}) {
  const { feed, replay, agencyId, installServcoType, config, showGraph, mapView, onDirections } = props;
  const navigate = useNavigate();
  const saved = config.saved;

  // The working configuration: starts as saved, Save stores it.
  const [work, setWork] = useState<LiveViewConfig>(saved);
  const [filter, setFilter] = useState<EventFilter>(() => ({
    types: saved.events,
    includeTests: false,
    csNo: '',
    due: DEFAULT_DUE,
  }));
  const [csInput, setCsInput] = useState('');
  const [pendingDue, setPendingDue] = useState<DueValue | undefined>(undefined);
  const [sort, setSort] = useState<GridSort | null>(EVENT_DEFAULT_SORT);
  const [page, setPage] = useState(0);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [message, setMessage] = useState<{ title: string; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [mode, setMode] = useScrollMode();
  const grid = useRef<DataGridApi<EventLogRow>>(null);

  const history = useEventHistory({
    feed: { replay },
    rows: feed,
    filter,
    sort,
    agencyId,
    installServcoType,
  });
  const { view } = history;
  // Connection states and "any rows at all": they change when the feed connects or fails, not on
  // every delta.
  const busy = useFeedSelector(feed, (s) => s.state === 'connecting' || s.state === 'resyncing');
  const feedFailed = useFeedSelector(feed, (s) => eventListFailed(s, 0));
  const anyShown = useViewSelector(view, (s) => s.rows.length > 0);

  // The 2-second delay before a due-tab change (docs/product/live-alarms-and-testing.md#constants).
  useEffect(() => {
    if (pendingDue === undefined) return;
    const t = setTimeout(() => {
      setFilter((f) => ({ ...f, due: pendingDue }));
      setPage(0);
      setPendingDue(undefined);
    }, DUE_CHANGE_DELAY_MS);
    return () => clearTimeout(t);
  }, [pendingDue]);

  const applyCs = () => {
    if (csInput.trim() === filter.csNo.trim()) return;
    setFilter((f) => ({ ...f, csNo: csInput }));
    setPage(0);
  };

  const columns = useMemo(() => EVENT_COLUMNS.filter((c) => !work.hidden.has(c.id)), [work.hidden]);
  const visibleKey = columns.map((c) => c.id).join('|');
  // The grid is remounted when the visible columns change; it starts from the working layout then
  // (it reads its initial layout only as it mounts).
  const initialLayout = useMemo<Partial<GridLayout>>(
    () => ({ order: work.order, widths: work.widths }),
    [work.order, work.widths],
  );
  const onLayoutChange = useCallback(
    (l: GridLayout) =>
      setWork((w) => ({
        ...w,
        order: mergeVisibleOrder(w.order, l.order),
        widths: { ...w.widths, ...l.widths },
      })),
    [],
  );

  const save = async (next: LiveViewConfig, done: (msg: string) => void) => {
    setSaving(true);
    try {
      done(await config.save(next));
    } catch {
      setMessage({ title: 'Live Alarm View', text: SAVE_FAILED });
    } finally {
      setSaving(false);
    }
  };
  const current = (): LiveViewConfig => ({ ...work, events: filter.types });
  const selectionUnsaved = !sameEvents(filter.types, saved.events);

  const getTable = (): ExportTable => {
    const data = grid.current!.getExportData();
    return {
      title: 'All Event History',
      fileName: `event-history-${agencyId}`,
      columns: data.columns,
      cells: data.cells,
    };
  };

  const rowClassName = useCallback((r: EventLogRow) => eventRowClass(r.eventrpt_id), []);
  const rowStyle = useCallback((r: EventLogRow) => eventStripe(r.colorCode), []);
  const rowActions = useCallback(
    (r: EventLogRow) => (
      <button
        type="button"
        className="icon-button"
        aria-label={`Directions to ${r.siteName ?? r.cS_}`}
        title="Directions"
        onClick={() => onDirections(siteOfEvent(r))}
      >
        <ActionIcon name="place" />
      </button>
    ),
    [onDirections],
  );
  const card = useMemo(() => eventCard(onDirections), [onDirections]);

  return (
    <section className="la-history" aria-label="All Event History">
      <div className="la-toolbar" role="toolbar" aria-label="Event history filters">
        <label className="la-toolbar__cs">
          <span className="visually-hidden">CS#</span>
          <input
            className="input"
            placeholder="CS#"
            aria-label="CS#"
            value={csInput}
            onChange={(e) => setCsInput(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && applyCs()}
            onBlur={applyCs}
          />
        </label>
        <HistoryTypeSelect
          value={filter.types}
          onChange={(types) => {
            setFilter((f) => ({ ...f, types }));
            setPage(0);
          }}
        />
        <label className="la-check">
          <input
            type="checkbox"
            checked={filter.includeTests}
            onChange={(e) => {
              const includeTests = e.target.checked;
              setFilter((f) => ({ ...f, includeTests }));
              setPage(0);
            }}
          />
          Include Tests
        </label>
        <Switch label="Auto Refresh" checked={history.autoRefresh} onChange={history.setAutoRefresh} />
        {!history.autoRefresh ? <PendingChanges view={view} /> : null}
        <span className="la-toolbar__spacer" />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setColumnsOpen(true)}
          title="Column Visiblity"
        >
          Columns
        </button>
        <button
          type="button"
          className="button"
          disabled={saving}
          onClick={() =>
            void save(current(), () => setMessage({ title: 'Live Alarm View', text: CHANGES_SAVED }))
          }
        >
          Save
        </button>
        <button type="button" className="button button--secondary" onClick={() => navigate('/systemontest')}>
          Place On Test
        </button>
      </div>
      {selectionUnsaved ? (
        <p className="la-warning" role="status">
          {SELECTION_UNSAVED}
        </p>
      ) : null}
      <div className="la-subbar">
        <DueTabs
          value={filter.due}
          pending={pendingDue}
          onChange={(v) => (v === filter.due ? setPendingDue(undefined) : setPendingDue(v))}
        />
        <span className="la-toolbar__spacer" />
        {!mapView ? (
          <div className="segmented" role="group" aria-label="Grid mode">
            <button type="button" aria-pressed={mode === 'paged'} onClick={() => setMode('paged')}>
              Pages
            </button>
            <button type="button" aria-pressed={mode === 'scroll'} onClick={() => setMode('scroll')}>
              Continuous scroll
            </button>
          </div>
        ) : null}
        <ExportButtons getTable={getTable} disabled={mapView} />
      </div>
      <EventChart
        feed={feed}
        view={view}
        shown={showGraph && !mapView}
        filter={filter}
        agencyId={agencyId}
        installServcoType={installServcoType}
      />
      {feedFailed && !anyShown ? (
        <p className="form-error" role="alert" data-testid="event-list-error">
          {EVENT_LIST_FAILED}
        </p>
      ) : null}
      <ViewRows view={view}>
        {({ rows, highlighted }) =>
          mapView ? (
            <LazySiteMapPanel
              rows={rows}
              read={groupRowOfEvent}
              colourOf={(r) => r.colorCode}
              onDirections={onDirections}
            />
          ) : (
            <GridOrCards
              card={card}
              key={visibleKey}
              label="All Event History"
              columns={columns}
              rows={rows}
              rowsPresorted
              getRowId={getRowId}
              defaultSort={EVENT_DEFAULT_SORT}
              sort={sort}
              onSortChange={(s) => setSort(s ?? EVENT_DEFAULT_SORT)}
              mode={mode}
              page={page}
              onPageChange={setPage}
              pageSize={work.pageSize}
              onPageSizeChange={(size) => {
                const next = { ...current(), pageSize: size };
                setWork(next);
                // Changing the page size also saves the configuration
                // (docs/product/live-alarms-and-testing.md#states).
                void save(next, (msg) => showToast(msg, 'success'));
              }}
              minColumnWidth={100}
              maxColumnWidth={300}
              maxBodyHeight={mode === 'scroll' ? 640 : 480}
              rowClassName={rowClassName}
              rowStyle={rowStyle}
              highlightedRowIds={highlighted}
              rowActions={rowActions}
              rowActionsLabel="Map"
              rowActionsWidth={64}
              initialLayout={initialLayout}
              onLayoutChange={onLayoutChange}
              onEndReached={history.older.exhausted ? undefined : history.older.loadMore}
              loading={busy && rows.length === 0}
              apiRef={grid}
            />
          )
        }
      </ViewRows>
      <OlderStatus older={history.older} view={view} />
      {columnsOpen ? (
        <ColumnVisibilityDialog
          columns={EVENT_COLUMNS.map((c) => ({ id: c.id, label: EVENT_COLUMN_LABELS[c.id] }))}
          hidden={work.hidden}
          onClose={() => setColumnsOpen(false)}
          onSubmit={(hidden) => {
            setColumnsOpen(false);
            const next = { ...current(), hidden };
            setWork(next);
            void save(next, (msg) => showToast(msg, 'success'));
          }}
        />
      ) : null}
      {message ? (
        <MessageDialog title={message.title} message={message.text} onClose={() => setMessage(null)} />
      ) : null}
    </section>
  );
});

type EventsView = FeedView<EventLogRow>;

/**
 * The toolbar's event-type select with the event-type call's list: the query lives here, not in
 * the page, so the page's and the tab's re-renders do not run its observer (issue 38).
 */
function HistoryTypeSelect(props: Omit<Parameters<typeof EventTypeSelect>[0], 'types'>) {
  return <EventTypeSelect types={useEventTypes()} {...props} />;
}

/** "n changes waiting" while Auto Refresh is off. */
function PendingChanges({ view }: { view: EventsView }) {
  const pending = useViewSelector(view, (s) => s.pending);
  return (
    <span className="la-pending" role="status" data-testid="pending-changes">
      {pending} {pending === 1 ? 'change' : 'changes'} waiting
    </span>
  );
}

/**
 * The chart of the shown rows (when `shown`): its counts follow the view's change log, so it
 * re-renders on a delta (and with its clock), the tab around it does not. While the rest of the
 * window arrives it shows the bridge's counts of the window (FeedState.chartCounts).
 */
function EventChart(props: {
  feed: FeedHandle<'events'> | null;
  view: EventsView;
  shown: boolean;
  filter: EventFilter;
  agencyId: string;
  installServcoType: string;
}) {
  const { view, shown } = props;
  // NOTE: deferred: the counts follow the rows in a render of their own, in slices (issue 38).
  const { rows, held, version } = useDeferredValue(useViewSnapshot(view));
  const [slot, ready] = useChartSlot(shown, rows.length > 0);
  const chartLoaded = useLiveChartLoaded(shown && ready);
  const bridgeCounts = useFeedSelector(props.feed, (s) => s.chartCounts);
  const source = useMemo(
    () => (held ? null : { version, changesSince: view.changesSince }),
    [held, version, view],
  );
  const chart = useChartData({
    enabled: shown && ready,
    rows,
    filter: props.filter,
    agencyId: props.agencyId,
    installServcoType: props.installServcoType,
    source,
    bridgeCounts,
  });
  if (!shown) return null;
  if (!ready) return <div className="la-chart" ref={slot} />;
  return chart.error ? (
    <p className="la-chart la-chart--failed form-error" role="alert" data-testid="live-chart-error">
      {chart.error}
    </p>
  ) : chartLoaded ? (
    <LoadedLiveChart data={chart.data} label="Events by type" />
  ) : (
    <div className="la-chart" />
  );
}

/**
 * Whether the chart's module is in, loaded once `wanted` outside the render: a lazy component
 * suspended the history's render as it was asked for, and its commit then hid and showed the
 * chart's room again, a long task on a phone (issue 38). The chart mounts in a transition.
 */
function useLiveChartLoaded(wanted: boolean): boolean {
  const [loaded, setLoaded] = useState(liveChartModule !== null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let gone = false;
    loadLiveChart().then(
      (m) => {
        liveChartModule = m;
        if (!gone) startTransition(() => setLoaded(true));
      },
      // NOTE: the chart's room stays empty; the rows and the rest of the page are unaffected.
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [wanted, loaded]);
  return loaded;
}

/** The live chart, rendered once useLiveChartLoaded said its module is in. */
function LoadedLiveChart(props: { data: ChartData; label: string }) {
  const { LiveChart } = liveChartModule!;
  return <LiveChart {...props} />;
}

/** How long the chart waits for the first rows before it is drawn without them. */
const CHART_WAITS_FOR_ROWS_MS = 3000;

/**
 * When the chart may load and count (issue 38): once its box is first within the viewport, after
 * the first rows (or a few seconds without any) and an idle moment, so the chart library, its
 * counting and its first draw never hold up the rows a phone shows first. Answers the box's ref
 * and whether the chart may show; once true it stays true.
 */
function useChartSlot(shown: boolean, hasRows: boolean): [(el: HTMLDivElement | null) => void, boolean] {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  // Where the browser cannot tell (tests' DOM), the box counts as seen.
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const [waited, setWaited] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!shown || seen || !box) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    io.observe(box);
    return () => io.disconnect();
  }, [shown, seen, box]);
  useEffect(() => {
    if (!seen || hasRows || waited) return;
    const t = setTimeout(() => setWaited(true), CHART_WAITS_FOR_ROWS_MS);
    return () => clearTimeout(t);
  }, [seen, hasRows, waited]);
  useEffect(() => {
    if (!seen || ready || !(hasRows || waited)) return;
    let gone = false;
    // After the frame that shows the rows, in an idle moment.
    const afterFrame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : setTimeout;
    afterFrame(() => whenIdle(() => void (gone || setReady(true)), 1000));
    return () => {
      gone = true;
    };
  }, [seen, ready, hasRows, waited]);
  return [setBox, ready];
}

function OlderStatus({
  older,
  view,
}: {
  older: ReturnType<typeof useEventHistory>['older'];
  view: EventsView;
}) {
  const shown = useViewSelector(view, (s) => s.rows.length);
  if (older.exhausted && !older.loading && older.total == null) return null;
  return (
    <p className="la-older muted" role="status" data-testid="older-status">
      {older.loading
        ? 'Loading older events…'
        : older.error
          ? EVENT_LIST_FAILED
          : `${shown} events shown${older.total != null ? ` of ${Math.max(older.total, shown)}` : ''}.`}
      {!older.exhausted && !older.loading ? (
        <button type="button" className="link-button" onClick={older.loadMore}>
          Load older events
        </button>
      ) : null}
    </p>
  );
}
