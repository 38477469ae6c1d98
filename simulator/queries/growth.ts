import type { ServiceCompany, Site } from '../world/types';
import type { World } from '../world/world';
import { firstSystemOf } from './siteFields';
import { localMonthOf } from './reportRange';

/**
 * Growth and attrition (docs/product/reports-and-settings.md#screens, #entities): sites installed
 * (add) and cancelled (can) per month of the current year, months read in the agency's home time
 * zone. A site counts once, under its first account (CS#), in the month of its install or cancel
 * date.
 */

/** Month prefixes of the growth record's fields (`jan_add`, `jan_can`, `jan_net`, ...). */
export const MONTH_KEYS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
];

export type AddOrCancel = 'Add' | 'Cancel';

/** MonthIndex 0 (or 13) stands for the year to date. */
export const YTD = 0;

function homeOf(world: World, agencyId: string): string {
  return world.agency(agencyId)?.homeState ?? 'CA';
}

/** When a site was added or cancelled, if that falls in month `monthIndex` of this year (0: any month so far). */
function dateIn(world: World, site: Site, type: AddOrCancel, monthIndex: number, now: number): number | null {
  const at = type === 'Add' ? site.installedAt : site.cancelledAt;
  if (at == null || at > now) return null;
  const home = homeOf(world, site.agencyId);
  const m = localMonthOf(at, home);
  if (m.year !== localMonthOf(now, home).year) return null;
  return monthIndex === YTD || m.month === monthIndex ? at : null;
}

/** Counts per month (index 0 = January) of one agency's adds or cancels this year. */
function monthlyCounts(world: World, agencyId: string, type: AddOrCancel, now: number): number[] {
  const counts = new Array<number>(12).fill(0);
  const home = homeOf(world, agencyId);
  for (const site of world.sitesOf(agencyId)) {
    const at = dateIn(world, site, type, YTD, now);
    if (at != null) counts[localMonthOf(at, home).month - 1]++;
  }
  return counts;
}

/** The growth record of a service company (GetGrowthAttritiontData). */
export function growthRecord(world: World, company: ServiceCompany, now: number) {
  const agencyId = company.installServcoNo;
  const adds = monthlyCounts(world, agencyId, 'Add', now);
  const cans = monthlyCounts(world, agencyId, 'Cancel', now);
  const row: Record<string, string | number> = {
    servco_no: company.servcoNo,
    servco_name: company.name,
    year: localMonthOf(now, homeOf(world, agencyId)).year,
  };
  MONTH_KEYS.forEach((m, i) => {
    row[`${m}_add`] = adds[i];
    row[`${m}_can`] = cans[i];
    row[`${m}_net`] = adds[i] - cans[i];
  });
  const totalAdd = adds.reduce((a, b) => a + b, 0);
  const totalCan = cans.reduce((a, b) => a + b, 0);
  row.total_add = totalAdd;
  row.total_can = totalCan;
  row.total_net = totalAdd - totalCan;
  return row;
}

/** The consolidated chart (GetAccountAttritionChart): January to the current month. */
export function attritionChart(world: World, agencyId: string, now: number) {
  const adds = monthlyCounts(world, agencyId, 'Add', now);
  const cans = monthlyCounts(world, agencyId, 'Cancel', now);
  const { year, month } = localMonthOf(now, homeOf(world, agencyId));
  return MONTH_KEYS.slice(0, month).map((m, i) => ({
    month_name: m.toUpperCase(),
    month_index: i + 1,
    year,
    add_count: adds[i],
    cancel_count: cans[i],
    net_count: adds[i] - cans[i],
  }));
}

/** The sites behind one growth count (GetAddCancelData), newest first. */
export function addCancelRows(
  world: World,
  agencyIds: readonly string[],
  type: AddOrCancel,
  monthIndex: number,
  now: number,
) {
  const rows = [];
  for (const agencyId of agencyIds) {
    for (const site of world.sitesOf(agencyId)) {
      const at = dateIn(world, site, type, monthIndex, now);
      if (at == null) continue;
      rows.push({
        at,
        row: {
          cs_no: firstSystemOf(world, site)?.csNo ?? null,
          site_name: site.name,
          address: [site.addr1, site.addr2].filter(Boolean).join(', '),
          city: site.city,
          ac_date: world.siteIso(site, at),
          install_servco_no: site.agencyId,
        },
      });
    }
  }
  return rows.sort((a, b) => b.at - a.at).map((r) => r.row);
}
