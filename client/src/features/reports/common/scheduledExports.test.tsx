import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { actualEventCountOf, actualEventRowSchema } from '../../../../../shared/reports/actualEvents';
import { dispatchCountOf, dispatchRowSchema } from '../../../../../shared/reports/agencyDispatch';
import { cancellationRowSchema } from '../../../../../shared/reports/alarmCancellation';
import { excessiveRowSchema } from '../../../../../shared/reports/excessiveAlarms';
import { cardTable, growthRecordSchema } from '../../../../../shared/reports/growth';
import { monthCounts } from '../../../../../shared/reports/growthMonths';
import { noActivityRowSchema } from '../../../../../shared/reports/noActivity';
import { optOutRowSchema } from '../../../../../shared/reports/optOut';
import { refusedEventSchema } from '../../../../../shared/reports/refusedDispatch';
import { runawayRowSchema } from '../../../../../shared/reports/runaway';
import { serviceRequestSchema, serviceSites } from '../../../../../shared/reports/serviceRequests';
import { siteCountSystems } from '../../../../../shared/reports/systemGroups';
import { unrestoredZoneSchema } from '../../../../../shared/reports/unrestoredZones';
import type { ReportPeriod, SchedulePeriod } from '../../../../../shared/schedules/scheduleRules';
import { SCHEDULED_REPORTS, type ScheduledReportId } from '../../../../../shared/schedules/scheduledReports';
import type { GridColumn } from '../../../components/grid/gridTypes';
import type { ExportTable } from '../../../reporting/export/exportFiles';
import { ReportGrid, type ReportGridApi } from '../../../reporting/ReportGrid';
import { activityColumns } from '../activity/activityColumns';
import { actualColumns, actualEventColumns } from '../actualEvents/actualColumns';
import { cancellationColumns } from '../alarmCancellation/cancellationColumns';
import { dispatchColumns, dispatchDetailColumns } from '../dispatches/dispatchColumns';
import { noActivityColumns } from '../noActivity/noActivityColumns';
import { optOutColumns } from '../optOut/optOutColumns';
import { refusedColumns, refusedDetailColumns } from '../refusedDispatch/refusedColumns';
import { runawayColumns } from '../runaway/runawayColumns';
import { serviceRequestColumns, serviceSiteColumns } from '../serviceRequests/serviceRequestColumns';
import { unrestoredColumns } from '../unrestoredZones/unrestoredColumns';
import { withLayoutSize } from '../../../lib/testing/renderWithProviders';

/**
 * Each schedulable Alarm Activity report: the file a scheduled e-mail attaches is the table the
 * screen's Export Excel and Export PDF build from the same upstream rows (its grid, with 'All'
 * cities and no sort), columns, widths, cells and detail rows alike.
 */

withLayoutSize({ clientHeight: 600, clientWidth: 1000 });
afterEach(cleanup);

const NOVEMBER: ReportPeriod = {
  from: Date.UTC(2026, 10, 1),
  to: Date.UTC(2026, 11, 1),
  fromDate: '2026-11-01',
  toDate: '2026-12-01',
  label: 'November 2026',
};

/** What the screen's export buttons take: the report grid's export table. */
function screenExport<R, D>(
  columns: readonly GridColumn<R>[],
  rows: readonly R[],
  detail?: { columns: readonly GridColumn<D>[]; rowsOf(row: R): readonly D[] },
): ExportTable {
  const api = createRef<ReportGridApi<R>>();
  render(
    <ReportGrid<R, D>
      label="Report"
      columns={columns}
      rows={rows}
      getRowId={(r) => String(rows.indexOf(r))}
      detail={detail && { ...detail, label: 'Detail', getRowId: (d) => JSON.stringify(d) }}
      apiRef={api}
    />,
  );
  return api.current!.exportTable({ title: 'Report', fileName: 'Report' });
}

/** The scheduled run's file table, from the same rows as the run reads them. */
function scheduledTable(id: ScheduledReportId, rows: unknown[], every: SchedulePeriod = 'month') {
  const report = SCHEDULED_REPORTS[id] as unknown as {
    inPeriod(rows: unknown[], p: ReportPeriod): unknown[];
    table(rows: readonly unknown[], p: object): ExportTable;
  };
  return report.table(report.inPeriod(rows, NOVEMBER), { siteNo: null, period: NOVEMBER, every });
}

const sameTable = (a: ExportTable, b: ExportTable) => {
  expect(a.columns).toEqual(b.columns);
  expect(a.cells).toEqual(b.cells);
  expect(a.details ?? []).toEqual(b.details ?? []);
  expect(a.cells.length).toBeGreaterThan(0);
};

const site = (n: number, more: Record<string, unknown> = {}) => ({
  site_no: 500 + n,
  system_no: 700 + n,
  cs_no: `C${1000 + n}`,
  site_name: n === 2 ? 'A site name long enough to need more than two hundred pixels' : `Site ${n}`,
  site_addr1: `${n} Main St`,
  site_addr2: n % 2 ? 'Suite 4' : null,
  city_name: n % 2 ? 'Irvine' : 'Torrance',
  state_id: 'CA',
  zip_code: 92600 + n,
  ...more,
});

describe('a scheduled report file is the screen export of the same rows', () => {
  it('Agency Dispatch: one row per system, its agencies under it', () => {
    const rows = dispatchRowSchema.array().parse([
      site(1, {
        event_date: '2026-11-03T10:00:00-08:00',
        agency_name: 'Irvine PD',
        agency_phone: '949-555-0100',
        effective_date: '2026-11-03T10:01:00-08:00',
        expire_date: '2026-11-03T11:00:00-08:00',
        comment: 'sent',
      }),
      site(2, {
        event_date: '2026-11-04T09:30:00-08:00',
        agency_name: 'Torrance FD',
        agency_phone: 310,
        effective_date: '2026-11-04T09:31:00-08:00',
        expire_date: '',
        comment: null,
      }),
      site(1, {
        event_date: '2026-11-05T22:00:00-08:00',
        agency_name: 'Irvine FD',
        agency_phone: '949-555-0101',
        effective_date: '2026-11-05T22:02:00-08:00',
        expire_date: '2026-11-05T23:00:00-08:00',
        comment: 'second',
      }),
    ]);
    sameTable(
      scheduledTable('dispatches', rows),
      screenExport(dispatchColumns, siteCountSystems(rows, dispatchCountOf), {
        columns: dispatchDetailColumns,
        rowsOf: (s) => s.details,
      }),
    );
  });

  it('Agency Dispatch: a run counts a system’s dispatches of its period only', () => {
    const rows = dispatchRowSchema
      .array()
      .parse([
        site(1, { event_date: '2026-11-03T10:00:00-08:00', signal_count: 3 }),
        site(1, { event_date: '2026-10-30T10:00:00-08:00', signal_count: 3 }),
        site(1, { event_date: '2026-12-01T00:10:00-08:00', signal_count: 3 }),
      ]);
    const table = scheduledTable('dispatches', rows);
    expect(table.cells).toEqual([['C1001', '1', 'Site 1', 'Irvine']]);
    expect(table.details?.[0]?.cells).toHaveLength(1);
  });

  it('Actuals: one row per system, its events under it', () => {
    const rows = actualEventRowSchema.array().parse([
      site(1, {
        event_count: 2,
        event_descr: 'Burglary',
        event_id: 'BA',
        event_date: '2026-11-02T01:02:03-08:00',
        alarminc_no: 1,
      }),
      site(2, {
        event_count: 1,
        event_descr: 'Fire',
        event_id: 'FA',
        event_date: '2026-11-09T04:05:06-08:00',
        alarminc_no: 2,
      }),
      site(1, {
        event_count: 2,
        event_descr: 'Panic',
        event_id: 'PA',
        event_date: '2026-11-10T07:08:09-08:00',
        alarminc_no: 3,
      }),
    ]);
    sameTable(
      scheduledTable('actualEvents', rows),
      screenExport(actualColumns, siteCountSystems(rows, actualEventCountOf), {
        columns: actualEventColumns,
        rowsOf: (s) => s.details,
      }),
    );
  });

  it('Agency Refused Dispatch: one row per account, its refusals under it', () => {
    const rows = refusedEventSchema.array().parse([
      site(1, {
        agency_name: 'Irvine PD',
        agency_phone: '949',
        employee_initials: 'JS',
        event_id: 'BA',
        event_descr: '',
        event_date: '2026-11-12T10:00:00-08:00',
      }),
      site(3, {
        agency_name: 'Irvine FD',
        agency_phone: '949',
        employee_initials: 'MK',
        event_id: 'FA',
        event_descr: 'Fire Alarm',
        event_date: '2026-11-13T10:00:00-08:00',
      }),
    ]);
    sameTable(
      scheduledTable('refusedDispatch', rows),
      screenExport(refusedColumns, siteCountSystems(rows), {
        columns: refusedDetailColumns,
        rowsOf: (s) => s.details,
      }),
    );
  });

  it('Customers Requesting Service: one row per site, its requests under it newest first', () => {
    const rows = serviceRequestSchema
      .array()
      .parse([
        site(1, { event_date: '2026-11-02T08:00:00-08:00', comment: 'Keypad beeps' }),
        site(1, { event_date: '2026-11-20T08:00:00-08:00', comment: 'Battery low' }),
        site(2, { event_date: '2026-11-21T08:00:00-08:00', comment: 'Camera offline' }),
      ]);
    const screen = screenExport(serviceSiteColumns, serviceSites(rows), {
      columns: serviceRequestColumns,
      rowsOf: (s) => s.details,
    });
    sameTable(scheduledTable('serviceRequests', rows), screen);
    expect(screen.details?.[0]?.cells.map((c) => c[2])).toEqual(['Battery low', 'Keypad beeps']);
  });

  it('Runaway Systems, Dispatch Cancellation, Excessive Alarm Accounts: every row as listed', () => {
    const runaway = runawayRowSchema
      .array()
      .parse([
        site(1, { sig_count: 40, servco_no: 21001, servco_name: 'Dealer' }),
        site(2, { sig_count: '12', servco_no: 21001, servco_name: 'Dealer' }),
      ]);
    sameTable(scheduledTable('runaway', runaway, 'day'), screenExport(runawayColumns, runaway));
    expect(scheduledTable('runaway', runaway, 'day').title).toBe('Runaway Systems - Last 24 hours');

    const cancelled = cancellationRowSchema
      .array()
      .parse([
        site(1, { sig_count: 2, comment: 'Cancelled by text' }),
        site(4, { sig_count: 1, comment: null }),
      ]);
    sameTable(scheduledTable('alarmCancellation', cancelled), screenExport(cancellationColumns, cancelled));

    const excessive = excessiveRowSchema
      .array()
      .parse([
        site(1, { event_count: 9, event_id: 'BA', event_desc: 'Burglary' }),
        site(1, { event_count: 3, event_id: 'VA', event_descr: 'Video Alarm' }),
        site(2, { event_count: 5, event_id: 'FA', event_descr: 'Fire' }),
      ]);
    sameTable(scheduledTable('excessiveAlarms', excessive), screenExport(activityColumns, excessive));
  });

  it('Unrestored Zones, Sites With No Alarm Activity, AASMS Opt-Out Request: every row as listed', () => {
    const zones = unrestoredZoneSchema.array().parse([
      site(1, {
        alt_id: 'A1',
        zone_id: 3,
        comment: 'Back door',
        zonestate_id: 'A',
        event_id: 'BA',
        event_descr: 'Burglary',
        late_date: '2026-11-20T03:04:05-08:00',
        equiploc_id: 'L1',
        descr: 'Rear',
      }),
      site(2, {
        alt_id: '',
        zone_id: 7,
        comment: '',
        zonestate_id: 'T',
        event_id: 'TA',
        event_descr: 'Tamper',
        late_date: '',
        equiploc_id: '',
        descr: '',
      }),
    ]);
    sameTable(scheduledTable('unrestoredZones', zones), screenExport(unrestoredColumns, zones));

    const quiet = noActivityRowSchema.array().parse([site(1, { phone1: '949-555-0199' }), site(2)]);
    sameTable(scheduledTable('noActivity', quiet), screenExport(noActivityColumns, quiet));

    const optOuts = optOutRowSchema.array().parse([
      { CsNo: 'C1001', ContactDetails: '9495550100', FirstName: 'Ann', LastName: 'Lee', SiteName: 'Site 1' },
      { CsNo: 1002, ContactDetails: null, FirstName: 'Bo', LastName: 'Park', SiteName: 'Site 2' },
    ]);
    sameTable(scheduledTable('optOut', optOuts), screenExport(optOutColumns, optOuts));
  });

  it('Growth & Attrition: the month card the screen exports', () => {
    const records = growthRecordSchema
      .array()
      .parse([{ servco_no: 21001, nov_add: 4, nov_can: 1, oct_add: 9 }]);
    const sent = scheduledTable('growth', records);
    const screen = cardTable('Current Month', 'Growth_Current_Month', monthCounts(records, 11));
    expect(sent.columns).toEqual(screen.columns);
    expect(sent.cells).toEqual([['4', '1', '3']]);
    expect(sent.title).toBe('Growth & Attrition - November 2026');
  });
});
