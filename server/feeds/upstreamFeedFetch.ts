import type { FeedRef } from '../../shared/live/protocol';
import { activeAlarmRowSchema, type ActiveAlarmRow } from '../../shared/upstream/activeAlarmRow';
import {
  eventLogRowSchema,
  eventLogsRequest,
  eventLogsResultSchema,
  type EventLogRow,
} from '../../shared/upstream/eventLogRow';
import type { UpstreamClient } from '../upstream/upstreamClient';
import type { FeedCredential } from '../rights/upstreamCredential';
import type { RowTextCache } from './rowTextCache';

/** The event history's upstream call and the column it is read newest-first by (FEED_KINDS reads them here). */
export const HISTORY_CALL = { path: 'AlarmBuffer/GetEventLogs', sortColumn: 'eventDate' } as const;
/** The active alarms' upstream call and its newest-first column. */
export const ALARMS_CALL = {
  path: 'AlarmBuffer/GetEventLogsLiveAlarm_Dev',
  sortColumn: 'alarm_Date',
} as const;

const historyResult = eventLogsResultSchema(eventLogRowSchema());
const alarmsResult = eventLogsResultSchema(activeAlarmRowSchema);

/**
 * The due value that covers a window: 0 = last hour, 1 = last 24 hours, 2 = this week, 3 = this
 * month (docs/product/live-alarms-and-testing.md#screens).
 */
export function dueValueFor(windowMs: number): number {
  if (windowMs <= 3_600_000) return 0;
  if (windowMs <= 24 * 3_600_000) return 1;
  if (windowMs <= 7 * 24 * 3_600_000) return 2;
  return 3;
}

function body(
  ref: FeedRef,
  cred: FeedCredential,
  dueValue: number | null,
  page: number,
  count: number,
  sortColumn: (typeof HISTORY_CALL | typeof ALARMS_CALL)['sortColumn'],
) {
  return eventLogsRequest({
    session: cred.upstreamSessionId,
    agencyId: ref.agencyId,
    dueValue,
    page,
    count,
    sortColumn,
    installServcoType: cred.installServcoTypeFor(ref.agencyId),
  });
}

/**
 * One page of `AlarmBuffer/GetEventLogs`, newest first, validated at the boundary. With a feed's
 * row cache, only rows whose text changed since the last read are parsed and validated.
 */
export async function fetchHistoryPage(
  upstream: UpstreamClient,
  ref: FeedRef,
  cred: FeedCredential,
  windowMs: number,
  page: number,
  count: number,
  signal?: AbortSignal,
  rows?: RowTextCache<EventLogRow>,
) {
  const res = await upstream.call({
    method: 'POST',
    path: HISTORY_CALL.path,
    sessionId: cred.upstreamSessionId,
    query: { CurentsessionId: cred.upstreamSessionId },
    body: body(ref, cred, dueValueFor(windowMs), page, count, HISTORY_CALL.sortColumn),
    result: rows ? rows.result : historyResult,
    retry: true,
    signal,
    parseAnswer: rows?.parseAnswer,
  });
  return { rows: res.result.eventLogList, bytes: res.bytes };
}

/**
 * One page of `AlarmBuffer/GetEventLogsLiveAlarm_Dev`, the agency's active alarms. With a feed's
 * row cache, only rows whose text changed since the last read are parsed and validated.
 */
export async function fetchAlarmsPage(
  upstream: UpstreamClient,
  ref: FeedRef,
  cred: FeedCredential,
  page: number,
  count: number,
  signal?: AbortSignal,
  rows?: RowTextCache<ActiveAlarmRow>,
) {
  const res = await upstream.call({
    method: 'POST',
    path: ALARMS_CALL.path,
    sessionId: cred.upstreamSessionId,
    query: { CurentsessionId: cred.upstreamSessionId },
    body: body(ref, cred, null, page, count, ALARMS_CALL.sortColumn),
    result: rows ? rows.result : alarmsResult,
    retry: true,
    signal,
    parseAnswer: rows?.parseAnswer,
  });
  return { rows: res.result.eventLogList, bytes: res.bytes };
}
