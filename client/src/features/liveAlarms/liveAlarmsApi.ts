import * as z from 'zod/mini';
import { eventLogRowSchema, type EventLogRow } from '../../../../shared/upstream/eventLogRow';
import { onFirstUse } from '../../../../shared/onFirstUse';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { getEnvelope, postEnvelope } from '../../lib/api/apiClient';
import { saveSitePreferences } from '../../lib/session/saveSitePreferences';
import type { SitePreferences } from '../../lib/session/sitePreferences';
import type { DueValue } from './model/dueWindow';

/**
 * The Live Alarm View's calls through the bridge (docs/product/live-alarms-and-testing.md#calls);
 * the bridge injects the session.
 */

// NOTE: each answer's schema is built on its first call (onFirstUse): a deep link loads this file
// with its first screen, whose first rows come over the live connection. The two a deep link asks
// for as the page loads (the event types, the column configuration) are made when their answer
// comes, not in the start's task that asks for them. All are zod/mini, which makes a schema in
// about half the time of classic zod and leaves classic zod's weight off the first screen (issue 38).

const eventTypesSchema = onFirstUse(() =>
  z.pipe(
    z.nullable(
      z.array(
        z.object({
          eventrpt_id: z.string(),
          descr: z.pipe(
            z.nullable(z.string()),
            z.transform((d: string | null) => d ?? ''),
          ),
        }),
      ),
    ),
    z.transform((l: Array<{ eventrpt_id: string; descr: string }> | null) => l ?? []),
  ),
);
export type EventType = z.infer<ReturnType<typeof eventTypesSchema>>[number];

export function fetchEventTypes(signal?: AbortSignal): Promise<EventType[]> {
  const early = earlyEventTypes;
  earlyEventTypes = null;
  if (early) return early;
  return postEnvelope('/api/AlarmBuffer/GetEventTypes', eventTypesSchema, {
    body: { IsAutoRefreshOn: true },
    signal,
  });
}

/** The event types asked for as the page loaded; the view's first load takes them. */
let earlyEventTypes: Promise<EventType[]> | null = null;

/**
 * Asks for the event types as a deep link to the view loads (the history's type select and the
 * chart's names): the call then starts beside the feeds, not from React's commit of the view,
 * where it was part of the first screen's longest task (issue 38).
 */
export function prefetchEventTypes(): void {
  earlyEventTypes = null;
  const answer = fetchEventTypes();
  answer.catch(() => undefined);
  earlyEventTypes = answer;
}

const agencyConfigSchema = onFirstUse(() =>
  z.pipe(
    z.nullable(z.array(z.looseObject({ columnFormat: z.optional(z.nullable(z.string())) }))),
    z.transform((l: Array<{ columnFormat?: string | null }> | null) => l?.[0]?.columnFormat ?? null),
  ),
);

/** The first item's columnFormat (JSON text), or null when the agency has none saved. */
export function fetchAgencyConfig(agencyId: string, signal?: AbortSignal): Promise<string | null> {
  const early = earlyConfig;
  earlyConfig = null;
  if (early?.agencyId === agencyId) return early.answer;
  return getEnvelope('/api/AlarmBuffer/GetAgencyConfig', agencyConfigSchema, {
    query: { AgencyId: agencyId },
    signal,
  });
}

/** The configuration asked for as the page loaded; the view's first load of that agency's takes it. */
let earlyConfig: { agencyId: string; answer: Promise<string | null> } | null = null;

/**
 * Asks for an agency's column configuration as a deep link to the view loads: the grid waits for
 * it (useAgencyConfig), and the page's first render need not be over before the call starts.
 * Resolves once the answer is in, whether it succeeded or not.
 */
export function prefetchAgencyConfig(agencyId: string): Promise<void> {
  const answer = fetchAgencyConfig(agencyId);
  earlyConfig = { agencyId, answer };
  return answer.then(
    () => undefined,
    () => undefined,
  );
}

/** Saves the column format; answers the upstream's message ('Configuration saved Successfully.'). */
export function saveAgencyConfig(agencyId: string, columnFormat: string): Promise<string> {
  return postEnvelope(
    '/api/AlarmBuffer/UpdateAgencyConfig',
    z.pipe(
      z.unknown(),
      z.transform((v: unknown) => (typeof v === 'string' ? v : '')),
    ),
    {
      query: { AgencyId: agencyId, ColumnFormat: columnFormat },
    },
  );
}

export interface OlderPageQuery {
  agencyId: string;
  due: DueValue;
  /** Selected event type codes; null for all. */
  events: readonly string[] | null;
  /** 1-based page. */
  page: number;
  count: number;
  includeTests: boolean;
  csNo: string;
  installServcoType: string;
}

const eventLogsSchema = onFirstUse(() =>
  z.looseObject({
    eventLogList: z.pipe(
      z.nullable(z.array(eventLogRowSchema())),
      z.transform((l: EventLogRow[] | null) => l ?? []),
    ),
  }),
);

/** One page of the gateway's event history, newest first; total from the first row's totalRows. */
export async function fetchEventPage(
  q: OlderPageQuery,
  signal?: AbortSignal,
): Promise<{ rows: EventLogRow[]; total: number | null }> {
  const result = await postEnvelope('/api/AlarmBuffer/GetEventLogs', eventLogsSchema(), {
    body: {
      AgencyId: q.agencyId,
      DueValue: q.due,
      EventList: q.events ? q.events.join(',') : null,
      offset: q.page,
      count: q.count,
      IsAutoRefreshOn: true,
      ColumnName: 'eventDate',
      SortType: 'desc',
      RemoveOperatorActions: false,
      Install_servco_Type: q.installServcoType,
      cs_no: q.csNo.trim() || null,
      IncludeTestEvents: q.includeTests,
    },
    signal,
  });
  const rows = result.eventLogList;
  return { rows, total: rows[0]?.totalRows ?? (rows.length === 0 ? 0 : null) };
}

const chartRowsSchema = onFirstUse(() =>
  z.pipe(
    z.nullable(
      z.array(
        z.object({
          eventDate: z.string(),
          eventType: z.string(),
          eventCount: z.coerce.number(),
        }),
      ),
    ),
    z.transform((l: Array<{ eventDate: string; eventType: string; eventCount: number }> | null) => l ?? []),
  ),
);
export type ChartRow = z.infer<ReturnType<typeof chartRowsSchema>>[number];

export function fetchChartData(
  q: {
    agencyId: string;
    due: DueValue;
    events: readonly string[] | null;
    includeTests: boolean;
    installServcoType: string;
  },
  signal?: AbortSignal,
): Promise<ChartRow[]> {
  return postEnvelope('/api/Dashboard/GetEventListChartData', chartRowsSchema(), {
    body: {
      AgencyId: q.agencyId,
      DueValue: q.due,
      EventId: q.events ? q.events.join(',') : null,
      StartDate: null,
      Install_servco_Type: q.installServcoType,
      IncludeTestEvents: q.includeTests,
    },
    signal,
  });
}

/** 'show Graph' updates GraphsView (9001 show, 9002 hide) in the stored site preference. */
export const saveGraphsView = (profile: PublicProfile, show: boolean): Promise<SitePreferences> =>
  saveSitePreferences(profile, { GraphsView: show ? 9001 : 9002 });
