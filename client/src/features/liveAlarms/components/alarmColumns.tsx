import type { ActiveAlarmRow } from '../../../../../shared/upstream/activeAlarmRow';
import type { GridColumn, GridSort } from '../../../components/grid/gridTypes';
import { CsNoLink } from '../../../components/handoff/CsNoLink';
import type { AlarmThresholds } from '../model/alarmClock';
import type { Compare, SortKey } from '../../../lib/live/rowOrder';
import { formatElapsed, formatSiteDate, rowTime } from '../model/siteTime';
import { AlarmClock } from './AlarmClock';

export const alarmTime = (r: ActiveAlarmRow) => rowTime(r, (x) => x.alarm_Date);

/**
 * The active alarms' columns (docs/product/live-alarms-and-testing.md#screens), plus the live time
 * since the signal.
 */
export function alarmColumns(thresholds: AlarmThresholds): GridColumn<ActiveAlarmRow>[] {
  return [
    {
      id: 'cs_No',
      label: 'CS#',
      width: 120,
      render: (r) => <CsNoLink target={{ csNo: r.cs_No, siteNo: r.site_No, systemNo: r.system_No }} />,
    },
    {
      id: 'alarm_Date',
      label: 'Alarm Date and Time',
      width: 200,
      value: (r) => formatSiteDate(r.alarm_Date),
    },
    {
      id: 'sinceSignal',
      label: 'Since Signal',
      width: 120,
      value: (r) => formatElapsed(Date.now() - alarmTime(r).at),
      render: (r) => <AlarmClock row={r} thresholds={thresholds} />,
      align: 'end',
    },
    { id: 'event_Descr', label: 'Event Description', width: 220 },
    { id: 'site_Name', label: 'Site Name', width: 200 },
    { id: 'site_Addr1', label: 'Address1', width: 180 },
    { id: 'site_Addr2', label: 'Address2', width: 140 },
    { id: 'city_Name', label: 'City', width: 130 },
    { id: 'siteloc_Descr', label: 'Site Location', width: 160 },
  ];
}

export const ALARM_SORT_KEYS: Readonly<Record<string, (r: ActiveAlarmRow) => SortKey>> = {
  cs_No: (r) => r.cs_No,
  alarm_Date: (r) => alarmTime(r).at,
  // Longest waiting first when sorted descending: the older the signal, the larger the wait.
  sinceSignal: (r) => -alarmTime(r).at,
  event_Descr: (r) => r.event_Descr,
  site_Name: (r) => r.site_Name,
  site_Addr1: (r) => r.site_Addr1,
  site_Addr2: (r) => r.site_Addr2,
  city_Name: (r) => r.city_Name,
  siteloc_Descr: (r) => r.siteloc_Descr,
};

/** Sorted by alarm_Date descending by default (docs/product/live-alarms-and-testing.md#states). */
export const ALARM_DEFAULT_SORT: GridSort = { columnId: 'alarm_Date', direction: 'desc' };

export const alarmTieBreak: Compare<ActiveAlarmRow> = (a, b) =>
  alarmTime(b).at - alarmTime(a).at || Number(b.id) - Number(a.id);
