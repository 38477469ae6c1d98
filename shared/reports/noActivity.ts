import { z } from 'zod';
import { MENU_IDS } from '../menu/menuCatalog';
import { allRows, titleOf, type ScheduledReport } from '../schedules/scheduledReport';
import { exportTableOf, field, type ReportColumn } from './reportColumns';
import { listOf, siteFields, text } from './rowFields';

/**
 * Sites With No Alarm Activity (docs/product/reports-and-settings.md#screens, /noactivityreport):
 * its rows, columns and schedule.
 */

/** No-activity row (docs/product/reports-and-settings.md#entities). */
export const noActivityRowSchema = z.object({ ...siteFields, cs_no: text, phone1: text });
export type NoActivityRow = z.infer<typeof noActivityRowSchema>;

/** DateType options (docs/product/reports-and-settings.md#screens): label and the value sent. */
export const DATE_TYPES = [
  { value: 'Select', label: 'Select' },
  { value: 'Month', label: 'Month' },
  { value: 'Year', label: 'Year' },
  { value: 'Quarter', label: 'Quarter' },
  { value: '3Day', label: '3-Days' },
] as const;
export type DateType = (typeof DATE_TYPES)[number]['value'];

export interface NoActivityQuery {
  servcoNo: string;
  csNo: string;
  dateType: DateType;
  /** MM/dd/yyyy, sent only when dateType is Select. */
  selectedDate: string;
}

/** GET Home/GetNoActivityReport with csNo, dateType, startDate (absent fields left out). */
export const NO_ACTIVITY_PATH = 'Home/GetNoActivityReport';
export function noActivityQuery(q: NoActivityQuery): Record<string, string> {
  const query: Record<string, string> = { ServcoNo: q.servcoNo, dateType: q.dateType };
  if (q.csNo.trim()) query.csNo = q.csNo.trim();
  if (q.dateType === 'Select') query.startDate = q.selectedDate;
  return query;
}

/** The results grid (docs/product/reports-and-settings.md#screens). */
export const NO_ACTIVITY_COLUMNS: readonly ReportColumn<NoActivityRow>[] = [
  { id: 'csNo', label: 'CS#', value: (r) => r.cs_no },
  field('site_name', 'Site Name'),
  field('phone1', 'Phone'),
  field('site_addr1', 'Address1'),
  field('site_addr2', 'Address2'),
  field('city_name', 'City'),
  field('state_id', 'State'),
  field('zip_code', 'Zip Code'),
];

/** YYYY-MM-DD to the picker's MM/dd/yyyy. */
const pickerDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * NOTE: the screen's Select date type asks for the sites with no alarm since a date: a run asks
 * since the first day of its period, for every account (no CS#).
 */
export const noActivitySchedule: ScheduledReport<NoActivityRow> = {
  title: 'Sites With No Alarm Activity',
  menu: [MENU_IDS.noActivity],
  needsSite: false,
  call: ({ agencyId, span }) => ({
    path: NO_ACTIVITY_PATH,
    query: noActivityQuery({
      servcoNo: agencyId,
      csNo: '',
      dateType: span ? 'Select' : 'Month',
      selectedDate: span ? pickerDate(span.fromDate) : '',
    }),
    rows: listOf(noActivityRowSchema),
  }),
  inPeriod: allRows,
  table: (rows, { period }) =>
    exportTableOf(
      {
        title: titleOf(
          'Sites With No Alarm Activity',
          null,
          period ? `since ${pickerDate(period.fromDate)}` : undefined,
        ),
        fileName: 'Sites_With_No_Alarm_Activity',
      },
      NO_ACTIVITY_COLUMNS,
      rows,
    ),
};
