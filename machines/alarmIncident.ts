import { z } from 'zod';
import type { ActiveAlarmRow } from '../shared/upstream/activeAlarmRow';
import type { GatewayAnswer } from '../shared/upstream/envelope';
import { UNABLE_TO_PROCESS } from './messages';

/**
 * What the dispatch and cancel machines share: the alarm they act on, the acting user, and the
 * inputs and outputs of the effects both chains call
 * (docs/product/live-alarms-and-testing.md#entities, #states, #calls).
 */

/** The active-alarm row fields the flows need, spelled as the upstream spells them. */
export type AlarmRef = Pick<
  ActiveAlarmRow,
  | 'alarminc_No'
  | 'cs_No'
  | 'site_No'
  | 'system_No'
  | 'event_Descr'
  | 'alarm_event_id'
  | 'site_Name'
  | 'install_Servco_No'
>;

export interface AlarmUser {
  contactNumber: string;
  userName: string;
}

/**
 * Default site UTC offset in dispatch payloads (docs/product/live-alarms-and-testing.md#constants).
 */
export const DEFAULT_SITE_UTC_OFFSET = -480;

/**
 * NOTE: the spec does not show the values of the dispatch-type and device constants
 * (docs/product/live-alarms-and-testing.md#constants); these are the project's, and the bridge may
 * map them to what the upstream expects.
 */
export const DISPATCH_TYPE = {
  responding: 'DispatchWithResponder',
  notResponding: 'Dispatch',
  cancel: 'Cancel',
} as const;
export type DispatchType = (typeof DISPATCH_TYPE)[keyof typeof DISPATCH_TYPE];
export const DEVICE_TYPE = 'Web';

/** Input of `lookupIncident` (gateway method GetAlarmIncidentServiceDetails). Output: `GatewayAnswer`. */
export interface IncidentLookupInput {
  siteNo: string;
  systemNo: string;
  csNo: string;
}

/**
 * Input of `callDispatch` (CallDispatch) and `clearAlarm` (ClearAlarm): the cancel/request dispatch
 * payload of docs/product/live-alarms-and-testing.md#entities. The bridge adds the constants and
 * the PIN, which never reach the browser. Output: `GatewayAnswer`.
 */
export interface AlarmActionRequest {
  SiteNo: string;
  SystemNo: string;
  ContactNo: string;
  Comment: string;
  CSNo: string;
  SiteName: string;
  UserName: string;
  InstallServcoNo: string;
  SiteUTCOffset: number;
  AlarmincNo: string;
  EventId: string;
  EventDescription: string;
  /** The `Result` of the incident lookup, passed on untouched. */
  Incident: unknown;
}
export interface DispatchRequest extends AlarmActionRequest {
  WillRespond: boolean;
}

/**
 * Input of `notify` (POST Alarm/CancelNotification): the notification payload of
 * docs/product/live-alarms-and-testing.md#entities without CyberPin, CreatedDate and ModifiedDate,
 * which the bridge fills in.
 */
export interface AlarmNotification {
  AlarmincNo: string;
  EventId: string;
  AlarmDescription: string;
  SiteNo: string;
  SystemNo: string;
  SiteUserContactNumber: string;
  CS_No: string;
  MoreInfo: string;
  CanceledBy: string;
  SiteName: string;
  InstallServcoNo: string;
  IsCancelSMSLink: boolean;
  DispatchType: DispatchType;
  /** Dispatch only. */
  UserComments?: string;
}
/** Output of `notify`: the HTTP status of the notification call and any text it answered. */
export interface NotifyOutput {
  status: number;
  text?: string | null;
}

/** Input of `refreshAlarms`: reload the active alarms after a dispatch or cancel. Output: void. */
export interface RefreshAlarmsInput {
  reason: 'dispatch' | 'cancel';
  alarmincNo: string;
}

export function incidentLookupInput(alarm: AlarmRef): IncidentLookupInput {
  return { siteNo: alarm.site_No, systemNo: alarm.system_No, csNo: alarm.cs_No };
}

export function alarmActionRequest(
  alarm: AlarmRef,
  user: AlarmUser,
  comment: string,
  siteUtcOffset: number,
  incident: unknown,
): AlarmActionRequest {
  return {
    SiteNo: alarm.site_No,
    SystemNo: alarm.system_No,
    ContactNo: user.contactNumber,
    Comment: comment,
    CSNo: alarm.cs_No,
    SiteName: alarm.site_Name ?? '',
    UserName: user.userName,
    InstallServcoNo: alarm.install_Servco_No ?? '',
    SiteUTCOffset: siteUtcOffset,
    AlarmincNo: alarm.alarminc_No,
    EventId: alarm.alarm_event_id ?? '',
    EventDescription: alarm.event_Descr ?? '',
    Incident: incident,
  };
}

export function alarmNotification(
  alarm: AlarmRef,
  user: AlarmUser,
  dispatchType: DispatchType,
  userComments?: string,
): AlarmNotification {
  return {
    AlarmincNo: alarm.alarminc_No,
    EventId: alarm.alarm_event_id ?? '',
    AlarmDescription: alarm.event_Descr ?? '',
    SiteNo: alarm.site_No,
    SystemNo: alarm.system_No,
    SiteUserContactNumber: user.contactNumber,
    CS_No: alarm.cs_No,
    MoreInfo: DEVICE_TYPE,
    CanceledBy: user.userName,
    SiteName: alarm.site_Name ?? '',
    InstallServcoNo: alarm.install_Servco_No ?? '',
    IsCancelSMSLink: false,
    DispatchType: dispatchType,
    ...(userComments === undefined ? {} : { UserComments: userComments }),
  };
}

/**
 * The notification call succeeds on status 200 (docs/product/live-alarms-and-testing.md#calls);
 * otherwise its text, or the generic one.
 */
export function notifyErrorText(out: NotifyOutput): string | null {
  if (out.status === 200) return null;
  return out.text && out.text.trim() !== '' ? out.text : UNABLE_TO_PROCESS;
}

const inDoubtResult = z.object({ status: z.literal('IN_DOUBT') });

/**
 * The bridge could not tell whether the upstream carried the action out (its answer was lost or
 * unreadable, and the alarm's state did not say): the user is asked to check the alarm.
 */
export const alarmActionInDoubt = (answer: GatewayAnswer): boolean =>
  inDoubtResult.safeParse(answer.Result).success;

/** The gateway says the alarm is no longer active: someone else dispatched or cleared it. */
export const alarmAlreadyCleared = (answer: GatewayAnswer): boolean => answer.IsAlarmCleared === true;
