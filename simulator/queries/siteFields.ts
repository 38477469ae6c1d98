import type { MonitoredSystem, Site } from '../world/types';
import type { World } from '../world/world';

/**
 * The site fields the report rows share ("site fields" in
 * docs/product/reports-and-settings.md#entities).
 */
export function siteFields(site: Site) {
  return {
    site_no: site.siteNo,
    site_name: site.name,
    site_addr1: site.addr1,
    site_addr2: site.addr2,
    city_name: site.city,
    state_id: site.state,
    zip_code: site.zip,
  };
}

/** The account a site-level row names: its first system (sites have one to three). */
export function firstSystemOf(world: World, site: Site): MonitoredSystem | undefined {
  return world.systemsOfSite(site.siteNo)[0];
}

/** Service company name of an agency (a corporate agency by its corporate name). */
export function servcoNameOf(world: World, agencyId: string): string | null {
  return world.serviceCompany(agencyId)?.name ?? null;
}
