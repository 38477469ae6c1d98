import type { World } from '../world/world';
import { unrestoredZoneRows } from './onTestRows';
import { firstSystemOf } from './siteFields';

/**
 * Unrestored Zones and Sites With No Alarm Activity (docs/product/reports-and-settings.md#screens,
 * #entities).
 */

/** Descriptions of the equipment locations zones carry (equiploc_id). */
const EQUIPLOC_DESCR: Record<string, string> = {
  PERIM: 'PERIMETER',
  INTR: 'INTERIOR',
  FIRE: 'FIRE/LIFE SAFETY',
  ENV: 'ENVIRONMENTAL',
  EMRG: 'EMERGENCY',
  VIDEO: 'VIDEO',
  PANEL: 'CONTROL PANEL',
};

/** The zones whose last alarm has no restore (world.unrestored), oldest alarm first. */
export function unrestoredZonesReport(world: World, agencyIds: readonly string[]) {
  return agencyIds
    .flatMap((a) => unrestoredZoneRows(world, world.systemsOf(a)))
    .map((z) => {
      const site = world.requireSite(world.system(z.system_no)?.siteNo ?? -1);
      return {
        cs_no: z.cs_no,
        site_no: site.siteNo,
        site_name: site.name,
        alt_id: site.altId,
        system_no: z.system_no,
        zone_id: z.zone_id,
        comment: z.comment,
        zonestate_id: z.zonestate_id,
        event_id: z.event_id,
        event_descr: z.event_descr,
        late_date: z.late_date,
        equiploc_id: z.equiploc_id,
        descr: z.equiploc_id ? (EQUIPLOC_DESCR[z.equiploc_id] ?? null) : null,
        site_addr1: site.addr1,
        city_name: site.city,
      };
    })
    .sort((a, b) => (a.late_date ?? '').localeCompare(b.late_date ?? '') || a.cs_no.localeCompare(b.cs_no));
}

export const NO_ACTIVITY_DATE_TYPES = ['Month', 'Quarter', 'Year', '3Day', 'Select'] as const;
export type NoActivityDateType = (typeof NO_ACTIVITY_DATE_TYPES)[number];

export function parseNoActivityDateType(v: string | undefined): NoActivityDateType | undefined {
  const t = (v ?? 'Month')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return NO_ACTIVITY_DATE_TYPES.find((d) => d.toLowerCase() === t || (d === '3Day' && t === '3days'));
}

/** The first instant of a period that ends now: the last month, quarter, year or 3 days. */
export function noActivityStart(dateType: Exclude<NoActivityDateType, 'Select'>, now: number): number {
  if (dateType === '3Day') return now - 3 * 86_400_000;
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - (dateType === 'Month' ? 1 : dateType === 'Quarter' ? 3 : 12));
  return d.getTime();
}

/**
 * The monitored sites (installed, not cancelled) none of whose systems sent an event since
 * `from`, optionally only those with an account matching `csNo` (case-insensitive substring).
 */
export function noActivitySites(
  world: World,
  agencyIds: readonly string[],
  from: number,
  now: number,
  csNo: string | undefined,
) {
  const needle = csNo?.trim().toUpperCase();
  const rows = [];
  for (const agencyId of agencyIds) {
    for (const site of world.sitesOf(agencyId)) {
      if (!world.isMonitored(site, now)) continue;
      const systems = world.systemsOfSite(site.siteNo);
      if (needle && !systems.some((s) => s.csNo.toUpperCase().includes(needle))) continue;
      const active = systems.some((s) => {
        const events = world.events.ofSystem(s.systemNo);
        return events.length > 0 && events[events.length - 1].at >= from;
      });
      if (active) continue;
      rows.push({
        cs_no: firstSystemOf(world, site)?.csNo ?? null,
        site_no: site.siteNo,
        site_name: site.name,
        phone1: site.phone,
        site_addr1: site.addr1,
        site_addr2: site.addr2,
        city_name: site.city,
        state_id: site.state,
        zip_code: site.zip,
      });
    }
  }
  return rows.sort((a, b) => (a.cs_no ?? '').localeCompare(b.cs_no ?? ''));
}
