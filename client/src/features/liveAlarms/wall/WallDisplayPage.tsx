import { lazy, memo, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ActiveAlarmRow } from '../../../../../shared/upstream/activeAlarmRow';
import type { FeedHandle } from '../../../lib/live/feedHandle';
import type { LiveClient } from '../../../lib/live/liveClient';
import { useFeedHandle, useFeedSelector, useLiveClient } from '../../../lib/live/LiveProvider';
import type { FeedView } from '../../../lib/live/feedView';
import { useFeedView, useViewSelector, useViewSnapshot, type ViewStore } from '../../../lib/live/useFeedView';
import { useSessionView } from '../../../lib/session/sessionView';
import { ALARM_DEFAULT_SORT, ALARM_SORT_KEYS, alarmTieBreak } from '../components/alarmColumns';
import { FeedStatusWords, useStatusLabel, useStatusWords, type StatusWords } from '../components/FeedStatus';
import { clockOf, useNow } from '../hooks/useNow';
import { pacedToClock } from '../hooks/pacedToClock';
import { useWatchedAgency } from '../hooks/useWatchedAgency';
import { WallAnomalies } from './WallAnomalies';
import { fullAddress, groupBySite } from '../../../reporting/map/siteGroups';
import { placeOf, useZipTable } from '../../../reporting/map/useSitePlaces';
import { DEFAULT_CENTRE, GROUP_ZOOM } from '../../../reporting/map/zipPlaces';
import { hexToRgb } from '../model/rowColours';
import { useValueFor } from '../../../lib/store/useValueFor';
import { compareFor } from '../model/rowSort';
import { groupRowOfAlarm } from '../model/siteRef';
import { createEventTally, type EventTally, type TallyStore } from './eventTally';
import { LastHourByType } from './LastHourByType';
import { HOUR_MS, WALL_VIEWS, type WallView } from './wallModel';
import { PairedWall } from './PairedWall';
import { WallAlarms } from './WallAlarms';
import { WallClock } from './WallClock';
import '../liveAlarms.css';
import './wall.css';

const SiteMap = lazy(() => import('../../../reporting/map/SiteMap'));

/**
 * The wall display (/wall; ?kiosk=1 for an unattended screen): an agency's active alarms, counts
 * by type and the map, large enough to read across a room, rotating by itself. The live client
 * reconnects and resumes on its own after a bridge restart or a network loss; meanwhile the
 * header says plainly how old the data is. Without a session the browser is a wall display of
 * its own: it shows a pairing code until a user pairs it in Settings (PairedWall).
 */
export function WallDisplayPage() {
  const { status } = useSessionView();
  const watched = useWatchedAgency();
  const [params] = useSearchParams();
  const kiosk = params.get('kiosk') === '1' || params.get('kiosk') === 'true';
  const asked = WALL_VIEWS.find((v) => v === params.get('view')) ?? null;
  const rotateMs = Math.max(5, Number(params.get('rotate')) || 15) * 1000;
  if (!watched)
    return status === 'signedOut' ? (
      <PairedWall>
        {(wall) => (
          <Wall
            agencyId={wall.agencyId}
            agencyName={wall.agencyName}
            kiosk
            views={wall.views}
            pinned={asked && wall.views.includes(asked) ? asked : null}
            rotateMs={rotateMs}
          />
        )}
      </PairedWall>
    ) : null;
  return (
    <Wall
      agencyId={watched.agencyId}
      agencyName={watched.profile.serviceCompanyList[0]?.servco_name ?? `Agency ${watched.agencyId}`}
      kiosk={kiosk}
      views={WALL_VIEWS}
      pinned={asked}
      rotateMs={rotateMs}
    />
  );
}

function Wall({
  agencyId,
  agencyName,
  kiosk,
  views,
  pinned,
  rotateMs,
}: {
  agencyId: string;
  agencyName: string;
  kiosk: boolean;
  /** The views it rotates through (a paired wall: those chosen for it). */
  views: readonly WallView[];
  pinned: WallView | null;
  rotateMs: number;
}) {
  const alarmsFeed = useFeedHandle({ feed: 'alarms', agencyId });
  // NOTE: the wall reads slices of its feeds; the parts that show a delta read it themselves, so a
  // delta or a poll's status re-renders those parts, not the wall (on a TV stick every
  // millisecond of a second counts).
  const connecting = useFeedSelector(alarmsFeed, (s) => s.state === 'connecting');
  const [paused, setPaused] = useState(false);
  const [start] = useState(() => Date.now());
  const rotating = !pinned && !paused;
  // The wall itself re-renders once a turn while the views rotate, else not at all; the clock,
  // the status, the alarms' ages and the hour of the counts tick on their own. NOTE: a pinned wall
  // re-rendered whole once a minute: on a TV stick the costliest task of a minute (issue 38).
  const turnAt = useNow(rotateMs, rotating);
  const [manual, setManual] = useState<WallView>(views[0]);
  const turn = Math.max(0, Math.round((turnAt - start) / rotateMs));
  const view: WallView = pinned ?? (rotating ? views[turn % views.length] : manual);
  // Only the counts read the event history (a paired wall may subscribe to its views' feeds only).
  const { tally, events: eventsFeed } = useEventTally(views.includes('counts') ? agencyId : null);

  useEffect(() => {
    const previous = document.title;
    document.title = `Wall display · ${agencyName}`;
    return () => {
      document.title = previous;
    };
  }, [agencyName]);

  // The alarms sorted once, then kept sorted by each delta (a feed view), never copied whole; the
  // views draw them on the second's tick (pacedToClock).
  const sorted = usePacedView(useFeedView(alarmsFeed, WALL_ALARMS));
  // Nothing in the body until the first alarms are in (then for good): the anomalies banner comes
  // just before them, and a body drawn earlier ("No active alarms") was moved down by it.
  const [ready, setReady] = useState(false);
  if (!ready && !connecting) setReady(true);

  return (
    <div className={`wall${kiosk ? ' wall--kiosk' : ''}`} data-testid="wall" data-view={view}>
      <header className="wall__header">
        <div className="wall__title">
          <h1>{agencyName}</h1>
          <WallClock />
        </div>
        <div className="wall__status">
          <WallFeedStatus alarms={alarmsFeed} events={eventsFeed} />
        </div>
        <nav className="wall__nav" aria-label="Wall views">
          {views.map((v) => (
            <button
              key={v}
              type="button"
              className={`wall__tab${v === view ? ' is-current' : ''}`}
              aria-pressed={v === view}
              onClick={() => (setManual(v), setPaused(true))}
            >
              {v === 'alarms' ? <AlarmsTabName alarms={sorted} /> : v === 'counts' ? 'Counts' : 'Map'}
            </button>
          ))}
          {!kiosk ? (
            <>
              <button type="button" className="wall__tab" onClick={() => setPaused((p) => !p)}>
                {paused ? 'Rotate' : 'Hold'}
              </button>
              <Link className="wall__tab" to="/dashboardDetails">
                Exit
              </Link>
            </>
          ) : null}
        </nav>
      </header>
      <WallAnomalies agencyId={agencyId} />
      <main className="wall__body" aria-busy={!ready || undefined}>
        <div className="wall__view">
          {ready && view === 'alarms' ? <WallAlarms view={sorted} /> : null}
          {ready && view === 'counts' ? <WallCounts alarms={sorted} tally={tally} /> : null}
          {ready && view === 'map' ? <WallMap view={sorted} /> : null}
        </div>
      </main>
    </div>
  );
}

/**
 * The worst state of the two feeds: the wall says so. Re-renders as its level, state or warning
 * change; its label ("updated 0s ago") is written as the feeds and the second's tick move it, with
 * no render (useStatusLabel); the wall does not re-render.
 */
function WallFeedStatus({ alarms, events }: { alarms: FeedHandle | null; events: FeedHandle | null }) {
  const a = useStatusWords(alarms);
  const e = useStatusWords(events);
  const labelRef = useStatusLabel(events ? [alarms, events] : [alarms], worstOf);
  return <FeedStatusWords words={worstOf(events ? [a, e] : [a])} labelRef={labelRef} />;
}

/** The alarms' words unless they are live and there is a history: then the history's. */
const worstOf = (words: readonly StatusWords[]) =>
  words[0].state !== 'live' || words.length < 2 ? words[0] : words[1];

/**
 * A view whose readers hear its changes on the second's tick, with the clock: the wall draws one
 * frame a second, however many deltas came in it (issue 38; docs/decisions.md).
 */
function usePacedView<R extends ActiveAlarmRow>(view: FeedView<R>): ViewStore<R> {
  const [paced] = useState(() => ({
    subscribe: pacedToClock(view.subscribe),
    getSnapshot: view.getSnapshot,
  }));
  return paced;
}

function AlarmsTabName({ alarms }: { alarms: ViewStore<ActiveAlarmRow> }) {
  const n = useViewSelector(alarms, (s) => s.rows.length);
  return `Alarms (${n})`;
}

/** The start of the hour that ends with the minute of `t`. */
const hourBefore = (t: number) => Math.floor(t / 60_000) * 60_000 - HOUR_MS;

/**
 * The event history as the Counts view needs it: a tally of the events of the hour before this
 * minute ends, by type, fed by the feed's changes, with no rows of the history kept
 * (`rows: 'changes'`). The handle is taken in an effect and the tally follows it from its first
 * change on; the hour moves on as each minute begins (the minute's clock, no render), whichever
 * view shows, and the bars show it on the second's tick.
 */
function useEventTally(agencyId: string | null): { tally: TallyStore; events: FeedHandle | null } {
  const live = useLiveClient();
  const [wall] = useState(() => tallyFeed(createEventTally({ from: hourBefore(Date.now()) })));
  useEffect(() => {
    const minute = clockOf(60_000);
    // A wall that slept (a TV off and on) catches up as its clock starts again.
    wall.tally.moveTo(hourBefore(Date.now()));
    return minute.subscribe(() => wall.tally.moveTo(hourBefore(minute.read())));
  }, [wall]);
  useEffect(() => (agencyId ? wall.open(live, agencyId) : undefined), [wall, live, agencyId]);
  const events = useSyncExternalStore(wall.subscribe, wall.handle);
  return { tally: wall.shown, events };
}

/** The tally and the handle it follows while open (a store: the wall's status reads the handle). */
function tallyFeed(tally: EventTally) {
  let handle: FeedHandle | null = null;
  const listeners = new Set<() => void>();
  const set = (h: FeedHandle | null) => {
    handle = h;
    for (const l of [...listeners]) l();
  };
  return {
    tally,
    shown: {
      subscribe: pacedToClock(tally.subscribe),
      types: tally.types,
      countOf: tally.countOf,
      largest: tally.largest,
    } satisfies TallyStore,
    open(live: LiveClient, agencyId: string): () => void {
      // Only the hour's events come in a snapshot: the rest of the 24-hour window would be parsed
      // for nothing, on a TV stick (issue 38).
      const feed = live.feed({ feed: 'events', agencyId }, { rows: 'changes', from: () => tally.from });
      const stop = tally.follow(feed.handle);
      set(feed.handle);
      return () => {
        stop();
        feed.release();
        set(null);
      };
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    handle: () => handle,
  };
}

/** Every active alarm, in the wall's order (the view's default sort). */
const WALL_ALARMS = {
  key: 'wall',
  predicate: () => true,
  compare: compareFor<ActiveAlarmRow>(null, ALARM_SORT_KEYS, ALARM_DEFAULT_SORT, alarmTieBreak),
};

/**
 * The Counts view. NOTE: each half reads its own store and re-renders on its own: a delta of the
 * alarms re-renders the active alarms by type only when a count changed (most signals are on
 * accounts already in alarm), and a delta of the history writes the bars' counts and lengths
 * without a render unless the bars' order changes (issue 38: a TV stick's main thread per delta).
 */
const WallCounts = memo(function WallCounts({
  alarms,
  tally,
}: {
  alarms: ViewStore<ActiveAlarmRow>;
  /** The last hour's events by type, kept from the history's changes. */
  tally: TallyStore;
}) {
  return (
    <div className="wall__counts">
      <ActiveByType alarms={alarms} />
      <LastHourByType tally={tally} />
    </div>
  );
});

function ActiveByType({ alarms }: { alarms: ViewStore<ActiveAlarmRow> }) {
  const [select] = useState(activeAlarmsByType);
  const byAlarm = useViewSelector(alarms, select);
  return (
    <section aria-label="Active alarms by type">
      <h2>Active alarms by type</h2>
      {byAlarm.length === 0 ? <p className="wall__empty">None</p> : null}
      <ul className="wall__tally">
        {byAlarm.map(([descr, n]) => (
          <li key={descr}>
            <strong>{n}</strong> {descr}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A selector of the active alarms' counts by description, largest first, ties by description: the
 * same array while the counts are the same, so a delta that changes no count re-renders nothing.
 * NOTE: ties by description, not by the order the alarms came in: a new alarm of another type
 * swapped two tied lines, and a line moved lays out the whole page on a TV stick (issue 38).
 */
function activeAlarmsByType() {
  let seen: readonly ActiveAlarmRow[] | null = null;
  let last: ReadonlyArray<readonly [string, number]> = [];
  return (shown: { rows: readonly ActiveAlarmRow[] }) => {
    if (shown.rows === seen) return last;
    seen = shown.rows;
    const m = new Map<string, number>();
    for (const a of shown.rows)
      m.set(a.event_Descr ?? 'Unknown', (m.get(a.event_Descr ?? 'Unknown') ?? 0) + 1);
    const next = [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const same =
      next.length === last.length && next.every(([d, n], i) => d === last[i][0] && n === last[i][1]);
    if (!same) last = next;
    return last;
  };
}

const WallMap = memo(function WallMap({ view }: { view: ViewStore<ActiveAlarmRow> }) {
  const rows = useViewSnapshot(view).rows;
  const { codes } = useZipTable();
  const groups = useMemo(() => groupBySite(rows, groupRowOfAlarm), [rows]);
  const points = useMemo(
    () =>
      groups.flatMap((g) => {
        const p = placeOf(codes, g.zip);
        return p
          ? [
              {
                id: g.siteNo,
                position: p.position,
                count: g.count,
                colour: hexToRgb(g.rows[0].color_Code) ?? ([211, 47, 47] as [number, number, number]),
                title: g.siteName,
                subtitle: fullAddress(g),
              },
            ]
          : [];
      }),
    [groups, codes],
  );
  // Centred again when the number of sites changes, not when their rows are refreshed.
  const focus = useValueFor([points.length], () => {
    if (points.length === 0) return { position: DEFAULT_CENTRE, zoom: GROUP_ZOOM };
    return {
      position: [
        points.reduce((s, p) => s + p.position[0], 0) / points.length,
        points.reduce((s, p) => s + p.position[1], 0) / points.length,
      ] as [number, number],
      zoom: GROUP_ZOOM,
    };
  });
  return (
    <Suspense fallback={<p className="wall__empty">Loading map…</p>}>
      <SiteMap
        points={points}
        focus={focus}
        height={Math.max(400, window.innerHeight - 220)}
        label={`Map of ${groups.length} sites with active alarms`}
      />
    </Suspense>
  );
});
