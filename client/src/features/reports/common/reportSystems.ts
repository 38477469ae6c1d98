import { groupRows } from './siteCounts';

/**
 * One grid row per system (or site) with its detail rows underneath, as Agency Dispatch, Actuals,
 * Agency Refused Dispatch and Customers Requesting Service show them (doc 3 §2).
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
