import { randomUUID } from 'node:crypto';
import { buildPdfTable } from '../../shared/export/pdfTable';
import { buildWorkbook } from '../../shared/export/workbook';
import {
  reportEmailBodyError,
  reportEmailAddresses,
  reportEmailSubjectError,
} from '../../shared/reportEmail/reportEmailRules';
import type { ScheduledReport } from '../../shared/schedules/scheduledReport';
import { SCHEDULED_REPORTS, type ScheduledReportId } from '../../shared/schedules/scheduledReports';
import { nextRunAt, reportPeriodOf, type ScheduleInput } from '../../shared/schedules/scheduleRules';
import { publicProfile, type LoginProfile } from '../../shared/upstream/loginProfile';
import type { AuditEntry } from '../audit/auditEntry';
import type { FeedIdentity } from '../rights/upstreamCredential';
import { jobId, type JobQueue, type JobTry } from '../jobs/jobQueue';
import type { CurrentRightsReader } from '../rights/currentRights';
import type { Logger } from '../observability/logger';
import type { UpstreamClient } from '../upstream/upstreamClient';
import { checkScheduleOwner, SIGNED_OUT_REASON } from './ownerRights';
import type { ScheduleRecord, ScheduleStore, UserRef } from './scheduleStore';
import { accountsOfSite, agencyAccounts, csNosOf, rowsOutside } from './siteScope';
import { readReportRows, sendReportMail } from './upstreamMail';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ScheduledEmailsDeps {
  store: ScheduleStore;
  jobs: JobQueue;
  upstream: UpstreamClient;
  /** The bridge's identity for an agency (server/identity), or null when none is configured. */
  identityFor(agencyId: string): FeedIdentity | null;
  record(entry: AuditEntry): Promise<void>;
  /** Users' current rights, read with the bridge's identity (server/rights): checked at every run. */
  rights: Pick<CurrentRightsReader, 'read'>;
  /** A run paused its schedule for its owner's rights: the dealer's owner is told. */
  onPaused?(r: ScheduleRecord, why: string): Promise<void>;
  ownerRelationId: string;
  logger: Logger;
  clock?: () => number;
}

/** The attachment of a run: the report's table through the screen's own writers (shared/export). */
export async function reportAttachment(
  report: ScheduledReport<unknown>,
  rows: unknown[],
  s: Pick<ScheduleRecord, 'siteNo' | 'format' | 'period'>,
  period: ReturnType<typeof reportPeriodOf> | null,
): Promise<{ fileName: string; data: Buffer; contentType: string }> {
  const table = report.table(rows, { siteNo: s.siteNo, period, every: s.period });
  const base = table.fileName.replace(/[^A-Za-z0-9 ._()-]/g, '_').slice(0, 90) || 'Report';
  if (s.format === 'xlsx')
    return {
      fileName: `${base}.xlsx`,
      data: Buffer.from(await buildWorkbook(table)),
      contentType: XLSX_TYPE,
    };
  // Reports are Export.pdf on screen (docs/product/reports-and-settings.md); a mailbox of several
  // reports needs their names.
  return {
    fileName: `${base}.pdf`,
    data: Buffer.from(await buildPdfTable(table, { scale: 0.5 })),
    contentType: 'application/pdf',
  };
}

/** A run that must not send: what it names is not the agency's. Never retried. */
export class ScopeRefusal extends Error {
  constructor(
    message: string,
    /** The CS#s of the schedule's site, when the check found them. */
    readonly csNo: string | null,
  ) {
    super(message);
  }
}

const reportOf = (id: string): ScheduledReport<unknown> =>
  (SCHEDULED_REPORTS as Record<string, ScheduledReport<unknown>>)[id];

/**
 * Scheduled report e-mails: each schedule's next run is one job on the job queue (id
 * `{schedule}_{time}`, so bridges that add it together add it once); a run re-checks the owner's
 * rights as the monitoring center holds them now (read with the bridge's identity), reads the report with the bridge's
 * identity for the agency, writes the file with the screen's writers and sends it through the
 * upstream's report e-mail call, then adds the next run.
 */
export function createScheduledEmails(d: ScheduledEmailsDeps) {
  const clock = d.clock ?? Date.now;
  const runId = (r: ScheduleRecord, at: number) => jobId('run', r.id, at);

  async function plan(r: ScheduleRecord, after = clock()): Promise<ScheduleRecord> {
    const next = r.paused ? null : nextRunAt(r, after);
    const planned = { ...r, nextRunAt: next };
    await d.store.put(planned);
    if (next !== null)
      await d.jobs.add({
        id: runId(planned, next),
        kind: 'scheduledEmail',
        at: next,
        data: { schedule: r.id, at: String(next) },
      });
    return planned;
  }

  /**
   * One audit line of a run, filed under the schedule's agency and naming what the run was for:
   * its site and that site's CS#s when the bridge's check found them (`target`).
   */
  function audit(
    r: ScheduleRecord,
    outcome: 'ok' | 'failed',
    message: string,
    target: { csNo: string | null } = { csNo: null },
  ): Promise<void> {
    return d.record({
      id: randomUUID(),
      at: new Date(clock()).toISOString(),
      username: r.owner.username,
      contactNumber: r.owner.contactNumber,
      agencyId: r.agencyId,
      action: 'scheduledReportEmail',
      alarmId: null,
      csNo: target.csNo,
      siteNo: r.siteNo,
      systemNo: null,
      outcome,
      message: message.slice(0, 1000),
    });
  }

  /**
   * The accounts a run may name, read with the identity before the report: the agency's, or the
   * schedule's site's when it names one. A site that is not the agency's stops the run.
   */
  async function scopeOf(r: ScheduleRecord, identity: FeedIdentity | null) {
    const accounts = await agencyAccounts(upstream(), identity, r.agencyId);
    if (r.siteNo === null) return { accounts, csNo: null };
    const site = accountsOfSite(accounts, r.siteNo);
    if (site.length === 0)
      throw new ScopeRefusal(
        `Not sent: site ${r.siteNo} is not a site of agency ${r.agencyId}; nothing was read or sent.`,
        null,
      );
    return { accounts: site, csNo: csNosOf(site) };
  }

  /** One send of a schedule, as its owner may see the report now. Throws to retry (a ScopeRefusal: never). */
  async function send(r: ScheduleRecord, runAt: number, scope: { csNo: string | null }): Promise<string> {
    const report = reportOf(r.report);
    const period = report.needsSite ? null : reportPeriodOf(r.period, runAt, r.timeZone);
    const identity = d.identityFor(r.agencyId);
    const allowed = await scopeOf(r, identity);
    scope.csNo = allowed.csNo;
    const read = await readReportRows(
      upstream(),
      identity,
      report.call({ agencyId: r.agencyId, siteNo: r.siteNo, period: r.period, span: period }),
    );
    // NOTE: the identity sees every agency: rows of any other account are never attached.
    const outside = rowsOutside(read, allowed.accounts);
    if (outside > 0)
      throw new ScopeRefusal(
        `Not sent: the monitoring center's answer held ${outside} row(s) of accounts outside ${
          r.siteNo === null ? '' : `site ${r.siteNo} of `
        }agency ${r.agencyId}; nothing was sent.`,
        allowed.csNo,
      );
    const rows = report.inPeriod(read, period ?? { from: 0, to: 0, fromDate: '', toDate: '', label: '' });
    const file = await reportAttachment(report, rows, r, period);
    const subject = `${report.title}${period ? ` - ${period.label}` : r.siteNo ? ` - site ${r.siteNo}` : ''}`;
    const body = `The ${report.title} (${rows.length} rows${period ? `, ${period.label}` : ''}) scheduled by ${r.owner.name} is attached.`;
    const to = reportEmailAddresses(r.recipients);
    const problem = to.error ?? reportEmailSubjectError(subject) ?? reportEmailBodyError(body);
    if (problem) throw new Error(problem);
    await sendReportMail(upstream(), identity, {
      addresses: to.addresses,
      subject,
      body,
      fileName: file.fileName,
      pdf: file.data,
      contentType: file.contentType,
    });
    return `to ${to.addresses.join('; ')}; subject "${subject}"; file ${file.fileName}; ${rows.length} rows`;
  }
  const upstream = () => d.upstream;

  /** The job handler: a run at its time, or a "Send now" (`now` set). */
  async function run({ job, attempt, final }: JobTry): Promise<void> {
    const r = await d.store.get(job.data.schedule);
    if (!r) return;
    const now = job.data.now === '1';
    const at = Number(job.data.at);
    // A run planned before a pause or an edit is no longer this schedule's run.
    if (!now && (r.paused || r.nextRunAt !== at)) return;
    // Signed out everywhere: nothing is sent, "Send now" included, until the owner resumes it.
    if (r.paused && r.confirmSince != null) {
      await d.store.put({ ...r, lastRun: { at: clock(), ok: false, message: SIGNED_OUT_REASON, attempt } });
      return;
    }
    // The owner's rights now, read with the bridge's identity (server/rights), before anything is read.
    const rights = await checkScheduleOwner(d.rights, r, reportOf(r.report), d.ownerRelationId);
    if (rights.kind === 'refused') {
      await d.store.put({ ...r, paused: true, pausedReason: rights.why, nextRunAt: null });
      await audit(r, 'failed', rights.why);
      await d.onPaused?.(r, rights.why);
      return;
    }
    if (rights.kind === 'unknown') {
      // NOTE: unread rights never send; the run retries and, out of tries, the plan goes on unpaused.
      const message = `Not sent: the owner's rights could not be checked (${rights.why}).`;
      await d.store.put({
        ...r,
        lastRun: { at: clock(), ok: false, message: final ? message : `${message} (retrying)`, attempt },
      });
      if (!final) throw new Error(message);
      await audit(r, 'failed', message);
      const latest = now ? null : await d.store.get(r.id);
      if (latest && !latest.paused && latest.nextRunAt === at) await plan(latest, Math.max(clock(), at));
      return;
    }
    let ended = true;
    const scope: { csNo: string | null } = { csNo: null };
    try {
      const what = await send(r, now ? clock() : at, scope);
      await d.store.put({
        ...(await freshOr(r)),
        lastRun: { at: clock(), ok: true, message: `Sent ${what}`, attempt },
      });
      await audit(r, 'ok', what, scope);
    } catch (e) {
      if (e instanceof ScopeRefusal) {
        // NOTE: no retry cures a site of another agency or foreign rows: the schedule pauses and says why.
        d.logger.warn({ schedule: r.id, err: e.message }, 'scheduled report e-mail refused');
        await d.store.put({
          ...(await freshOr(r)),
          paused: true,
          pausedReason: e.message,
          nextRunAt: null,
          lastRun: { at: clock(), ok: false, message: e.message, attempt },
        });
        await audit(r, 'failed', e.message, { csNo: e.csNo });
        return;
      }
      const message = (e as Error).message || 'Unable to process your request.';
      d.logger.warn({ schedule: r.id, attempt, err: message }, 'scheduled report e-mail failed');
      const retry = final ? '' : ' (retrying)';
      await d.store.put({
        ...(await freshOr(r)),
        lastRun: { at: clock(), ok: false, message: `${message}${retry}`, attempt },
      });
      if (final) await audit(r, 'failed', message, scope);
      ended = final;
      if (!final) throw e;
    } finally {
      // The next run is planned once this run has ended, sent or out of retries (a "Send now" plans nothing).
      if (ended && !now) {
        const latest = await d.store.get(r.id);
        if (latest && !latest.paused && latest.nextRunAt === at) await plan(latest, Math.max(clock(), at));
      }
    }
  }
  const freshOr = async (r: ScheduleRecord) => (await d.store.get(r.id)) ?? r;

  return {
    run,
    /** At start: every schedule's next run is on the queue (added once whichever bridge adds it). */
    async start(): Promise<void> {
      for (const r of await d.store.list()) {
        if (r.paused) continue;
        // A run missed while every bridge was down is sent once now; then the plan goes on.
        if (r.nextRunAt !== null)
          await d.jobs.add({
            id: runId(r, r.nextRunAt),
            kind: 'scheduledEmail',
            at: r.nextRunAt,
            data: { schedule: r.id, at: String(r.nextRunAt) },
          });
        else await plan(r);
      }
    },
    async create(owner: UserRef, profile: LoginProfile, input: ScheduleInput): Promise<ScheduleRecord> {
      const pub = publicProfile(profile);
      await d.store.putProfile(owner.contactNumber, pub);
      const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || owner.username;
      return plan({
        ...input,
        id: randomUUID(),
        owner: { ...owner, agencyId: String(profile.agencyId), name },
        ownerProfile: pub,
        createdAt: clock(),
        paused: false,
        pausedReason: null,
        nextRunAt: null,
        lastRun: null,
      });
    },
    async setPaused(r: ScheduleRecord, paused: boolean): Promise<ScheduleRecord> {
      if (r.nextRunAt !== null) await d.jobs.cancel(runId(r, r.nextRunAt));
      return plan({ ...r, paused, pausedReason: null });
    },
    async remove(r: ScheduleRecord): Promise<void> {
      if (r.nextRunAt !== null) await d.jobs.cancel(runId(r, r.nextRunAt));
      await d.store.delete(r.id);
    },
    async sendNow(r: ScheduleRecord): Promise<void> {
      await d.jobs.add({
        id: jobId('now', r.id, randomUUID()),
        kind: 'scheduledEmail',
        at: clock(),
        data: { schedule: r.id, at: String(clock()), now: '1' },
      });
    },
    /** The bridge learnt a user's login record: a schedule owner's latest rights. */
    async learnProfile(profile: LoginProfile): Promise<void> {
      const contact = String(profile.contactNumber);
      if ((await d.store.profile(contact)) !== null)
        await d.store.putProfile(contact, publicProfile(profile));
    },
    reportIds: Object.keys(SCHEDULED_REPORTS) as ScheduledReportId[],
  };
}
export type ScheduledEmails = ReturnType<typeof createScheduledEmails>;
