import { z } from 'zod';
import { onFirstUse } from '../onFirstUse';

/**
 * One row of `AlarmBuffer/GetEventLogs` (`result.eventLogList`), spelled as the upstream spells it
 * (docs/product/live-alarms-and-testing.md#entities): note `cS_`, `event_Id` and `system_No`.
 * Built on first use (onFirstUse): a screen's live rows come checked by the bridge.
 */
export const eventLogRowSchema = onFirstUse(() =>
  z.object({
    id: z.union([z.number(), z.string()]).transform(String),
    eventDate: z.string(),
    eventDateTime: z.string().nullable().optional(),
    eventrpt_id: z.string(),
    event_Id: z.string().nullable(),
    description: z.string().nullable(),
    isTestCleared: z.string().nullable(),
    cS_: z.string(),
    site_no: z.union([z.number(), z.string()]).transform(String),
    system_No: z.union([z.number(), z.string()]).transform(String),
    siteName: z.string().nullable(),
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipcode: z.string().nullable(),
    color: z.string().nullable().optional(),
    colorCode: z.string().nullable().optional(),
    totalRows: z.number().nullable().optional(),
  }),
);
export type EventLogRow = z.infer<ReturnType<typeof eventLogRowSchema>>;

/** The `result` of GetEventLogs and GetEventLogsLiveAlarm_Dev. */
export const eventLogsResultSchema = <T extends z.ZodType>(row: T) =>
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
