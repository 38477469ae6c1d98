import type { PushPreferences, QuietHours } from '../../shared/push/pushApi';

/** The part of a new alarm a subscription is matched on. */
export interface AlarmFacts {
  /** The feed's agency, and the alarm's installing company when the row names one. */
  agencyIds: readonly string[];
  /** The event description (`event_Descr`), as the upstream spells it. */
  type: string;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The wall-clock minute of the day at `at` in `timeZone`. */
function minuteOfDay(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/**
 * Whether `at` falls in the quiet hours, read on the clock of `timeZone`: from `from` (included)
 * to `to` (excluded), across midnight when `to` is earlier. Equal ends mean no quiet hours.
 */
export function inQuietHours(quiet: QuietHours | null, timeZone: string, at: number): boolean {
  if (!quiet) return false;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return false;
  const now = minuteOfDay(at, timeZone);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/** Whether a device that chose "Anomalies" hears a live anomaly of `agencyIds` at `at`. */
export function matchesAnomaly(prefs: PushPreferences, agencyIds: readonly string[], at: number): boolean {
  if (!prefs.anomalies || !agencyIds.some((id) => prefs.agencies.includes(id))) return false;
  return !inQuietHours(prefs.quietHours, prefs.timeZone, at);
}

/** Whether a device that chose `prefs` hears this alarm at `at`. */
export function matchesAlarm(prefs: PushPreferences, alarm: AlarmFacts, at: number): boolean {
  if (!alarm.agencyIds.some((id) => prefs.agencies.includes(id))) return false;
  const type = alarm.type.trim().toUpperCase();
  if (prefs.alarmTypes.length > 0 && !prefs.alarmTypes.includes(type)) return false;
  return !inQuietHours(prefs.quietHours, prefs.timeZone, at);
}
