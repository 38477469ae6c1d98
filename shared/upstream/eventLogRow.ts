import { z } from 'zod';
import * as zm from 'zod/mini';
import { onFirstUse } from '../onFirstUse';

// NOTE: the row is zod/mini: the Live Alarm View loads it with its first screen (older pages of
// the history), where classic zod's extra weight is not wanted (issue 38). The request and the
// whole answer are the bridge's and the simulator's only, and stay classic.

/** An id the upstream sends as a number or as text, kept as text. */
const idText = () => zm.pipe(zm.union([zm.number(), zm.string()]), zm.transform(String));

/**
 * One row of `AlarmBuffer/GetEventLogs` (`result.eventLogList`), spelled as the upstream spells it
 * (docs/product/live-alarms-and-testing.md#entities): note `cS_`, `event_Id` and `system_No`.
 * Built on first use (onFirstUse): a screen's live rows come checked by the bridge.
 */
export const eventLogRowSchema = onFirstUse(() =>
  zm.object({
    id: idText(),
    eventDate: zm.string(),
    eventDateTime: zm.optional(zm.nullable(zm.string())),
    eventrpt_id: zm.string(),
    event_Id: zm.nullable(zm.string()),
    description: zm.nullable(zm.string()),
    isTestCleared: zm.nullable(zm.string()),
    cS_: zm.string(),
    site_no: idText(),
    system_No: idText(),
    siteName: zm.nullable(zm.string()),
    address1: zm.nullable(zm.string()),
    address2: zm.nullable(zm.string()),
    city: zm.nullable(zm.string()),
    state: zm.nullable(zm.string()),
    zipcode: zm.nullable(zm.string()),
    color: zm.optional(zm.nullable(zm.string())),
    colorCode: zm.optional(zm.nullable(zm.string())),
    totalRows: zm.optional(zm.nullable(zm.number())),
  }),
);
export type EventLogRow = z.infer<ReturnType<typeof eventLogRowSchema>>;

/** The `result` of GetEventLogs and GetEventLogsLiveAlarm_Dev. */
export const eventLogsResultSchema = <T extends z.core.$ZodType>(row: T) =>
  z.object({
    eventLogList: z
      .array(row)
      .nullable()
      .transform((rows) => rows ?? []),
    series: z.unknown().optional(),
    xAxis: z.unknown().optional(),
    historyOverViewList: z.unknown().optional(),
  });

/**
 * Request body of `AlarmBuffer/GetEventLogs` and `GetEventLogsLiveAlarm_Dev`
 * (docs/product/live-alarms-and-testing.md#calls).
 */
export const eventLogsRequestSchema = onFirstUse(() =>
  z.object({
    Curentsession: z.string().max(200).optional(),
    AgencyId: z.union([z.number(), z.string()]).transform(String),
    DueValue: z.union([z.number(), z.string(), z.null()]).optional(),
    EventList: z.union([z.string(), z.array(z.string()), z.null()]).optional(),
    /** 1-based page number (spec: "offset (page)"). */
    offset: z.coerce.number().int().min(0).max(1_000_000).default(1),
    /** Page size. */
    count: z.coerce.number().int().min(1).max(5000).default(10),
    IsAutoRefreshOn: z.boolean().optional(),
    ColumnName: z.string().max(60).nullable().optional(),
    SortType: z.string().max(10).nullable().optional(),
    RemoveOperatorActions: z.boolean().nullable().optional(),
    Install_servco_Type: z.string().max(2).nullable().optional(),
    cs_no: z.string().max(60).nullable().optional(),
    IncludeTestEvents: z.boolean().nullable().optional(),
  }),
);
export type EventLogsRequest = z.input<ReturnType<typeof eventLogsRequestSchema>>;

/**
 * The body the original grid sends for one page, newest first: history (`DueValue` set, sorted on
 * `eventDate`) or active alarms (`DueValue` null, sorted on `alarm_Date`). One builder for the
 * bridge's feeds, the benchmarks and the tests.
 */
export function eventLogsRequest(p: {
  session: string;
  agencyId: string;
  dueValue: number | null;
  page: number;
  count: number;
  sortColumn: 'eventDate' | 'alarm_Date';
  installServcoType: string;
  csNo?: string | null;
}) {
  return {
    Curentsession: p.session,
    AgencyId: p.agencyId,
    DueValue: p.dueValue,
    EventList: null,
    offset: p.page,
    count: p.count,
    IsAutoRefreshOn: true,
    ColumnName: p.sortColumn,
    SortType: 'desc',
    RemoveOperatorActions: false,
    Install_servco_Type: p.installServcoType,
    cs_no: p.csNo ?? null,
    IncludeTestEvents: true,
  } satisfies EventLogsRequest;
}
