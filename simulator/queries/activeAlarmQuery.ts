import type { Incident } from '../world/types';
import type { World } from '../world/world';
import { chartOf, type EventLogAnswer } from './eventLogQuery';
import { toActiveAlarmRow, type ActiveAlarmWireRow } from './rows';
import { compareBy, pageOf, type SortKey } from './sorting';
import { dueWindowStart, type DueValue } from './timeBuckets';

export interface ActiveAlarmQuery {
  agencyId: string;
  due: DueValue;
  eventList: Set<string> | null;
  page: number;
  count: number;
  column: string | null;
  sort: 'asc' | 'desc';
  csNo: string | null;
}

const ALARM_COLUMNS: Record<string, (w: World) => SortKey<Incident & { id: number }>> = {
  id: () => (i) => i.eventId,
  alarm_date: () => (i) => i.at,
  // The event grid's default column, sent to the alarm call too.
  eventdate: () => (i) => i.at,
  cs_no: () => (i) => i.csNo,
  event_descr: () => (i) => i.description,
  alarminc_no: () => (i) => i.alarmincNo,
  alarm_event_id: () => (i) => i.alarmEventId,
  color: () => (i) => i.color,
  color_code: () => (i) => i.colorCode,
  site_no: () => (i) => i.siteNo,
  system_no: () => (i) => i.systemNo,
  install_servco_no: () => (i) => i.agencyId,
  site_name: (w) => (i) => w.requireSite(i.siteNo).name,
  site_addr1: (w) => (i) => w.requireSite(i.siteNo).addr1,
  site_addr2: (w) => (i) => w.requireSite(i.siteNo).addr2,
  city_name: (w) => (i) => w.requireSite(i.siteNo).city,
  state_id: (w) => (i) => w.requireSite(i.siteNo).state,
  zipcode: (w) => (i) => w.requireSite(i.siteNo).zip,
  siteloc_descr: (w) => (i) => (i.zoneId ? (w.zone(i.systemNo, i.zoneId)?.comment ?? null) : null),
};

export function isAlarmColumn(column: string | null): boolean {
  return column == null || column.trim() === '' || column.trim().toLowerCase() in ALARM_COLUMNS;
}

/** An agency's active alarms, filtered and sorted (default alarm_Date descending), before paging. */
export function selectActiveAlarms(world: World, q: ActiveAlarmQuery, now: number): Incident[] {
  const agency = world.agency(q.agencyId);
  if (!agency) return [];
  const from = dueWindowStart(q.due, now, agency.homeState);
  const cs = q.csNo?.trim().toUpperCase() || null;
  const kept = world.incidents
    .activeOf(agency.agencyId)
    .filter(
      (i) =>
        i.at >= from &&
        (q.eventList == null || q.eventList.has(i.eventrptId)) &&
        (cs == null || i.csNo.toUpperCase().includes(cs)),
    );
  const column = (q.column?.trim() || 'alarm_Date').toLowerCase();
  // The row's id is the raising event's id.
  const key = (ALARM_COLUMNS[column] ?? ALARM_COLUMNS.alarm_date)(world);
  const withId = kept.map((i) => ({ ...i, id: i.eventId }));
  return withId.sort(compareBy(key, q.sort));
}

/** GetEventLogsLiveAlarm_Dev: one page of active alarms, with counts of all matches. */
export function queryActiveAlarms(
  world: World,
  q: ActiveAlarmQuery,
  now: number,
  withSeries = true,
): Omit<EventLogAnswer, 'eventLogList'> & { eventLogList: ActiveAlarmWireRow[] } {
  const all = selectActiveAlarms(world, q, now);
  const rows = pageOf(all, q.page, q.count).map((i, n) =>
    toActiveAlarmRow(world, i, n === 0 ? all.length : null),
  );
  if (!withSeries) return { eventLogList: rows, series: [], xAxis: [], historyOverViewList: [] };
  return { eventLogList: rows, ...chartOf(world, q.agencyId, all, q.due, now) };
}
