import { actualEventsSchedule } from '../reports/actualEvents';
import { agencyDispatchSchedule } from '../reports/agencyDispatch';
import { alarmCancellationSchedule } from '../reports/alarmCancellation';
import { excessiveAlarmsSchedule } from '../reports/excessiveAlarms';
import { growthSchedule } from '../reports/growth';
import { noActivitySchedule } from '../reports/noActivity';
import { optOutSchedule } from '../reports/optOut';
import { refusedDispatchSchedule } from '../reports/refusedDispatch';
import { runawaySchedule } from '../reports/runaway';
import { serviceRequestsSchedule } from '../reports/serviceRequests';
import { testZonesSchedule } from '../reports/testZones';
import { unrestoredZonesSchedule } from '../reports/unrestoredZones';

/**
 * The reports a dealer may have e-mailed on a schedule, as data: every Alarm Activity report and
 * the Test Zones Report. Each entry (shared/reports/<report>.ts) holds the upstream call its screen
 * makes, the rows of a run's period and its table, built from the column list the screen's grid
 * and export use. The bridge's scheduler and the screens' "Schedule e-mail" read this one table.
 */
export const SCHEDULED_REPORTS = {
  testZones: testZonesSchedule,
  actualEvents: actualEventsSchedule,
  runaway: runawaySchedule,
  serviceRequests: serviceRequestsSchedule,
  dispatches: agencyDispatchSchedule,
  refusedDispatch: refusedDispatchSchedule,
  alarmCancellation: alarmCancellationSchedule,
  excessiveAlarms: excessiveAlarmsSchedule,
  unrestoredZones: unrestoredZonesSchedule,
  noActivity: noActivitySchedule,
  optOut: optOutSchedule,
  growth: growthSchedule,
} as const;
export type ScheduledReportId = keyof typeof SCHEDULED_REPORTS;

export function isScheduledReport(id: string): id is ScheduledReportId {
  return Object.hasOwn(SCHEDULED_REPORTS, id);
}
