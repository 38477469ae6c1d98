import { ALARM_EVENT_TYPES, MANUAL_SIGNAL_CANCEL_EVENT_ID } from '../../shared/eventTypes';
import { resolveEventCode } from '../world/eventCatalog';
import type { Incident, SimEvent } from '../world/types';
import type { World } from '../world/world';
import type { ReportRange } from './reportRange';
import { siteFields } from './siteFields';

/**
 * The Alarm Activity reports (docs/product/reports-and-settings.md), all read from the event store and the incidents:
 * excessive alarm accounts, agency dispatch and actual events.
 */

/** An account is excessive with more than this many alarm signals in the range. */
export const EXCESSIVE_ALARM_THRESHOLD = 10;

/** The incidents of some agencies, oldest first. */
export function incidentsOf(world: World, agencyIds: readonly string[]): Incident[] {
  const wanted = new Set(agencyIds);
  return [...world.incidents.history()].filter((i) => wanted.has(i.agencyId));
}

/** The alarm signals of some agencies in a range: alarm types only (a signal on test is TE). */
export function alarmSignals(world: World, agencyIds: readonly string[], range: ReportRange): SimEvent[] {
  return agencyIds.flatMap((a) =>
    world.events
      .ofAgencyBetween(a, range.from, range.to)
      .filter((e) => ALARM_EVENT_TYPES.includes(e.eventrptId)),
  );
}

/** The event that closed an incident the way its outcome says (D for dispatches, 4618 for cancels). */
export function closingEvent(world: World, i: Incident): SimEvent | undefined {
  for (let k = i.eventIds.length - 1; k > 0; k--) {
    const e = world.events.get(i.eventIds[k]);
    if (!e) continue;
    if ((i.outcome === 'dispatched' || i.outcome === 'refused') && e.eventrptId === 'D') return e;
    if (i.outcome === 'cancelled' && e.eventId === MANUAL_SIGNAL_CANCEL_EVENT_ID) return e;
  }
  return undefined;
}

function countBy<T>(items: readonly T[], key: (t: T) => number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const t of items) counts.set(key(t), (counts.get(key(t)) ?? 0) + 1);
  return counts;
}

/**
 * Excessive Alarm Accounts: one row per account and event id, for the accounts with more than
 * EXCESSIVE_ALARM_THRESHOLD alarm signals in the range; most signals first.
 */
export function excessiveActivity(world: World, agencyIds: readonly string[], range: ReportRange) {
  const signals = alarmSignals(world, agencyIds, range);
  const perSystem = countBy(signals, (e) => e.systemNo);
  const perKind = new Map<string, { e: SimEvent; count: number }>();
  for (const e of signals) {
    if ((perSystem.get(e.systemNo) ?? 0) <= EXCESSIVE_ALARM_THRESHOLD) continue;
    const k = `${e.systemNo}|${e.eventId}`;
    const entry = perKind.get(k);
    if (entry) entry.count++;
    else perKind.set(k, { e, count: 1 });
  }
  return [...perKind.values()]
    .sort(
      (a, b) =>
        b.count - a.count || a.e.csNo.localeCompare(b.e.csNo) || a.e.eventId.localeCompare(b.e.eventId),
    )
    .map(({ e, count }) => {
      const descr = resolveEventCode(e.eventId)?.descr ?? e.description;
      return {
        ...siteFields(world.requireSite(e.siteNo)),
        system_no: e.systemNo,
        cs_no: e.csNo,
        event_count: count,
        event_id: e.eventId,
        eventrpt_id: e.eventrptId,
        event_descr: descr,
        event_desc: descr,
      };
    });
}

/** Whether an incident was verified: a verified-alarm signal (BV) joined it. */
function isVerified(world: World, i: Incident): boolean {
  return i.eventIds.some((id) => world.events.get(id)?.eventId === 'BV');
}

/**
 * Actual events: the alarms raised in the range that were dispatched or verified, one row per
 * alarm (the event that raised it), newest first; event_count is the account's number of them.
 */
export function actualEvents(world: World, agencyIds: readonly string[], range: ReportRange) {
  const actual = incidentsOf(world, agencyIds).filter(
    (i) => i.at >= range.from && i.at <= range.to && (i.outcome === 'dispatched' || isVerified(world, i)),
  );
  const perSystem = countBy(actual, (i) => i.systemNo);
  return actual
    .sort((a, b) => b.at - a.at || b.alarmincNo - a.alarmincNo)
    .map((i) => {
      const site = world.requireSite(i.siteNo);
      const raised = world.events.get(i.eventId);
      return {
        ...siteFields(site),
        system_no: i.systemNo,
        cs_no: i.csNo,
        event_count: perSystem.get(i.systemNo) ?? 0,
        event_descr: raised?.description ?? i.description,
        event_id: raised?.eventId ?? i.alarmEventId,
        event_date: world.siteIso(site, i.at),
        alarminc_no: i.alarmincNo,
        dispatched: i.outcome === 'dispatched' ? 'Y' : 'N',
      };
    });
}

/**
 * Agency dispatch: the incidents dispatched in the range (by dispatch time), newest first, each
 * with the police/fire/EMS agency that was sent. `signal_count` (the account's dispatches in the
 * range) is included when asked for; the client can also derive it.
 */
export function agencyDispatches(
  world: World,
  agencyIds: readonly string[],
  range: ReportRange,
  includeCount: boolean,
) {
  const dispatched = incidentsOf(world, agencyIds).filter(
    (i) =>
      i.outcome === 'dispatched' && i.closedAt != null && i.closedAt >= range.from && i.closedAt <= range.to,
  );
  const perSystem = countBy(dispatched, (i) => i.systemNo);
  return dispatched
    .sort((a, b) => (b.closedAt ?? 0) - (a.closedAt ?? 0) || b.alarmincNo - a.alarmincNo)
    .map((i) => {
      const site = world.requireSite(i.siteNo);
      const closing = closingEvent(world, i);
      return {
        system_no: i.systemNo,
        site_no: i.siteNo,
        cs_no: i.csNo,
        site_name: site.name,
        city_name: site.city,
        event_date: world.siteIso(site, i.closedAt ?? i.at),
        ...(includeCount ? { signal_count: perSystem.get(i.systemNo) ?? 0 } : {}),
        alarminc_no: i.alarmincNo,
        event_id: closing?.eventId ?? null,
        event_descr: closing?.description ?? null,
        agency_name: i.dispatch?.agencyName ?? null,
        agency_phone: i.dispatch?.agencyPhone ?? null,
        // NOTE: the dispatch agency serves the site from its install to its cancel date (Choice).
        effective_date: world.siteIso(site, site.installedAt),
        expire_date: site.cancelledAt != null ? world.siteIso(site, site.cancelledAt) : null,
        comment: i.comment ?? closing?.description ?? null,
      };
    });
}
