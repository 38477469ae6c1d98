import { z } from 'zod';
import { MENU_IDS } from '../menu/menuCatalog';
import { allRows, titleOf, type ScheduledReport } from '../schedules/scheduledReport';
import { exportTableOf, field, type ReportColumn } from './reportColumns';
import { formatReportDate } from './reportDates';
import { listOf, text } from './rowFields';

/**
 * Unrestored Zones (docs/product/reports-and-settings.md#screens, /unrestoredzones): its rows,
 * columns and schedule.
 */

/** Unrestored zone (docs/product/reports-and-settings.md#entities). */
export const unrestoredZoneSchema = z.object({
  cs_no: text,
  site_no: text,
  system_no: text,
  site_name: text,
  alt_id: text,
  zone_id: text,
  comment: text,
  zonestate_id: text,
  event_id: text,
  event_descr: text,
  late_date: text,
  equiploc_id: text,
  descr: text,
  site_addr1: text,
  city_name: text,
});
export type UnrestoredZone = z.infer<typeof unrestoredZoneSchema>;

/** GET Report/GetUnrestoredZonesReport with ServcoNo. */
export const UNRESTORED_ZONES_PATH = 'Report/GetUnrestoredZonesReport';
export const unrestoredZonesQuery = (servcoNo: string) => ({ ServcoNo: servcoNo });

/**
 * The twelve columns after the more-details button (docs/product/reports-and-settings.md#screens).
 */
export const UNRESTORED_COLUMNS: readonly ReportColumn<UnrestoredZone>[] = [
  { id: 'csNo', label: 'CS#', value: (r) => r.cs_no },
  field('site_name', 'Site Name'),
  field('alt_id', 'Alt Id'),
  field('zone_id', 'Zone Id'),
  field('comment', 'Comment'),
  field('zonestate_id', 'Zone State Id'),
  field('event_id', 'Event Id'),
  field('event_descr', 'Event Description'),
  { id: 'late_date', label: 'Late Date', value: (r) => formatReportDate(r.late_date) },
  field('equiploc_id', 'Equiploc Id'),
  field('descr', 'Description'),
];

/** NOTE: the report is the zones unrestored now; it has no range, so every run sends that. */
export const unrestoredZonesSchedule: ScheduledReport<UnrestoredZone> = {
  title: 'Unrestored Zones',
  menu: [MENU_IDS.unrestoredZones],
  needsSite: false,
  call: ({ agencyId }) => ({
    path: UNRESTORED_ZONES_PATH,
    query: unrestoredZonesQuery(agencyId),
    rows: listOf(unrestoredZoneSchema),
  }),
  inPeriod: allRows,
  table: (rows) =>
    exportTableOf(
      { title: titleOf('Unrestored Zones', null), fileName: 'Unrestored_Zones' },
      UNRESTORED_COLUMNS,
      rows,
    ),
};
