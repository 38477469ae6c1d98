/**
 * Which time-range list (docs/product/reports-and-settings.md#constants, Lists 1-4, from the
 * runtime configuration) each report's tabs come from. The spec does not show it; docs/decisions.md
 * says why each report has its list.
 */
import {
  DEFAULT_RANGE_LISTS,
  type RangeListId,
  type RangeLists,
  type RangeOption,
} from '../lib/config/rangeListsConfig';

export type { RangeListId, RangeLists, RangeOption };
export { DEFAULT_RANGE_LISTS };

/** The reports with range tabs, by the route they live on. */
export type RangedReport =
  | 'activity'
  | 'dispatches'
  | 'actualEvents'
  | 'agencyrefuseddispatch'
  | 'discrepancies'
  | 'smstextalarmsignalcustomer'
  | 'service-requests';

/**
 * Which list each report's tabs come from (the spec does not show it; docs/decisions.md says
 * why). `omit` drops entries by key (Excessive Alarm Accounts leaves out '1week').
 */
export const REPORT_RANGE_LISTS: Record<RangedReport, { list: RangeListId; omit?: readonly string[] }> = {
  activity: { list: 'list1', omit: ['1week'] },
  dispatches: { list: 'list1' },
  actualEvents: { list: 'list1' },
  agencyrefuseddispatch: { list: 'list4' },
  'service-requests': { list: 'list4' },
  discrepancies: { list: 'list2' },
  smstextalarmsignalcustomer: { list: 'list3' },
};

/** The tabs of a report, in the list's order. */
export function rangesFor(lists: RangeLists, report: RangedReport): readonly RangeOption[] {
  const { list, omit = [] } = REPORT_RANGE_LISTS[report];
  const shown = lists[list].filter((r) => !omit.includes(r.key));
  return shown.length > 0 ? shown : DEFAULT_RANGE_LISTS[list].filter((r) => !omit.includes(r.key));
}

/** A range key from a deep link, kept only when the report offers it; else the first tab. */
export function pickRange(ranges: readonly RangeOption[], wanted: string | null | undefined): string {
  return ranges.find((r) => r.key === wanted)?.key ?? ranges[0]?.key ?? '';
}
