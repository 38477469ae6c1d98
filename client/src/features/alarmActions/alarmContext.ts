import type { AlarmRef, AlarmUser } from '../../../../machines/alarmIncident';
import type { ActiveAlarmRow } from '../../../../shared/upstream/activeAlarmRow';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';

/** The fields of an active-alarm row the flows act on. */
export function alarmRefOf(row: ActiveAlarmRow): AlarmRef {
  return {
    alarminc_No: row.alarminc_No,
    cs_No: row.cs_No,
    site_No: row.site_No,
    system_No: row.system_No,
    event_Descr: row.event_Descr,
    alarm_event_id: row.alarm_event_id,
    site_Name: row.site_Name,
    install_Servco_No: row.install_Servco_No,
  };
}

/** The acting user as the payloads name it: contact number and full name. */
export function alarmUserOf(
  profile: Pick<PublicProfile, 'contactNumber' | 'firstName' | 'lastName'>,
): AlarmUser {
  const userName = [profile.firstName, profile.lastName]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
  return { contactNumber: String(profile.contactNumber), userName };
}

/**
 * The site's UTC offset in minutes as the alarm's own date spells it ('2026-11-21T10:00:00-05:00'),
 * or null when the date carries none. The upstream writes alarm dates in the site's time.
 */
export function siteOffsetOfDate(isoDate: string): number | null {
  const m = /(?:([+-])(\d{2}):?(\d{2})|Z)$/.exec(isoDate.trim());
  if (!m) return null;
  if (!m[1]) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}
