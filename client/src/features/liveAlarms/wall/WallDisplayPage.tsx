import { lazy, memo, Suspense, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ActiveAlarmRow } from '../../../../../shared/upstream/activeAlarmRow';
import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import { useFeedHandle, useFeedState } from '../../../lib/live/LiveProvider';
import type { FeedRowSource } from '../../../lib/live/feedView';
import { useFeedView, useViewSnapshot } from '../../../lib/live/useFeedView';
import { useSessionView } from '../../../lib/session/sessionView';
import { AlarmClock } from '../components/AlarmClock';
import { ALARM_DEFAULT_SORT, ALARM_SORT_KEYS, alarmTieBreak } from '../components/alarmColumns';
import { FeedStatus } from '../components/FeedStatus';
import { typeColour } from '../../../lib/eventTypes/typeColours';
import { useClockThresholds } from '../hooks/useClockThresholds';
import { useNow } from '../hooks/useNow';
import { useWatchedAgency } from '../hooks/useWatchedAgency';
import { WallAnomalies } from './WallAnomalies';
import { fullAddress, groupBySite } from '../../../reporting/map/siteGroups';
import { placeOf, useZipTable } from '../../../reporting/map/useSitePlaces';
import { DEFAULT_CENTRE, GROUP_ZOOM } from '../../../reporting/map/zipPlaces';
import { hexToRgb } from '../model/rowColours';
import { useValueFor } from '../../../lib/store/useValueFor';
import { compareFor } from '../model/rowSort';
import { groupRowOfAlarm } from '../model/siteRef';
import { eventTime } from '../model/eventFilters';
import { countsByType, HOUR_MS, WALL_VIEWS, type WallView } from './wallModel';
import { PairedWall } from './PairedWall';
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
  // Only the counts read the event history (a paired wall may subscribe to its views' feeds only).
  const eventsFeed = useFeedHandle(views.includes('counts') ? { feed: 'events', agencyId } : null);
  const alarms = useFeedState(alarmsFeed);
  const events = useFeedState(eventsFeed);
  const [paused, setPaused] = useState(false);
  const [start] = useState(() => Date.now());
  const rotating = !pinned && !paused;
  // A second's tick only while the views rotate; the clock and the alarms' ages tick on their own,
  // so a tick re-renders no view (on a TV stick every millisecond of a second counts).
  const now = useNow(rotating ? 1000 : 60_000);
  const [manual, setManual] = useState<WallView>(views[0]);
  const view: WallView =
    pinned ?? (rotating ? views[Math.floor((now - start) / rotateMs) % views.length] : manual);

  useEffect(() => {
    const previous = document.title;
    document.title = `Wall display · ${agencyName}`;
    return () => {
      document.title = previous;
    };
  }, [agencyName]);

  // The alarms sorted once, then kept sorted by each delta (a feed view), never copied whole.
  const sorted = useViewSnapshot(useFeedView(alarmsFeed, WALL_ALARMS)).rows;
  // Nothing in the body until the first alarms are in (then for good): the anomalies banner comes
  // just before them, and a body drawn earlier ("No active alarms") was moved down by it.
  const [ready, setReady] = useState(false);
  if (!ready && alarms.state !== 'connecting') setReady(true);
  // Worst state of the two feeds: the wall says so.
  const status = alarms.state !== 'live' || !views.includes('counts') ? alarms : events;

  return (
    <div className={`wall${kiosk ? ' wall--kiosk' : ''}`} data-testid="wall" data-view={view}>
      <header className="wall__header">
        <div className="wall__title">
          <h1>{agencyName}</h1>
          <WallClock />
        </div>
        <div className="wall__status">
          <FeedStatus feed={status} />
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
              {v === 'alarms' ? `Alarms (${sorted.length})` : v === 'counts' ? 'Counts' : 'Map'}
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
        {ready && view === 'alarms' ? <WallAlarms rows={sorted} /> : null}
        {ready && view === 'counts' ? (
          <WallCounts alarms={sorted} events={eventsFeed} minute={Math.floor(now / 60_000)} />
        ) : null}
        {ready && view === 'map' ? <WallMap rows={sorted} /> : null}
      </main>
    </div>
  );
}

function WallClock() {
  const now = useNow(1000);
  return <span className="wall__clock">{new Date(now).toLocaleTimeString()}</span>;
}

const WallAlarms = memo(function WallAlarms({ rows }: { rows: readonly ActiveAlarmRow[] }) {
  const [thresholds] = useClockThresholds();
  if (rows.length === 0) return <p className="wall__empty">No active alarms</p>;
  return (
    <ol className="wall__alarms" aria-label="Active alarms">
      {rows.slice(0, 12).map((r) => {
        const rgb = hexToRgb(r.color_Code);
        return (
          <li
            key={r.id}
            className="wall__alarm"
            style={{ borderLeftColor: rgb ? `rgb(${rgb.join(' ')})` : undefined }}
          >
            <span className="wall__alarm-event">{r.event_Descr}</span>
            <span className="wall__alarm-site">
              {r.site_Name} · {r.city_Name} · CS# {r.cs_No}
            </span>
            <AlarmClock row={r} thresholds={thresholds} />
          </li>
        );
      })}
      {rows.length > 12 ? <li className="wall__more">+{rows.length - 12} more</li> : null}
    </ol>
  );
});

/** Every active alarm, in the wall's order (the view's default sort). */
const WALL_ALARMS = {
  key: 'wall',
  predicate: () => true,
  compare: compareFor<ActiveAlarmRow>(null, ALARM_SORT_KEYS, ALARM_DEFAULT_SORT, alarmTieBreak),
};

/** Events of the hour before `minute` ends: the Counts view's rows. */
const lastHourOf = (minute: number) => {
  const from = minute * 60_000 - HOUR_MS;
  return (r: EventLogRow) => eventTime(r).at >= from;
};

const WallCounts = memo(function WallCounts({
  alarms,
  events,
  minute,
}: {
  alarms: readonly ActiveAlarmRow[];
  events: FeedRowSource<EventLogRow> | null;
  /** The minute it counts up to (Date.now() / 60,000, floored). */
  minute: number;
}) {
  // The last hour's events, kept beside the 24-hour window by its deltas (a feed view): a delta
  // costs its own rows, not a copy of the window. The hour moves on once a minute (narrowed).
  const hour = useFeedView(events, { key: `hour@${minute}`, predicate: lastHourOf(minute), compare: null });
  useLayoutEffect(() => hour.narrow(`hour@${minute}`, lastHourOf(minute)), [hour, minute]);
  const hourRows = useViewSnapshot(hour).rows;
  const lastHour = useValueFor([hourRows], () => countsByType(hourRows, minute * 60_000 - HOUR_MS));
  const byAlarm = useMemo(() => {
    const m = new Map<string, number>();
    for (const a of alarms) m.set(a.event_Descr ?? 'Unknown', (m.get(a.event_Descr ?? 'Unknown') ?? 0) + 1);
    return [...m.entries()].sort((a, b) => b[1] - a[1]);
  }, [alarms]);
  const max = Math.max(1, ...lastHour.map((c) => c.count));
  return (
    <div className="wall__counts">
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
      <section aria-label="Events in the last hour by type">
        <h2>Events, last hour</h2>
        <ul className="wall__bars">
          {lastHour.map((c) => (
            <li key={c.type}>
              <span className="wall__bar-label">{c.type}</span>
              <span
                className="wall__bar"
                style={{ width: `${(c.count / max) * 100}%`, background: typeColour(c.type) }}
              />
              <strong>{c.count}</strong>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
});

const WallMap = memo(function WallMap({ rows }: { rows: readonly ActiveAlarmRow[] }) {
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
