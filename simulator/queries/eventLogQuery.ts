import { EVENT_TYPE_DESCR } from '../world/eventCatalog';
import type { SimEvent } from '../world/types';
import type { World } from '../world/world';
import { toEventLogRow, type EventLogWireRow } from './rows';
import { compareBy, pageOf, type SortKey } from './sorting';
import { bucketsFor, dueWindowStart, type DueValue } from './timeBuckets';

export interface EventLogQuery {
  agencyId: string;
  due: DueValue;
  /** Report categories to keep; null keeps all. */
  eventList: Set<string> | null;
  /** 1-based page. */
  page: number;
  /** Page size; Infinity for every row. */
  count: number;
  column: string | null;
  sort: 'asc' | 'desc';
  removeOperatorActions: boolean;
  /** Substring of the CS#, case-insensitive. */
  csNo: string | null;
  includeTestEvents: boolean;
}

export interface ChartSeries {
  eventrpt_id: string;
  name: string;
  data: number[];
}

export interface EventLogAnswer {
  eventLogList: EventLogWireRow[];
  series: ChartSeries[];
  xAxis: string[];
  historyOverViewList: Array<{ eventrpt_id: string; descr: string; count: number }>;
}

/** Columns GetEventLogs sorts by (the row's field names, any case). */
const EVENT_COLUMNS: Record<string, (w: World) => SortKey<SimEvent>> = {
  id: () => (e) => e.id,
  eventdate: () => (e) => e.at,
  eventdatetime: () => (e) => e.at,
  eventrpt_id: () => (e) => e.eventrptId,
  event_id: () => (e) => e.eventId,
  description: () => (e) => e.description,
  istestcleared: () => (e) => e.isTestCleared,
  cs_: () => (e) => e.csNo,
  site_no: () => (e) => e.siteNo,
  system_no: () => (e) => e.systemNo,
  sitename: (w) => (e) => w.requireSite(e.siteNo).name,
  address1: (w) => (e) => w.requireSite(e.siteNo).addr1,
  address2: (w) => (e) => w.requireSite(e.siteNo).addr2,
  city: (w) => (e) => w.requireSite(e.siteNo).city,
  state: (w) => (e) => w.requireSite(e.siteNo).state,
  zipcode: (w) => (e) => w.requireSite(e.siteNo).zip,
};

export function isEventColumn(column: string | null): boolean {
  return column == null || column.trim() === '' || column.trim().toLowerCase() in EVENT_COLUMNS;
}

/** A test event: one of a test still on (N), or a test category (TE, T). Hidden unless asked for. */
export function isTestEvent(e: SimEvent): boolean {
  return e.isTestCleared === 'N' || e.eventrptId === 'TE' || e.eventrptId === 'T';
}

/** The events an agency's query keeps, sorted, before paging. */
export function selectEvents(world: World, q: EventLogQuery, now: number): SimEvent[] {
  const agency = world.agency(q.agencyId);
  if (!agency) return [];
  const from = dueWindowStart(q.due, now, agency.homeState);
  const cs = q.csNo?.trim().toUpperCase() || null;
  const kept = world.events
    .ofAgencyBetween(agency.agencyId, from)
    .filter(
      (e) =>
        (q.eventList == null || q.eventList.has(e.eventrptId)) &&
        (q.includeTestEvents || !isTestEvent(e)) &&
        (!q.removeOperatorActions || e.eventrptId !== 'OA') &&
        (cs == null || e.csNo.toUpperCase().includes(cs)),
    );
  const column = (q.column?.trim() || 'eventDate').toLowerCase();
  // The store is in time (and id) order already: newest first is the list reversed.
  if (q.sort === 'desc' && (column === 'eventdate' || column === 'eventdatetime' || column === 'id'))
    return kept.reverse();
  const key = (EVENT_COLUMNS[column] ?? EVENT_COLUMNS.eventdate)(world);
  return kept.sort(compareBy(key, q.sort));
}

/** GetEventLogs: one page of rows (totalRows on the first), with the chart series of all matches. */
export function queryEventLog(
  world: World,
  q: EventLogQuery,
  now: number,
  withSeries = true,
): EventLogAnswer {
  const all = selectEvents(world, q, now);
  const rows = pageOf(all, q.page, q.count).map((e, i) =>
    toEventLogRow(world, e, i === 0 ? all.length : null),
  );
  if (!withSeries) return { eventLogList: rows, series: [], xAxis: [], historyOverViewList: [] };
  return { eventLogList: rows, ...chartOf(world, q.agencyId, all, q.due, now) };
}

/** Counts per report category per time bucket, and per category overall. */
export function chartOf(
  world: World,
  agencyId: string,
  events: readonly { at: number; eventrptId: string }[],
  due: DueValue,
  now: number,
): Omit<EventLogAnswer, 'eventLogList'> {
  const home = world.agency(agencyId)?.homeState ?? 'CA';
  const buckets = bucketsFor(due, now, home);
  const perType = new Map<string, number[]>();
  const totals = new Map<string, number>();
  for (const e of events) {
    totals.set(e.eventrptId, (totals.get(e.eventrptId) ?? 0) + 1);
    const i = buckets.indexOf(e.at);
    if (i < 0) continue;
    let data = perType.get(e.eventrptId);
    if (!data) perType.set(e.eventrptId, (data = new Array<number>(buckets.starts.length).fill(0)));
    data[i]++;
  }
  const series = [...perType.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([eventrpt_id, data]) => ({
      eventrpt_id,
      name: EVENT_TYPE_DESCR[eventrpt_id] ?? eventrpt_id,
      data,
    }));
  const historyOverViewList = [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([eventrpt_id, count]) => ({
      eventrpt_id,
      descr: EVENT_TYPE_DESCR[eventrpt_id] ?? eventrpt_id,
      count,
    }));
  return { series, xAxis: buckets.labels, historyOverViewList };
}
