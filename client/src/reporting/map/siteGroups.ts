/**
 * 'Map View (Grouped By Site)' (docs/product/live-alarms-and-testing.md#screens): rows grouped by
 * site with counts, filtered by the 'Select Event Id' dropdown (event descriptions, 'All' first
 * when there is more than one).
 */
export interface SiteRowLike {
  siteNo: string;
  systemNo: string;
  siteName: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  csNo: string;
  description: string;
  /** Coordinates when the upstream gives them (else the ZIP centroid places the site). */
  latitude?: number | null;
  longitude?: number | null;
}

export interface SiteGroup<R> {
  siteNo: string;
  siteName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude?: number | null;
  longitude?: number | null;
  csNos: string[];
  count: number;
  rows: R[];
}

export const ALL_DESCRIPTIONS = 'All';

/** The dropdown's options: distinct descriptions sorted, 'All' first when more than one. */
export function descriptionOptions(descriptions: Iterable<string>): string[] {
  const list = [...new Set([...descriptions].filter(Boolean))].sort((a, b) => a.localeCompare(b));
  return list.length > 1 ? [ALL_DESCRIPTIONS, ...list] : list;
}

/** Groups rows by site, most rows first, then by name. */
export function groupBySite<R>(
  rows: readonly R[],
  read: (r: R) => SiteRowLike,
  description: string = ALL_DESCRIPTIONS,
): SiteGroup<R>[] {
  const groups = new Map<string, SiteGroup<R>>();
  for (const r of rows) {
    const s = read(r);
    if (description !== ALL_DESCRIPTIONS && s.description !== description) continue;
    let g = groups.get(s.siteNo);
    if (!g) {
      g = {
        siteNo: s.siteNo,
        siteName: s.siteName,
        address: [s.address1, s.address2].filter(Boolean).join(', '),
        city: s.city,
        state: s.state,
        zip: s.zip,
        latitude: s.latitude,
        longitude: s.longitude,
        csNos: [],
        count: 0,
        rows: [],
      };
      groups.set(s.siteNo, g);
    }
    g.count++;
    g.rows.push(r);
    if (!g.csNos.includes(s.csNo)) g.csNos.push(s.csNo);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.siteName.localeCompare(b.siteName));
}

/** The one-line address of a group, for tooltips and external map links. */
export function fullAddress(g: Pick<SiteGroup<unknown>, 'address' | 'city' | 'state' | 'zip'>): string {
  return [g.address, g.city, [g.state, g.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** A link to see the place on an external map (opened by the user, never fetched by us). */
export function externalMapUrl(address: string, position?: readonly [number, number] | null): string {
  const q = position ? `${position[1]},${position[0]}` : address;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(q)}`;
}
