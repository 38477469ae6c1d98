/**
 * The site-count charts of Agency Dispatch, Actuals and Agency Refused Dispatch
 * (docs/product/reports-and-settings.md#screens): how many sites have each signal count, and the
 * 'CS# - site name' entries behind each point.
 */
export interface CountedSystem {
  csNo: string;
  siteName: string;
  signalCount: number;
}

export interface SiteCountPoint {
  signalCount: number;
  sites: number;
  /** 'CS# - site name', in CS# order. */
  entries: string[];
}

export function siteCounts(systems: readonly CountedSystem[]): SiteCountPoint[] {
  const byCount = new Map<number, string[]>();
  for (const s of systems) {
    const list = byCount.get(s.signalCount) ?? [];
    list.push(`${s.csNo} - ${s.siteName}`);
    byCount.set(s.signalCount, list);
  }
  return [...byCount.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([signalCount, entries]) => ({
      signalCount,
      sites: entries.length,
      entries: entries.sort((a, b) => a.localeCompare(b, undefined, { numeric: true })),
    }));
}
