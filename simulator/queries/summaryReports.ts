import { resolveEventCode } from '../world/eventCatalog';
import type { MonitoredSystem, Site } from '../world/types';
import type { World } from '../world/world';
import { toZoneRow } from './onTestRows';

/**
 * The Zone Report and the Site Contact Report (docs/product/reports-and-settings.md#screens): the
 * spec shows neither row, so these fields are the simulator's choice (docs/upstream-api.md). Both
 * are answered as JSON text.
 */

/** The accounts of a service company (GetSiteByServCoNo, the reports' account autosuggest). */
export function accountsOfAgency(world: World, agencyId: string) {
  return world.systemsOf(agencyId).map((s) => {
    const site = world.requireSite(s.siteNo);
    return {
      site_no: s.siteNo,
      cs_no: s.csNo,
      system_no: s.systemNo,
      site_name: site.name,
      acct_status: site.acctStatus,
    };
  });
}

/** Every zone of one account, with its state and its last signal. */
export function zoneSummaryRows(world: World, system: MonitoredSystem, now: number) {
  const site = world.requireSite(system.siteNo);
  const lastByZone = new Map<string, number>();
  for (const e of world.events.ofSystem(system.systemNo)) if (e.zoneId) lastByZone.set(e.zoneId, e.at);
  const unrestored = world.unrestored.get(system.systemNo);
  return system.zones.map((z) => {
    const last = lastByZone.get(z.zoneId);
    return {
      ...toZoneRow(world, system, z, now),
      event_descr: resolveEventCode(z.alarmType)?.descr ?? null,
      site_no: site.siteNo,
      site_name: site.name,
      systype_id: system.systype,
      zonestate_id: unrestored?.has(z.zoneId) ? 'A' : 'R',
      last_signal_date: last != null ? world.siteIso(site, last) : null,
      acct_status: site.acctStatus,
    };
  });
}

/** The contacts of some sites, in call order. */
export function contactSummaryRows(world: World, sites: readonly Site[]) {
  return sites.flatMap((site) => {
    const system = world.systemsOfSite(site.siteNo)[0];
    return world.contactsOfSite(site.siteNo).map((c, i) => ({
      cs_no: system?.csNo ?? null,
      site_no: site.siteNo,
      site_name: site.name,
      servco_no: site.agencyId,
      contact_no: c.contactNo,
      call_order: i + 1,
      first_name: c.firstName,
      last_name: c.lastName,
      phone: c.phone,
      email_address: c.email,
      opt_out: c.optOut ? 'Y' : 'N',
      acct_status: site.acctStatus,
    }));
  });
}
