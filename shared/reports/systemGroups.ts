/**
 * One report row per system (or site) with its detail rows underneath, as Agency Dispatch, Actuals,
 * Agency Refused Dispatch and Customers Requesting Service show and export them
 * (docs/product/reports-and-settings.md#screens).
 */
export interface SystemGroup<R> {
  /** The grouping key (system_no or site_no). */
  id: string;
  /** The first row: the system's own fields. */
  head: R;
  /** Every row of the system, in the order the call gave. */
  details: R[];
  /** The count the call gave, else the number of rows (the "derived signal_count"). */
  signalCount: number;
}

/** Rows grouped by a key, groups in the order their first row appears. */
export function groupRows<R>(rows: readonly R[], keyOf: (r: R) => string): Array<{ key: string; rows: R[] }> {
  const groups = new Map<string, R[]>();
  for (const r of rows) {
    const k = keyOf(r);
    const list = groups.get(k);
    if (list) list.push(r);
    else groups.set(k, [r]);
  }
  return [...groups.entries()].map(([key, list]) => ({ key, rows: list }));
}

export function groupSystems<R>(
  rows: readonly R[],
  keyOf: (r: R) => string,
  givenCount?: (r: R) => number | undefined,
): SystemGroup<R>[] {
  return groupRows(rows, keyOf).map(({ key, rows: details }) => {
    const given = givenCount?.(details[0]);
    return {
      id: key,
      head: details[0],
      details,
      signalCount: given != null && given > 0 ? given : details.length,
    };
  });
}

/** The systems of a site-count report (Agency Dispatch, Actuals, Agency Refused Dispatch). */
export function siteCountSystems<R extends { system_no: string; cs_no: string }>(
  rows: readonly R[],
  countOf?: (r: R) => number | undefined,
): SystemGroup<R>[] {
  return groupSystems(rows, (r) => r.system_no || r.cs_no, countOf);
}
