import type { SiteSystem } from '../../lib/api/rowSchemas';

/** A site of the drawer's list, with the accounts (CS#) that matched. */
export interface SiteChoice {
  site_no: string;
  site_name: string;
  address: string;
  systems: Array<{ system_no: string; cs_no: string }>;
}

/**
 * Most matches the CS# search takes (docs/product/live-alarms-and-testing.md#screens, #constants).
 */
export const SITE_SEARCH_MAX = 50;

/**
 * The CS# search of the Place On Test drawer (docs/product/live-alarms-and-testing.md#screens): the
 * accounts whose CS# contains the text (any case), the first 50 of them in CS# order, grouped by
 * site in the order their first match came. An empty text lists nothing.
 */
export function searchSites(accounts: readonly SiteSystem[], text: string): SiteChoice[] {
  const q = text.trim().toLowerCase();
  if (q === '') return [];
  const matches = accounts
    .filter((a) => a.cs_no.toLowerCase().includes(q))
    .sort((a, b) => a.cs_no.localeCompare(b.cs_no, undefined, { numeric: true }))
    .slice(0, SITE_SEARCH_MAX);
  return groupBySite(matches);
}

/** Accounts grouped by site, first appearance first. */
export function groupBySite(accounts: readonly SiteSystem[]): SiteChoice[] {
  const sites = new Map<string, SiteChoice>();
  for (const a of accounts) {
    let site = sites.get(a.site_no);
    if (!site) {
      site = {
        site_no: a.site_no,
        site_name: a.site_name,
        address: [a.site_addr1, a.city_name].filter(Boolean).join(', '),
        systems: [],
      };
      sites.set(a.site_no, site);
    }
    if (!site.systems.some((s) => s.system_no === a.system_no))
      site.systems.push({ system_no: a.system_no, cs_no: a.cs_no });
  }
  return [...sites.values()];
}
