import type { z } from 'zod';
import type { ExportTable } from '../export/workbook';
import type { ReportPeriod, SchedulePeriod } from './scheduleRules';

/**
 * What makes a report schedulable, as data: the upstream call its screen makes (same path, same
 * parameters), the rows of the run's period, and its table built from the screen's own column
 * list (shared/reports). The bridge's scheduler reads the table of these (scheduledReports.ts).
 */

/** One upstream call as the screen's api file makes it: an enveloped path, or a gateway method. */
export type ReportCall<R> = (
  | { path: string; query: Record<string, string> }
  /** `POST MASAPI/APIRequest` (the alarm-incident gateway): its method and arguments. */
  | { gateway: { methodName: string; arguments: unknown[] } }
) & {
  rows: z.ZodType<R[]>;
  /** Where the list is inside the result. */
  pick?(result: unknown): unknown;
};

export interface ReportCallInput {
  agencyId: string;
  siteNo: string | null;
  period: SchedulePeriod;
  /** The span the run reports (null for a report of a site "now"). */
  span: ReportPeriod | null;
}

export interface ReportTableInput {
  siteNo: string | null;
  /** The span the run reports (null for a report of a site "now"). */
  period: ReportPeriod | null;
  /** How often the schedule runs: which range tab a report without dated rows was read with. */
  every: SchedulePeriod;
}

/** A schedulable report: its call, its rows cut to the period, its table. */
export interface ScheduledReport<R> {
  title: string;
  /** Menu items any of which lets the owner read it (shared/menu/upstreamMenuNeeds.ts). */
  menu: readonly string[];
  needsSite: boolean;
  call(p: ReportCallInput): ReportCall<R>;
  /** Rows of the period, when the rows carry their date; the call's range covers it. */
  inPeriod(rows: R[], period: ReportPeriod): R[];
  table(rows: readonly R[], p: ReportTableInput): ExportTable;
}

/** Whether a row's date (its site's wall clock digits) falls on the period's calendar days. */
export function inDates(date: string, p: ReportPeriod): boolean {
  const day = date.slice(0, 10);
  return day >= p.fromDate && day < p.toDate;
}

/** Every row: a report whose rows carry no date (a count over the range, or the state now). */
export const allRows = <R>(rows: R[]): R[] => rows;

/**
 * The range tab a period is read with: the upstream's reports take their tabs' range keys
 * (docs/product/reports-and-settings.md#constants), not dates, so the shortest tab of the screen's
 * list that covers the period is asked and dated rows are then cut to it. A monthly run on the 31st
 * reads back up to 62 days.
 */
export const LIST1_RANGE: Record<SchedulePeriod, string> = { day: '1week', week: '1week', month: 'last90' };
/** List 4 (and List 1 without '1week'): Last 30 Days is the shortest tab. */
export const LIST4_RANGE: Record<SchedulePeriod, string> = { day: 'last30', week: 'last30', month: 'last90' };

/** The title of a run's file: the report, and the period it covers when it has one. */
export const titleOf = (title: string, period: ReportPeriod | null, covers?: string): string =>
  covers ? `${title} - ${covers}` : period ? `${title} - ${period.label}` : title;

/** What a pick answers for a result of another shape: no list schema accepts it. */
const NOT_THE_ANSWERS_SHAPE = Symbol('not an object');

/**
 * Reads one field of a call's result (the list inside `{ excessivedispatchResult: [...] }`). No
 * result is no rows; a result of another shape (text, a list, a number) is refused by the rows'
 * schema, never read as an empty report (a scheduled e-mail would go out empty without a word).
 */
export function pickField(name: string): (result: unknown) => unknown {
  return (result) => {
    if (result == null) return undefined;
    return typeof result === 'object' && !Array.isArray(result)
      ? (result as Record<string, unknown>)[name]
      : NOT_THE_ANSWERS_SHAPE;
  };
}
