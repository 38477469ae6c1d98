import type { ExcessiveRow } from '../../../../../shared/reports/excessiveAlarms';
import { signalSeriesColours } from '../../../reporting/signalSeriesColours';

/**
 * Excessive Alarm Accounts (docs/product/reports-and-settings.md#screens): the VA switch, the chart
 * per account, the map's groups.
 */

/** 'Show Only VA Events' keeps the rows whose event id is VA. */
export const isVaRow = (r: ExcessiveRow): boolean => r.event_id === 'VA';

export function withVaSwitch(rows: readonly ExcessiveRow[], vaOnly: boolean): readonly ExcessiveRow[] {
  return vaOnly ? rows.filter(isVaRow) : rows;
}

/**
 * The bar chart: one bar per account, stacked by signal type, so a bar's tooltip names the
 * account and the signal type. Accounts in the order of their first row (most signals first).
 * A signal type wears its event type's colour of the live screens where it can.
 */
export function signalsPerAccount(rows: readonly ExcessiveRow[]) {
  const accounts = new Map<string, number>();
  const types = new Map<string, { eventType: string; values: number[] }>();
  for (const r of rows) {
    let a = accounts.get(r.cs_no);
    if (a === undefined) accounts.set(r.cs_no, (a = accounts.size));
    const type = r.event_descr || r.event_id;
    let t = types.get(type);
    if (!t) types.set(type, (t = { eventType: r.eventrpt_id, values: [] }));
    t.values[a] = (t.values[a] ?? 0) + r.event_count;
  }
  const colours = signalSeriesColours([...types.values()].map((t) => t.eventType));
  return {
    accounts: [...accounts.keys()],
    series: [...types].map(([label, { values }], k) => ({
      label,
      colour: colours[k],
      values: Array.from({ length: accounts.size }, (_, i) => values[i] ?? 0),
    })),
  };
}

/** The 'More details' dialog's fields; Signal Count only when present. */
export function moreDetails(r: ExcessiveRow): Array<[string, string]> {
  const fields: Array<[string, string]> = [
    ['CS#', r.cs_no],
    ['Site Name', r.site_name],
    ['Site Address', [r.site_addr1, r.site_addr2].filter(Boolean).join(', ')],
    ['City', r.city_name],
  ];
  if (r.event_count) fields.push(['Signal Count', String(r.event_count)]);
  return fields;
}
