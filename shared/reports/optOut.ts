import { z } from 'zod';
import { MENU_IDS } from '../menu/menuCatalog';
import { allRows, titleOf, type ScheduledReport } from '../schedules/scheduledReport';
import { exportTableOf, field, type ReportColumn } from './reportColumns';
import { listOf, text } from './rowFields';

/**
 * AASMS Opt-Out Request (docs/product/reports-and-settings.md#screens, /optOutUsersReport): its
 * rows, columns and schedule.
 */

/** Opt-out row (docs/product/reports-and-settings.md#entities). */
export const optOutRowSchema = z.object({
  CsNo: text,
  ContactDetails: text,
  FirstName: text,
  LastName: text,
  SiteName: text,
});
export type OptOutRow = z.infer<typeof optOutRowSchema>;

/**
 * The alarm-incident gateway's method (docs/product/reports-and-settings.md#calls): arguments
 * [servco_no]; the answer's Result.
 */
export const OPT_OUT_METHOD = 'GetOptOutListByServcoNo';

/** The five columns (docs/product/reports-and-settings.md#screens). */
export const OPT_OUT_COLUMNS: readonly ReportColumn<OptOutRow>[] = [
  field('CsNo', 'CS#'),
  field('ContactDetails', 'Phone#'),
  field('FirstName', 'First Name'),
  field('LastName', 'Last Name'),
  field('SiteName', 'Site Name'),
];

/** NOTE: the list is the requests standing now; it has no range, so every run sends all of it. */
export const optOutSchedule: ScheduledReport<OptOutRow> = {
  title: 'AASMS Opt-Out Request',
  menu: [MENU_IDS.optOut],
  needsSite: false,
  call: ({ agencyId }) => ({
    gateway: { methodName: OPT_OUT_METHOD, arguments: [agencyId] },
    rows: listOf(optOutRowSchema),
  }),
  inPeriod: allRows,
  table: (rows) =>
    exportTableOf(
      { title: titleOf('AASMS Opt-Out Request', null), fileName: 'AASMS_Opt_Out_Request' },
      OPT_OUT_COLUMNS,
      rows,
    ),
};
