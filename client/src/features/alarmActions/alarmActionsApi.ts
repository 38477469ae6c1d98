import { z } from 'zod';
import type {
  AlarmActionRequest,
  AlarmNotification,
  DispatchRequest,
  IncidentLookupInput,
  NotifyOutput,
} from '../../../../machines/alarmIncident';
import type {
  CodewordCheck,
  ManualSignalInput,
  ManualSignalOutput,
} from '../../../../machines/cancel/cancelDispatchMachine';
import type {
  OnTestSaveInput,
  SaveOnTestAnswer,
  TestCategory,
} from '../../../../machines/placeOnTest/onTest';
import {
  gatewayAnswerSchema,
  type GatewayAnswer,
  type GatewayMethod,
} from '../../../../shared/upstream/envelope';
import { get, getEnvelope, post } from '../../lib/api/apiClient';
import {
  codewordCheckOf,
  codewordCheckOfFailure,
  gatewayAnswerOfFailure,
  manualSignalOutputOf,
  manualSignalOutputOfFailure,
  notifyOutputOf,
  notifyOutputOfFailure,
  saveOnTestAnswerOf,
  saveOnTestAnswerOfFailure,
  testCategoriesSchema,
} from './alarmAnswers';

/**
 * The bridge calls of the alarm flows (docs/product/live-alarms-and-testing.md#calls). The dialogs
 * never call these themselves: the flow machines run them as their actors (alarmActors.ts). Writes
 * take no abort signal: once sent, a dispatch or cancel is carried through even if the dialog
 * closes.
 */

function gateway(methodName: GatewayMethod, args: unknown[], signal?: AbortSignal): Promise<GatewayAnswer> {
  return post(
    '/api/MASAPI/APIRequest',
    { methodName, arguments: args },
    { schema: gatewayAnswerSchema(), signal },
  ).catch(gatewayAnswerOfFailure);
}

/** GetAlarmIncidentServiceDetails (site, system, CS no). */
export const lookupIncident = (input: IncidentLookupInput, signal?: AbortSignal) =>
  gateway('GetAlarmIncidentServiceDetails', [input.siteNo, input.systemNo, input.csNo], signal);

/**
 * CallDispatch and ClearAlarm take the request as one object argument; the bridge writes the PIN
 * into it and lets one action per alarm through.
 */
export const callDispatch = (request: DispatchRequest) =>
  gateway('CallDispatch', [{ ...request, pin: null }]);
export const clearAlarm = (request: AlarmActionRequest) => gateway('ClearAlarm', [{ ...request, pin: null }]);

/** POST Alarm/CancelNotification; the bridge fills CyberPin, CreatedDate and ModifiedDate. */
export function notify(notification: AlarmNotification): Promise<NotifyOutput> {
  const now = new Date().toISOString();
  return post('/api/Alarm/CancelNotification', { ...notification, CreatedDate: now, ModifiedDate: now }).then(
    notifyOutputOf,
    notifyOutputOfFailure,
  );
}

/** GET alarm/SetManualSignal (event 4618 after a cancel). */
export function setManualSignal(input: ManualSignalInput): Promise<ManualSignalOutput> {
  return get('/api/alarm/SetManualSignal', {
    query: { CsNo: input.csNo, Comment: input.comment, EventId: input.eventId, SiteNo: input.siteNo },
  }).then(manualSignalOutputOf, manualSignalOutputOfFailure);
}

/** The bridge compares the entry with the codeword it holds; the codeword never reaches the browser. */
export function verifyCodeword(codeword: string, signal?: AbortSignal): Promise<CodewordCheck> {
  return post('/api/session/codeword', { codeword }, { signal }).then(
    codewordCheckOf,
    codewordCheckOfFailure,
  );
}

export function loadTestCategories(signal?: AbortSignal): Promise<TestCategory[]> {
  return getEnvelope('/api/OnTest/GetTestCategory', testCategoriesSchema, { signal });
}

/** POST OnTest/SaveOnTest; the alarm it comes from travels as headers for the bridge's audit only. */
export function saveOnTest(
  input: OnTestSaveInput,
  from: { alarmId: string; csNo: string },
): Promise<SaveOnTestAnswer> {
  return post('/api/OnTest/SaveOnTest', input.record, {
    headers: { 'x-alarm-id': from.alarmId, 'x-cs-no': from.csNo },
  }).then(saveOnTestAnswerOf, saveOnTestAnswerOfFailure);
}

const siteDetails = z.object({ SiteUTCOffset: z.coerce.number().nullish() }).loose();

/** The site's UTC offset in minutes (GetSiteDetailsBySiteNo), or null when the upstream does not say. */
export async function siteUtcOffset(siteNo: string, signal?: AbortSignal): Promise<number | null> {
  const details = await getEnvelope('/api/OnTest/GetSiteDetailsBySiteNo', siteDetails, {
    query: { SiteNo: siteNo },
    signal,
  });
  return details.SiteUTCOffset ?? null;
}

const detailRow = z.record(z.string(), z.unknown());
export type AlarmDetailRow = z.infer<typeof detailRow>;

/**
 * GET Dashboard/GetActiveAlarmDetails?AlarmIncNo= (docs/product/live-alarms-and-testing.md#calls):
 * the alarm's event rows.
 */
export function activeAlarmDetails(alarmIncNo: string, signal?: AbortSignal): Promise<AlarmDetailRow[]> {
  return getEnvelope('/api/Dashboard/GetActiveAlarmDetails', z.array(detailRow), {
    query: { AlarmIncNo: alarmIncNo },
    signal,
  });
}
