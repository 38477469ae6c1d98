import type { OnTestEntryRow } from '../../../../shared/upstream/onTestRows';
import {
  formatSiteDisplay,
  isFutureTest,
  isOverAWeek,
  readUpstreamTime,
  testTimeState,
  type TestTimeState,
} from '../../../../shared/onTest/siteDates';

/**
 * The Alarm Testing grid's rows (docs/product/live-alarms-and-testing.md#screens, #states),
 * computed from the systems-on-test list and the clock: sites with their systems on test, each with
 * its time left. Pure; the screen re-runs it as rows arrive and as the clock ticks, so a test that
 * ends leaves by itself.
 */

export interface SystemOnTest {
  id: string;
  row: OnTestEntryRow;
  zones: string;
  start: string;
  end: string;
  /** Instants. */
  startAt: number;
  endAt: number;
  leftMs: number;
  state: TestTimeState;
  future: boolean;
  overAWeek: boolean;
  serviceTypes: string;
}

/** The classes a system's row or card wears: on test over a week, ending soon. */
export function systemTestClasses(system: SystemOnTest): string[] {
  return [
    system.overAWeek ? 'testing-row--week' : '',
    system.state === 'endingSoon' ? 'testing-row--soon' : '',
  ].filter(Boolean);
}

export interface SiteOnTest {
  id: string;
  site_no: string;
  site_name: string;
  site_addr1: string;
  site_addr2: string;
  cityState: string;
  zip: string;
  systems: SystemOnTest[];
  /** Some system of the site has been on test for more than a week. */
  overAWeek: boolean;
  /** Some system's test ends within 30 minutes. */
  endingSoon: boolean;
  /** The first CS# (a site row hands off with it). */
  firstSystem: { system_no: string; cs_no: string };
}

const DEFAULT_OFFSET = -480;

export function systemOnTest(row: OnTestEntryRow, now: number): SystemOnTest | null {
  const start = readUpstreamTime(row.effective_date, DEFAULT_OFFSET);
  const end = readUpstreamTime(row.expire_date, DEFAULT_OFFSET);
  if (!start || !end) return null;
  const siteTime = readUpstreamTime(row.site_time, DEFAULT_OFFSET);
  return {
    id: row.seqno,
    row,
    zones: row.all_zones_flag === 'Y' || !row.zone_list ? 'All Zones' : row.zone_list,
    start: formatSiteDisplay(start.siteMs),
    end: formatSiteDisplay(end.siteMs),
    startAt: start.instant,
    endAt: end.instant,
    leftMs: end.instant - now,
    state: testTimeState(end.instant, now),
    // Future Test: the start is after the site time
    // (docs/product/live-alarms-and-testing.md#states); the clock stands in for a missing site
    // time.
    future: isFutureTest(start.instant, Math.max(siteTime?.instant ?? now, now)),
    overAWeek: row.isOverThanOneWeek || isOverAWeek(start.instant, now),
    serviceTypes: row.servtype_list ?? '',
  };
}

/** The grid's site rows at `now`: ended tests dropped, sites by name, systems by CS#. */
export function sitesOnTest(rows: readonly OnTestEntryRow[], now: number): SiteOnTest[] {
  const sites = new Map<string, SiteOnTest>();
  for (const row of rows) {
    const system = systemOnTest(row, now);
    if (!system || system.state === 'ended') continue;
    let site = sites.get(row.site_no);
    if (!site) {
      site = {
        id: row.site_no,
        site_no: row.site_no,
        site_name: row.site_name ?? `Site ${row.site_no}`,
        site_addr1: row.site_addr1 ?? '',
        site_addr2: row.site_addr2 ?? '',
        cityState: [row.city_name, row.state_id].filter(Boolean).join(', '),
        zip: row.zip_code ?? '',
        systems: [],
        overAWeek: false,
        endingSoon: false,
        firstSystem: { system_no: row.system_no, cs_no: row.cs_no },
      };
      sites.set(row.site_no, site);
    }
    site.systems.push(system);
    site.overAWeek ||= system.overAWeek;
    site.endingSoon ||= system.state === 'endingSoon';
  }
  const byCs = (a: SystemOnTest, b: SystemOnTest) =>
    a.row.cs_no.localeCompare(b.row.cs_no, undefined, { numeric: true }) || a.startAt - b.startAt;
  const list = [...sites.values()];
  for (const site of list) {
    site.systems.sort(byCs);
    site.firstSystem = { system_no: site.systems[0].row.system_no, cs_no: site.systems[0].row.cs_no };
  }
  return list.sort(
    (a, b) =>
      a.site_name.localeCompare(b.site_name, undefined, { numeric: true }) ||
      a.site_no.localeCompare(b.site_no),
  );
}

/** The soonest instant at which some row changes its mark or leaves: when the screen must look again. */
export function nextChangeAt(sites: readonly SiteOnTest[], now: number): number | null {
  let next: number | null = null;
  for (const site of sites)
    for (const s of site.systems) {
      for (const at of [s.endAt - 30 * 60_000, s.endAt, s.startAt])
        if (at > now && (next === null || at < next)) next = at;
    }
  return next;
}
