import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ActiveAlarmRow } from '../../../../shared/upstream/activeAlarmRow';
import type { FeedName } from '../../../../shared/live/protocol';
import { PageFrame } from '../../components/layout/PageFrame';
import { showToast } from '../../components/toast/toastStore';
import type { FeedHandle } from '../../lib/live/feedHandle';
import { useFeedHandle, useFeedSelector, useLiveClient } from '../../lib/live/LiveProvider';
import { useAnomaliesHeard } from '../../lib/live/useLiveAnomalies';
import { useSessionCommands } from '../../lib/session/sessionView';
import { readSitePreferences, withSitePreferences } from '../../lib/session/sitePreferences';
import { local, STORAGE_KEYS } from '../../lib/storage/clientStorage';
import { createStore } from '../../lib/store/createStore';
import { useStore } from '../../lib/store/useStore';
import { ALARM_ACTION_LABELS, type AlarmActionKind, type OnAlarmAction } from './alarmActions';
import { ActiveAlarmsView } from './components/ActiveAlarmsView';
import { EVENT_COLUMN_IDS, EVENT_COLUMN_LABELS, EVENT_DEFAULT_HIDDEN } from './components/eventColumns';
import { EventHistoryView } from './components/EventHistoryView';
import { LiveFeedStatus } from './components/FeedStatus';
import { Switch } from './components/Switch';
import { useAgencyConfig } from './hooks/useAgencyConfig';
import { useWatchedAgency } from './hooks/useWatchedAgency';
import { saveGraphsView } from './liveAlarmsApi';
import { LazyDirectionsDialog } from '../../reporting/map/lazyMapParts';
import type { SiteRef } from './model/siteRef';
import { ReplayBanner, ReplayFrame } from './replay/ReplayBanner';
import './liveAlarms.css';

// NOTE: the replay panel (its search, export and import) loads when first opened (issue 38); the
// banner and frame of a replay load with the view.
const ReplayPicker = lazy(async () => ({ default: (await import('./replay/ReplayPanel')).ReplayPicker }));

export const TAB_HISTORY = 8001;
export const TAB_ALARMS = 8002;
type Tab = 0 | typeof TAB_HISTORY | typeof TAB_ALARMS;

/**
 * 'Map View' per tab: kept while the app runs, off again after a reload
 * (docs/product/live-alarms-and-testing.md#screens) — a module store, not browser storage.
 */
const mapViews = createStore<Record<number, boolean>>({});

function initialGraph(graphsView: unknown): boolean {
  const stored = local.get(STORAGE_KEYS.liveChart);
  if (stored === 'true' || stored === 'false') return stored === 'true';
  return String(graphsView ?? '9001') !== '9002';
}

/**
 * The Live Alarm View (/dashboardDetails, /dashboard1): the hidden tab 0 loads the agency
 * configuration, then the saved default tab opens. Rows come from the live feeds (one socket for
 * the page, no polling here); `onAlarmAction` opens the dispatch, cancel, details and
 * place-on-test flows, which live in their own feature.
 */
export function LiveAlarmViewPage({
  onAlarmAction,
  aboveGrid,
}: {
  onAlarmAction?: OnAlarmAction;
  /** Shown above the grid for the watched agency (the app's "Live anomalies" strip). */
  aboveGrid?: (agencyId: string) => ReactNode;
} = {}) {
  const watched = useWatchedAgency();
  if (!watched) return null;
  return (
    <LiveAlarmView
      key={watched.agencyId}
      {...watched}
      onAlarmAction={onAlarmAction}
      aboveGrid={aboveGrid?.(watched.agencyId)}
    />
  );
}

function LiveAlarmView({
  agencyId,
  installServcoType,
  profile,
  onAlarmAction,
  aboveGrid,
}: NonNullable<ReturnType<typeof useWatchedAgency>> & {
  onAlarmAction?: OnAlarmAction;
  aboveGrid?: ReactNode;
}) {
  const { updateProfile } = useSessionCommands();
  const live = useLiveClient();
  const prefs = useMemo(() => readSitePreferences(profile), [profile]);
  const defaultTab = Number(prefs.DefaultLiveAlarmViewTab) === TAB_ALARMS ? TAB_ALARMS : TAB_HISTORY;
  const config = useAgencyConfig(agencyId, EVENT_COLUMN_IDS, EVENT_COLUMN_LABELS, EVENT_DEFAULT_HIDDEN);
  const [tab, setTab] = useState<Tab>(0);
  const [showGraph, setShowGraph] = useState(() => initialGraph(prefs.GraphsView));
  const [directions, setDirections] = useState<SiteRef | null>(null);
  const [replayOpen, setReplayOpen] = useState(false);
  const [replayFeed, setReplayFeed] = useState<FeedName | null>(null);

  // NOTE: the feeds' rows are read by the tabs' views (feedView.ts), their counts and status by
  // small parts of their own; the page reads only what changes its frame (a replay, the alarms'
  // first answer), so a delta does not render the page (docs/decisions.md).
  const eventsFeed = useFeedHandle({ feed: 'events', agencyId });
  const alarmsFeed = useFeedHandle({ feed: 'alarms', agencyId });
  const eventsReplay = useFeedSelector(eventsFeed, (s) => s.replay);
  const alarmsReplay = useFeedSelector(alarmsFeed, (s) => s.replay);
  // Before the alarms' first rows: connecting, then subscribed ('resyncing') until the snapshot.
  const alarmsWaiting = useFeedSelector(
    alarmsFeed,
    (s) => s.position === null && (s.state === 'connecting' || s.state === 'resyncing'),
  );
  // The strip above the grid (the open anomalies) is drawn with the grid, never after it nor over
  // the loading block: its list comes just before the alarms' first rows, so the grid waits for
  // either (then for good) and the strip never pushes what is painted down (a layout shift, issue 38).
  const anomaliesHeard = useAnomaliesHeard(agencyId);
  const [placed, setPlaced] = useState(false);
  if (!placed && (!aboveGrid || anomaliesHeard || !alarmsWaiting)) setPlaced(true);

  // A link to one alarm (an alarm notification's click) opens Active Alarms on it.
  const [params] = useSearchParams();
  const focusAlarmId = params.get('alarm');
  // Tab 0 → the saved default tab once the configuration is in (state adjusted while rendering).
  if (tab === 0 && !config.loading) setTab(focusAlarmId ? TAB_ALARMS : defaultTab);
  // The header's switches are those of the tab about to open from the first paint (disabled until
  // it opens, as the tabs are): they appeared with it and moved the buttons after them sideways
  // (a layout shift, issue 38).
  const headerTab = tab || (focusAlarmId ? TAB_ALARMS : defaultTab);
  const mapView = useStore(mapViews, (m) => (tab ? (m[tab] ?? false) : false));
  const headerMapView = useStore(mapViews, (m) => m[headerTab] ?? false);

  const toggleGraph = async (show: boolean) => {
    setShowGraph(show);
    local.set(STORAGE_KEYS.liveChart, String(show));
    try {
      const saved = await saveGraphsView(profile, show);
      updateProfile(withSitePreferences(profile, saved));
    } catch {
      // NOTE: the local switch stays; only the stored profile value failed to update.
    }
  };

  const onDirections = useCallback((site: SiteRef) => setDirections(site), []);
  const onAction = useCallback(
    (kind: AlarmActionKind, row: ActiveAlarmRow) => {
      if (onAlarmAction) onAlarmAction(kind, row);
      else showToast(`${ALARM_ACTION_LABELS[kind]} is not available yet.`, 'info');
    },
    [onAlarmAction],
  );

  const replay = eventsReplay ?? alarmsReplay;
  const backToLive = async () => {
    const feed = replayFeed ?? (alarmsReplay ? 'alarms' : 'events');
    await live.controlReplay('stop').catch(() => undefined);
    live.backToLive({ feed, agencyId });
    setReplayFeed(null);
  };

  const current = tab === TAB_ALARMS ? alarmsFeed : eventsFeed;
  // NOTE: the tab's grid renders from a deferred copy of the tab: the configuration's answer
  // (a store update, rendered at once and whole) then draws the header, and React renders the
  // grid in slices that let a phone answer; a tab click likewise (docs/decisions.md).
  const shownTab = useDeferredValue(tab);
  // NOTE: likewise the rows' placing: it comes with the first rows (a socket message), whose
  // store update React renders at once and whole; deferred, the tab mounts in slices (issue 38).
  const shownPlaced = useDeferredValue(placed);
  return (
    <PageFrame title="Live Alarm View" actions={<LiveFeedStatus feed={current} show="label" />}>
      <div className="la-header">
        <div className="la-tabs" role="tablist" aria-label="Live Alarm View">
          <button
            type="button"
            role="tab"
            aria-selected={tab === TAB_HISTORY}
            className="la-tabs__tab"
            disabled={tab === 0}
            onClick={() => setTab(TAB_HISTORY)}
          >
            All Event History
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === TAB_ALARMS}
            className="la-tabs__tab"
            disabled={tab === 0}
            onClick={() => setTab(TAB_ALARMS)}
          >
            Active Alarms Only
            <AlarmsBadge feed={alarmsFeed} />
          </button>
        </div>
        <span className="la-toolbar__spacer" />
        <Switch
          label="Map View"
          checked={headerMapView}
          disabled={tab === 0}
          onChange={(on) => mapViews.setState((m) => ({ ...m, [tab]: on }))}
        />
        {headerTab === TAB_HISTORY && !headerMapView ? (
          <Switch
            label="show Graph"
            checked={showGraph}
            disabled={tab === 0}
            onChange={(on) => void toggleGraph(on)}
          />
        ) : null}
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={replayOpen}
          onClick={() => setReplayOpen((o) => !o)}
        >
          Replay
        </button>
      </div>
      {replayOpen && !replay ? (
        <Suspense
          fallback={
            <div className="la-replay card" role="region" aria-label="Replay a recording">
              <p aria-busy="true">Loading…</p>
            </div>
          }
        >
          <ReplayPicker
            agencyId={agencyId}
            onClose={() => setReplayOpen(false)}
            onStarted={(feed) => {
              setReplayFeed(feed);
              setTab(feed === 'alarms' ? TAB_ALARMS : TAB_HISTORY);
            }}
          />
        </Suspense>
      ) : null}
      {replay ? <ReplayFrame recording={replay.recording} /> : null}
      {replay ? <ReplayBanner state={replay} onBackToLive={() => void backToLive()} /> : null}
      <LiveFeedStatus feed={current} show="warning" />
      {shownPlaced && shownTab !== 0 ? aboveGrid : null}
      {shownTab === 0 || !shownPlaced ? (
        <div className="la-loading" role="status">
          <span className="spinner" aria-hidden="true" />{' '}
          {shownTab === 0 ? 'Loading configuration…' : 'Loading alarms…'}
        </div>
      ) : shownTab === TAB_HISTORY ? (
        <EventHistoryView
          feed={eventsFeed}
          replay={eventsReplay}
          agencyId={agencyId}
          installServcoType={installServcoType}
          config={config}
          showGraph={showGraph}
          mapView={mapView}
          onDirections={onDirections}
        />
      ) : (
        <ActiveAlarmsView
          feed={alarmsFeed}
          replay={alarmsReplay}
          agencyId={agencyId}
          mapView={mapView}
          onDirections={onDirections}
          onAlarmAction={onAction}
          focusAlarmId={focusAlarmId}
        />
      )}
      {directions ? <LazyDirectionsDialog site={directions} onClose={() => setDirections(null)} /> : null}
    </PageFrame>
  );
}

/** The tab's count of active alarms: re-renders when the count changes, the page does not. */
function AlarmsBadge({ feed }: { feed: FeedHandle<'alarms'> | null }) {
  const size = useFeedSelector(feed, (s) => s.size);
  return (
    <span className="la-tabs__badge" aria-label={`${size} active alarms`}>
      {size}
    </span>
  );
}
