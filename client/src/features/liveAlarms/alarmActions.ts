import type { ActiveAlarmRow } from '../../../../shared/upstream/activeAlarmRow';

/**
 * The entry points of the alarm row actions whose flows belong to their own issue (dispatch,
 * cancel, alarm details, place on test from an alarm). The Live Alarm View draws the buttons
 * and calls `onAlarmAction(kind, row)`; the app passes the handler that opens each flow.
 * Directions and 'more details' are handled here.
 */
export type AlarmActionKind = 'requestDispatch' | 'cancelDispatch' | 'alarmDetails' | 'placeOnTest';

export type OnAlarmAction = (kind: AlarmActionKind, row: ActiveAlarmRow) => void;

export const ALARM_ACTION_LABELS: Readonly<Record<AlarmActionKind, string>> = {
  requestDispatch: 'Request Dispatch',
  cancelDispatch: 'Cancel Dispatch',
  alarmDetails: 'Alarm Details',
  placeOnTest: 'Place On Test',
};
