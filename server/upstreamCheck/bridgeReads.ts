import { z } from 'zod';
import type { FeedRef } from '../../shared/live/protocol';
import type { ReportCall } from '../../shared/schedules/scheduledReport';
import { SCHEDULED_REPORTS } from '../../shared/schedules/scheduledReports';
import { reportPeriodOf } from '../../shared/schedules/scheduleRules';
import { gatewayAnswerSchema, envelopeSchema } from '../../shared/upstream/envelope';
import {
  serviceTypeRowSchema,
  signalFormatRowSchema,
  signalFormatTypeRowSchema,
  testCategoryRowSchema,
  zoneStateRowSchema,
} from '../../shared/upstream/onTestRows';
import type { FeedCredential, FeedIdentity } from '../rights/upstreamCredential';
import { fetchSystemsOnTest } from '../feeds/systemsOnTestSource';
import { fetchAlarmsPage, fetchHistoryPage } from '../feeds/upstreamFeedFetch';
import { readReportRows } from '../schedules/upstreamMail';
import { judgeRead } from './judgeRead';
import { OWN_READS } from './ownReads';
import { differs, type ReadVerdict } from './readVerdict';
import type { RecordingUpstream } from './recordingUpstream';

/** What every read needs: the signed-in session and the agency it reads. */
export interface ReadContext {
  rec: RecordingUpstream;
  credential: FeedCredential;
  agencyId: string;
  /** A site of the agency (from the feeds' rows), for the reports of one site. */
  siteNo: string | null;
  /** A signal format (from the look-up), for the signal types of one format. */
  sigformId: string | null;
  /** An account's CS# (from the feeds' rows), for the system read by CS#. */
  csNo: string | null;
  /** The signed-in contact, whose current rights and phones are read. */
  contactNumber: string;
  now: number;
}

/** One read the bridge makes, as the check makes it. */
export interface BridgeRead {
  name: string;
  run(c: ReadContext): Promise<ReadVerdict>;
}

/** The feeds' small read: one head page, the shortest window. */
const HEAD_PAGE = 25;
const ONE_HOUR = 3_600_000;

async function judged(
  c: ReadContext,
  read: () => Promise<ReadVerdict>,
  rowsDiffer?: (json: unknown) => ReadVerdict | null,
) {
  c.rec.begin();
  try {
    return await read();
  } catch (e) {
    return judgeRead(e, c.rec, rowsDiffer);
  }
}

const feedRef = (c: ReadContext, feed: FeedRef['feed']): FeedRef => ({ agencyId: c.agencyId, feed });
const rowCount = (n: number) => ({ kind: 'ok' as const, note: `(${n} row${n === 1 ? '' : 's'})` });

/** The feeds, exactly as server/feeds reads them (same request, same schema). */
const FEED_READS: BridgeRead[] = [
  {
    name: 'event history  AlarmBuffer/GetEventLogs',
    run: (c) =>
      judged(c, async () => {
        const { rows } = await fetchHistoryPage(
          c.rec.upstream,
          feedRef(c, 'events'),
          c.credential,
          ONE_HOUR,
          1,
          HEAD_PAGE,
        );
        c.siteNo ??= rows[0]?.site_no ?? null;
        c.csNo ??= rows[0]?.cS_ ?? null;
        return rowCount(rows.length);
      }),
  },
  {
    name: 'active alarms  AlarmBuffer/GetEventLogsLiveAlarm_Dev',
    run: (c) =>
      judged(c, async () => {
        const { rows } = await fetchAlarmsPage(
          c.rec.upstream,
          feedRef(c, 'alarms'),
          c.credential,
          1,
          HEAD_PAGE,
        );
        c.siteNo ??= rows[0]?.site_No ?? null;
        c.csNo ??= rows[0]?.cs_No ?? null;
        return rowCount(rows.length);
      }),
  },
  {
    name: 'systems on test  OnTest/GetUnclearedSystems',
    run: (c) =>
      judged(c, async () => {
        const { rows } = await fetchSystemsOnTest(c.rec.upstream, feedRef(c, 'systemsOnTest'), c.credential);
        c.siteNo ??= rows[0]?.site_no ?? null;
        return rowCount(rows.length);
      }),
  },
];

/** Explains a report answer whose rows the scheduler's schema refused (readReportRows says only "could not be read"). */
function reportRowsDiffer(call: ReportCall<unknown>) {
  return (json: unknown): ReadVerdict | null => {
    const outer =
      'gateway' in call ? gatewayAnswerSchema().safeParse(json) : envelopeSchema().safeParse(json);
    if (!outer.success) return differs(outer.error.issues, json, []);
    const result =
      'Result' in outer.data ? outer.data.Result : 'result' in outer.data ? outer.data.result : undefined;
    const picked = call.pick ? call.pick(result) : (result ?? []);
    const rows = call.rows.safeParse(picked);
    if (rows.success) return null;
    // NOTE: a result of another shape than the call's is shown as it came, not as the pick's mark.
    const shown = typeof picked === 'symbol' ? result : picked;
    return differs(rows.error.issues, shown, ['gateway' in call ? 'Result' : 'result']);
  };
}

function pathOf(call: ReportCall<unknown>): string {
  return 'gateway' in call ? `MASAPI/APIRequest ${call.gateway.methodName}` : call.path;
}

/** Each scheduled report's read, as the scheduler makes it (server/schedules), for the day before. */
function reportReads(): BridgeRead[] {
  return Object.values(SCHEDULED_REPORTS).map((report): BridgeRead => {
    const callOf = (c: Pick<ReadContext, 'agencyId' | 'siteNo' | 'now'>) =>
      report.call({
        agencyId: c.agencyId,
        siteNo: c.siteNo,
        period: 'day',
        span: report.needsSite ? null : reportPeriodOf('day', c.now, 'UTC'),
      }) as ReportCall<unknown>;
    const sample = callOf({ agencyId: '0', siteNo: '0', now: 0 });
    return {
      name: `${report.title}  ${pathOf(sample)}`,
      run: async (c) => {
        if (report.needsSite && !c.siteNo)
          return { kind: 'skipped', reason: 'no site in the feeds to read it for' };
        const call = callOf(c);
        const identity: FeedIdentity = { credential: async () => c.credential, invalidate: () => {} };
        return judged(
          c,
          async () => rowCount((await readReportRows(c.rec.upstream, identity, call)).length),
          reportRowsDiffer(call),
        );
      },
    };
  });
}

/** A look-up list as the Place On Test form reads it: a list of rows, or nothing. */
const listOf = <T extends z.ZodType>(row: T) => z.array(row).nullish();

function lookUp(
  name: string,
  path: string,
  row: z.ZodType,
  query?: (c: ReadContext) => Record<string, string> | null,
): BridgeRead {
  return {
    name: `${name}  ${path}`,
    run: async (c) => {
      const q = query ? query(c) : {};
      if (!q) return { kind: 'skipped', reason: 'no signal format to read it for' };
      return judged(c, async () => {
        const sessionId = c.credential.upstreamSessionId;
        const { result } = await c.rec.upstream.call({
          method: 'GET',
          path,
          sessionId,
          query: q,
          result: listOf(row),
        });
        const rows = result ?? [];
        if (path === 'OnTest/GetSignalFormat') {
          const first: unknown = rows[0];
          const id = first && typeof first === 'object' && 'sigform_id' in first ? first.sigform_id : null;
          c.sigformId ??= id == null ? null : String(id);
        }
        return rowCount(rows.length);
      });
    },
  };
}

const LOOK_UPS: BridgeRead[] = [
  lookUp('test categories', 'OnTest/GetTestCategory', testCategoryRowSchema),
  lookUp('service types', 'OnTest/GetServiceTypes', serviceTypeRowSchema),
  lookUp('signal formats', 'OnTest/GetSignalFormat', signalFormatRowSchema),
  lookUp('signal types', 'OnTest/GetSignalFormatTypes', signalFormatTypeRowSchema, (c) =>
    c.sigformId ? { sigform_id: c.sigformId } : null,
  ),
  lookUp('zone states', 'OnTest/GetZoneStates', zoneStateRowSchema),
];

/**
 * Every read the bridge makes after signing in, in an order where each read may lend the next
 * what it needs (a site for the site reports, a signal format for its types). None writes.
 */
export const BRIDGE_READS: readonly BridgeRead[] = [
  ...FEED_READS,
  ...reportReads(),
  ...LOOK_UPS,
  ...OWN_READS,
];
