import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { EventLogRow } from '../../../../shared/upstream/eventLogRow';
import { PageFrame } from '../../components/layout/PageFrame';
import { useFeedHandle, useFeedState } from '../../lib/live/LiveProvider';
import { useFeedView, useViewSnapshot } from '../../lib/live/useFeedView';
import { FeedStatus } from './components/FeedStatus';
import { LiveChart } from './components/LiveChart';
import { typeColour } from '../../lib/eventTypes/typeColours';
import { useChartData } from './hooks/useChartData';
import { useNow } from './hooks/useNow';
import { useWatchedAgency } from './hooks/useWatchedAgency';
import { DUE_TABS, type DueValue } from './model/dueWindow';
import { eventFilterKey, eventPredicate, type EventFilter } from './model/eventFilters';
import './liveAlarms.css';

/** The periods the buffer graph offers: the live window (the spec shows nothing of this screen). */
const PERIODS = DUE_TABS.filter((t) => t.value === 0 || t.value === 1);

/**
 * Event Buffer Graph (/bufferGraph; docs/product/live-alarms-and-testing.md: "content not shown"):
 * the agency's event buffer of the last hour or day as a live chart by event type, with the totals
 * per type, from the same live feed as the Live Alarm View.
 */
export function BufferGraphPage() {
  const watched = useWatchedAgency();
  if (!watched) return null;
  return <BufferGraph agencyId={watched.agencyId} installServcoType={watched.installServcoType} />;
}

function BufferGraph({ agencyId, installServcoType }: { agencyId: string; installServcoType: string }) {
  const events = useFeedHandle({ feed: 'events', agencyId });
  const feed = useFeedState(events);
  const [due, setDue] = useState<DueValue>(0);
  const [includeTests, setIncludeTests] = useState(false);
  const filter = useMemo<EventFilter>(
    () => ({ types: null, includeTests, csNo: '', due }),
    [due, includeTests],
  );
  // The period moves with the clock: the view narrows once a minute, new rows come with deltas.
  const minute = Math.floor(useNow(60_000) / 60_000);
  const filterKey = eventFilterKey(filter);
  const predicate = useMemo(() => eventPredicate(filter, minute * 60_000), [filter, minute]);
  const view = useFeedView(events, { key: `${filterKey}@${minute}`, predicate, compare: null });
  const applied = useRef(filterKey);
  useLayoutEffect(() => {
    if (applied.current === filterKey) view.narrow(`${filterKey}@${minute}`, predicate);
    else {
      applied.current = filterKey;
      view.setQuery({ key: `${filterKey}@${minute}`, predicate, compare: null });
    }
  }, [view, filterKey, minute, predicate]);
  const shown = useViewSnapshot(view);
  const rows = shown.rows;
  const source = useMemo(
    () => ({ version: shown.version, changesSince: view.changesSince }),
    [shown.version, view],
  );
  const chart = useChartData({ enabled: true, rows, filter, agencyId, installServcoType, source });
  const totals = useMemo(() => totalsByType(rows), [rows]);

  return (
    <PageFrame title="Event Buffer Graph" actions={<FeedStatus feed={feed} show="label" />}>
      <FeedStatus feed={feed} show="warning" />
      <div className="la-subbar">
        <div className="la-due-tabs" role="tablist" aria-label="Period">
          {PERIODS.map((p) => (
            <button
              key={p.label}
              type="button"
              role="tab"
              aria-selected={due === p.value}
              className={`la-due-tabs__tab${due === p.value ? ' is-current' : ''}`}
              onClick={() => setDue(p.value)}
            >
              {p.label}
            </button>
          ))}
        </div>
        <label className="la-check">
          <input type="checkbox" checked={includeTests} onChange={(e) => setIncludeTests(e.target.checked)} />
          Include Tests
        </label>
      </div>
      <LiveChart data={chart.data} height={360} label="Event buffer by type" />
      <table className="la-buffer-totals">
        <caption className="visually-hidden">Events by type</caption>
        <thead>
          <tr>
            <th scope="col">Event Type</th>
            <th scope="col">Events</th>
          </tr>
        </thead>
        <tbody>
          {totals.map(([type, n]) => (
            <tr key={type}>
              <td>
                <span
                  className="la-buffer-totals__swatch"
                  style={{ background: typeColour(type) }}
                  aria-hidden="true"
                />{' '}
                {type}
              </td>
              <td>{n}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PageFrame>
  );
}

function totalsByType(rows: readonly EventLogRow[]): Array<[string, number]> {
  const m = new Map<string, number>();
  for (const r of rows) m.set(r.eventrpt_id, (m.get(r.eventrpt_id) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
