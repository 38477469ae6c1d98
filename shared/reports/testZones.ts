import { z } from 'zod';
import { MENU_IDS } from '../menu/menuCatalog';
import { showUpstreamTime } from '../onTest/siteDates';
import { allRows, type ScheduledReport } from '../schedules/scheduledReport';
import { testZonesReportRowSchema, type TestZonesReportRow } from '../upstream/onTestRows';
import { exportTableOf, type ReportColumn } from './reportColumns';

/**
 * The Test Zones Report (docs/product/live-alarms-and-testing.md#screens, Alarm Testing): its
 * columns, header and schedule.
 */

const textOf = (v: unknown) => (v == null ? '' : String(v));

/**
 * The Test Zones Report's columns (docs/product/live-alarms-and-testing.md#screens), as its dialog
 * shows and exports them.
 */
export const TEST_ZONES_COLUMNS: readonly (ReportColumn<TestZonesReportRow> & {
  id: keyof TestZonesReportRow;
  width: number;
})[] = [
  { id: 'system_no', label: 'System No', width: 100, value: (r) => r.system_no },
  { id: 'cs_no', label: 'CS#', width: 95, value: (r) => r.cs_no },
  { id: 'zone_id', label: 'Zone Id', width: 90, value: (r) => r.zone_id },
  { id: 'zone_comment', label: 'Zone Comment', width: 200, value: (r) => textOf(r.zone_comment) },
  { id: 'event_id', label: 'Event Id', width: 85, value: (r) => textOf(r.event_id) },
  { id: 'event_descr', label: 'Event Description', width: 240, value: (r) => textOf(r.event_descr) },
  { id: 'zone_on_test', label: 'Zone On Test', width: 125, value: (r) => textOf(r.zone_on_test) },
  { id: 'signal_recd', label: 'Signal Received', width: 140, value: (r) => textOf(r.signal_recd) },
  { id: 'signal_date', label: 'Signal Date', width: 190, value: (r) => showUpstreamTime(r.signal_date) },
];

/** The Test Zones Report's header fields as its title line shows them. */
export function testZonesHeader(rows: readonly TestZonesReportRow[]): { siteName: string; header: string } {
  const first = rows[0];
  const siteName = first?.site_name ?? '';
  const address = [first?.site_addr1, first?.site_addr2, first?.city_name, first?.state_id]
    .filter((v) => v != null && v !== '')
    .join(', ');
  return { siteName, header: address };
}

/** The dialog's PDF: its columns at their own widths (not the report grid's 80-200 clamp). */
export function testZonesTable(rows: readonly TestZonesReportRow[], siteNo: string | null) {
  const { siteName, header } = testZonesHeader(rows);
  return {
    ...exportTableOf(
      { title: `Test Zones Report - ${siteName} - ${header}`, fileName: `TestZonesReport_${siteNo ?? ''}` },
      TEST_ZONES_COLUMNS,
      rows,
    ),
    columns: TEST_ZONES_COLUMNS.map((c) => ({ label: c.label, width: c.width })),
  };
}

export const testZonesSchedule: ScheduledReport<TestZonesReportRow> = {
  title: 'Test Zones Report',
  menu: [MENU_IDS.liveAlarmView, MENU_IDS.alarmTesting],
  needsSite: true,
  call: ({ siteNo }) => ({
    path: 'Report/GetTestZonesReport',
    query: { SiteNo: siteNo ?? '' },
    rows: z.array(testZonesReportRowSchema),
  }),
  // NOTE: the report is the site's zones now: it has no range, so every run sends the current state.
  inPeriod: allRows,
  table: (rows, { siteNo }) => testZonesTable(rows, siteNo),
};
