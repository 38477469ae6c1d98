import type { ActiveAlarmRow } from '../../../../../shared/upstream/activeAlarmRow';
import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';

/** Builds event rows for the tests: times as the upstream writes them, with the site's offset. */
export function eventRow(
  over: Partial<EventLogRow> & { id: string },
  at = Date.UTC(2026, 10, 21, 20, 0, 0),
  offsetMin = -480,
): EventLogRow {
  return {
    eventDate: isoWithOffset(at, offsetMin),
    eventDateTime: null,
    eventrpt_id: 'B',
    event_Id: 'BA',
    description: 'BURGLARY',
    isTestCleared: 'Y',
    cS_: 'C10001',
    site_no: '100001',
    system_No: '200001',
    siteName: 'Site',
    address1: '1 Main St',
    address2: null,
    city: 'Irvine',
    state: 'CA',
    zipcode: '92618',
    color: null,
    colorCode: null,
    ...over,
  };
}

/** Builds an active alarm of agency 100 for the tests: a burglary at `at`, its site and system named by `id`. */
export function alarmRow(id: string, at: number, over: Partial<ActiveAlarmRow> = {}): ActiveAlarmRow {
  return {
    id,
    cs_No: `C${id}`,
    alarm_Date: isoWithOffset(at, -480),
    event_Descr: 'BURGLARY',
    site_Name: `Site ${id}`,
    site_Addr1: null,
    site_Addr2: null,
    city_Name: null,
    siteloc_Descr: null,
    site_No: id,
    system_No: id,
    state_Id: null,
    zipcode: null,
    install_Servco_No: '100',
    color: null,
    color_Code: null,
    alarminc_No: `9${id}`,
    alarm_event_id: 'BA',
    ...over,
  };
}

export function isoWithOffset(at: number, offsetMin: number): string {
  const d = new Date(at + offsetMin * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}T${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}${sign}${p(Math.floor(abs / 60))}:${p(abs % 60)}`;
}
