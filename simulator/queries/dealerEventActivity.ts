import { MANUAL_SIGNAL_CANCEL_EVENT_ID } from '../../shared/eventTypes';
import type { SimEvent } from '../world/types';
import type { World } from '../world/world';
import { closingEvent, incidentsOf } from './alarmActivity';
import { localMonthOf, monthName, monthsBetween, type LocalMonth, type ReportRange } from './reportRange';
import { servcoNameOf, siteFields } from './siteFields';

/**
 * Report/GetDealerEventActivity (docs/product/reports-and-settings.md#entities, #calls,
 * #constants): one call behind five report screens, chosen by EventId: 4618 dispatch cancellations
 * from the text app, DISC investigation requests, SRS service requests, CNFM customer
 * acknowledgments, RA runaway systems and ARD agency-refused dispatches. Every answer is `{
 * dealerEventActivityList, dealerEventActivityMonthlySummary }`.
 */

export const DEALER_EVENT_KINDS = [
  MANUAL_SIGNAL_CANCEL_EVENT_ID,
  'DISC',
  'SRS',
  'CNFM',
  'RA',
  'ARD',
] as const;
export type DealerEventKind = (typeof DEALER_EVENT_KINDS)[number];

/** A system is a runaway with the runaway flag, or more than this many signals a day in the range. */
export const RUNAWAY_SIGNALS_PER_DAY = 20;

export function parseDealerEventKind(v: string | undefined): DealerEventKind | undefined {
  const key = (v ?? '').trim().toUpperCase();
  return DEALER_EVENT_KINDS.find((k) => k === key);
}

type Row = Record<string, unknown>;
/** One thing the monthly summary counts: when, and which account. */
interface Occurrence {
  at: number;
  agencyId: string;
  csNo: string;
}

function group<K, V>(index: Map<K, V[]>, key: K, value: V): void {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}

function withSchedule(world: World, e: Pick<SimEvent, 'siteNo' | 'at'> | null, row: Row): Row {
  const date = e ? world.siteIso(world.requireSite(e.siteNo), e.at) : null;
  // NOTE: docs/product/reports-and-settings.md#entities: a row without a date gets an empty
  // scheduled_datetime.
  return { ...row, scheduled_date: date, scheduled_datetime: date ?? '' };
}

function eventsWithId(world: World, agencyIds: readonly string[], range: ReportRange, eventId: string) {
  return agencyIds
    .flatMap((a) => world.events.ofAgencyBetween(a, range.from, range.to))
    .filter((e) => e.eventId === eventId && e.comment)
    .sort((a, b) => b.at - a.at || b.id - a.id);
}

/** DISC, SRS and CNFM: one row per event with its comment, newest first. */
function commentRows(world: World, agencyIds: readonly string[], range: ReportRange, eventId: string) {
  const events = eventsWithId(world, agencyIds, range, eventId);
  const rows = events.map((e) =>
    withSchedule(world, e, {
      ...siteFields(world.requireSite(e.siteNo)),
      cs_no: e.csNo,
      system_no: e.systemNo,
      event_id: e.eventId,
      event_date: world.siteIso(world.requireSite(e.siteNo), e.at),
      comment: e.comment,
    }),
  );
  return { rows, occurrences: events };
}

/** 4618: the incidents cancelled from the text app in the range, one row per account. */
function cancellationRows(world: World, agencyIds: readonly string[], range: ReportRange) {
  const closings = incidentsOf(world, agencyIds)
    .filter(
      (i) =>
        i.outcome === 'cancelled' && i.closedAt != null && i.closedAt >= range.from && i.closedAt <= range.to,
    )
    .map((i) => ({ incident: i, event: closingEvent(world, i) }));
  const perAccount = new Map<number, typeof closings>();
  for (const c of closings) group(perAccount, c.incident.systemNo, c);
  const rows = [...perAccount.values()]
    .map((list) => list.sort((a, b) => (b.incident.closedAt ?? 0) - (a.incident.closedAt ?? 0)))
    .sort((a, b) => b.length - a.length || (b[0].incident.closedAt ?? 0) - (a[0].incident.closedAt ?? 0))
    .map((list) => {
      const latest = list[0];
      const site = world.requireSite(latest.incident.siteNo);
      return withSchedule(world, latest.event ?? null, {
        cs_no: latest.incident.csNo,
        sig_count: list.length,
        ...siteFields(site),
        system_no: latest.incident.systemNo,
        comment: latest.incident.comment ?? latest.event?.comment ?? null,
      });
    });
  const occurrences = closings.map((c) => ({
    at: c.incident.closedAt ?? c.incident.at,
    agencyId: c.incident.agencyId,
    csNo: c.incident.csNo,
  }));
  return { rows, occurrences };
}

/** RA: systems with the runaway flag or over the signal threshold, most signals first. */
function runawayRows(world: World, agencyIds: readonly string[], range: ReportRange) {
  const threshold = RUNAWAY_SIGNALS_PER_DAY * range.days;
  const bySystem = new Map<number, SimEvent[]>();
  for (const a of agencyIds)
    for (const e of world.events.ofAgencyBetween(a, range.from, range.to)) group(bySystem, e.systemNo, e);
  const runaways = [...bySystem.entries()]
    .filter(([systemNo, events]) => world.system(systemNo)?.runaway || events.length > threshold)
    .sort((a, b) => b[1].length - a[1].length || a[0] - b[0]);
  const rows = runaways.map(([systemNo, events]) => {
    const latest = events[events.length - 1];
    const site = world.requireSite(latest.siteNo);
    return withSchedule(world, latest, {
      cs_no: latest.csNo,
      sig_count: events.length,
      servco_no: site.agencyId,
      servco_name: servcoNameOf(world, site.agencyId),
      ...siteFields(site),
      system_no: systemNo,
    });
  });
  return { rows, occurrences: runaways.flatMap(([, events]) => events) };
}

/** ARD: the incidents whose dispatch an agency refused in the range, newest first. */
function refusedRows(world: World, agencyIds: readonly string[], range: ReportRange) {
  const refused = incidentsOf(world, agencyIds)
    .filter(
      (i) =>
        i.outcome === 'refused' && i.closedAt != null && i.closedAt >= range.from && i.closedAt <= range.to,
    )
    .sort((a, b) => (b.closedAt ?? 0) - (a.closedAt ?? 0) || b.alarmincNo - a.alarmincNo);
  const rows = refused.map((i) => {
    const e = closingEvent(world, i);
    const site = world.requireSite(i.siteNo);
    return withSchedule(world, e ?? null, {
      event_id: e?.eventId ?? 'ARD',
      event_descr: e?.description ?? null,
      event_date: world.siteIso(site, i.closedAt ?? i.at),
      cs_no: i.csNo,
      servco_no: i.agencyId,
      servco_name: servcoNameOf(world, i.agencyId),
      ...siteFields(site),
      system_no: i.systemNo,
      country_name: 'USA',
      employee_initials: i.closedBy,
      alarminc_no: i.alarmincNo,
      agency_name: i.dispatch?.agencyName ?? null,
      agency_phone: i.dispatch?.agencyPhone ?? null,
      agency_no: i.dispatch?.agencyNo ?? null,
      agencytype_id: i.dispatch?.agencytypeId ?? null,
    });
  });
  const occurrences = refused.map((i) => ({ at: i.closedAt ?? i.at, agencyId: i.agencyId, csNo: i.csNo }));
  return { rows, occurrences };
}

/** Counts per calendar month (agency home time) over the whole range, oldest month first. */
function monthlySummary(world: World, agencyIds: readonly string[], range: ReportRange, items: Occurrence[]) {
  const home = (agencyId: string) => world.agency(agencyId)?.homeState ?? 'CA';
  const key = (m: LocalMonth) => m.year * 100 + m.month;
  const first = home(agencyIds[0] ?? '');
  const buckets = new Map<number, { month: LocalMonth; count: number; accounts: Set<string> }>();
  for (const month of monthsBetween(localMonthOf(range.from, first), localMonthOf(range.to, first)))
    buckets.set(key(month), { month, count: 0, accounts: new Set() });
  for (const o of items) {
    const month = localMonthOf(o.at, home(o.agencyId));
    let b = buckets.get(key(month));
    if (!b) buckets.set(key(month), (b = { month, count: 0, accounts: new Set() }));
    b.count++;
    b.accounts.add(o.csNo);
  }
  return [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, b]) => ({
      canmonthname: monthName(b.month.month),
      canmonth: b.month.month,
      canyear: b.month.year,
      cancount: b.count,
      canacctsList: [...b.accounts].sort(),
    }));
}

export function dealerEventActivity(
  world: World,
  agencyIds: readonly string[],
  range: ReportRange,
  kind: DealerEventKind,
) {
  const { rows, occurrences } =
    kind === MANUAL_SIGNAL_CANCEL_EVENT_ID
      ? cancellationRows(world, agencyIds, range)
      : kind === 'RA'
        ? runawayRows(world, agencyIds, range)
        : kind === 'ARD'
          ? refusedRows(world, agencyIds, range)
          : commentRows(world, agencyIds, range, kind);
  return {
    dealerEventActivityList: rows,
    dealerEventActivityMonthlySummary: monthlySummary(world, agencyIds, range, occurrences),
  };
}
