import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { buildPdfTable } from '../../shared/export/pdfTable';
import { readUpstreamTime, showUpstreamTime } from '../../shared/onTest/siteDates';
import { reportEmailAddresses } from '../../shared/reportEmail/reportEmailRules';
import { onTestEntrySchema } from '../../shared/upstream/onTestRows';
import { visibleAgencies, type PublicProfile } from '../../shared/upstream/loginProfile';
import type { AuditEntry } from '../audit/auditEntry';
import type { FeedIdentity } from '../rights/upstreamCredential';
import { sessionMenuIds } from '../rights/menuRights';
import { jobId, type JobQueue, type JobTry } from '../jobs/jobQueue';
import type { Logger } from '../observability/logger';
import type { CurrentRightsReader } from '../rights/currentRights';
import type { ReminderPrefs, ReminderRecord, ScheduleStore, UserRef } from '../schedules/scheduleStore';
import { agencyAccounts, rowsOutside } from '../schedules/siteScope';
import { readReportRows, sendReportMail } from '../schedules/upstreamMail';
import type { UpstreamClient } from '../upstream/upstreamClient';

/** A push to one user's devices. NOTE: built by server/push; wired at the composition root when present. */
export interface ReminderPush {
  notifyUser(
    user: UserRef,
    notification: { title: string; body: string; url: string; tag: string },
  ): Promise<void>;
}

export interface TestRemindersDeps {
  store: ScheduleStore;
  jobs: JobQueue;
  upstream: UpstreamClient;
  identityFor(agencyId: string): FeedIdentity | null;
  record(entry: AuditEntry): Promise<void>;
  /** Users' current rights, read with the bridge's identity (server/rights): checked at every send. */
  rights: Pick<CurrentRightsReader, 'read'>;
  /** TEST_REMINDER_BEFORE: how long before a test's end the reminder goes. */
  beforeMs: number;
  ownerRelationId: string;
  logger: Logger;
  push: ReminderPush | null;
  clock?: () => number;
}

const TEST_ACTIONS = new Set(['placeOnTest', 'extendTest', 'clearTest']);
/** Alarm Testing's menu items: who may read a test may be reminded of it. */
const TESTING_MENU = ['1', '3'];

/**
 * Test-expiry reminders: after a test is placed, extended or cleared (an `ok` audit entry of the
 * action step), the agency's uncleared tests are read with the bridge's identity and each test has
 * one reminder job at its end minus TEST_REMINDER_BEFORE (id `{agency}_{seqno}_{end}`: once per
 * test end). An extended test's job moves; a cleared test's is cancelled. The reminder goes to the
 * user who placed the test and to staff who opted in, by e-mail (the upstream's report e-mail, with
 * a one-page PDF: the call's attachment part is the spec's) and by push.
 */
export function createTestReminders(d: TestRemindersDeps) {
  const clock = d.clock ?? Date.now;
  const key = (agencyId: string, seqno: string) => `${agencyId}:${seqno}`;

  /** Reads the agency's tests and brings the reminders in line with them. */
  async function sync(
    agencyId: string,
    placedBy: UserRef | null,
    systems: ReadonlySet<string>,
  ): Promise<void> {
    const identity = d.identityFor(agencyId);
    const read = await readReportRows(d.upstream, identity, {
      path: 'OnTest/GetUnclearedSystems',
      query: { AgencyId: agencyId },
      rows: z.array(onTestEntrySchema),
    });
    // NOTE: the identity sees every agency: a test of an account the agency's own list does not
    // hold never becomes a reminder (it would name another dealer's site to this one's users).
    const accounts = await agencyAccounts(d.upstream, identity, agencyId);
    const rows = read.filter((row) => rowsOutside([row], accounts) === 0);
    if (rows.length < read.length)
      d.logger.warn(
        { agencyId, dropped: read.length - rows.length },
        'test reminders: tests of accounts outside the agency were left out',
      );
    const seen = new Set<string>();
    for (const row of rows) {
      const end = readUpstreamTime(row.expire_date, 0);
      if (!end) continue;
      const k = key(agencyId, row.seqno);
      seen.add(k);
      const old = await d.store.reminder(k);
      if (old?.endAt === end.instant) continue;
      if (old) await d.jobs.cancel(old.jobId);
      const at = Math.max(clock(), end.instant - d.beforeMs);
      if (end.instant <= clock()) continue;
      const rec: ReminderRecord = {
        key: k,
        agencyId,
        seqno: row.seqno,
        csNo: row.cs_no,
        siteNo: row.site_no,
        siteName: row.site_name ?? '',
        endAt: end.instant,
        endText: showUpstreamTime(row.expire_date),
        placedBy: old?.placedBy ?? (placedBy && systems.has(row.system_no) ? placedBy : null),
        jobId: jobId('reminder', agencyId, row.seqno, end.instant),
      };
      await d.store.putReminder(rec);
      await d.jobs.add({
        id: rec.jobId,
        kind: 'testReminder',
        at,
        data: { key: k, endAt: String(end.instant) },
      });
    }
    for (const r of await d.store.reminders())
      if (r.agencyId === agencyId && !seen.has(r.key)) {
        await d.jobs.cancel(r.jobId);
        await d.store.deleteReminder(r.key);
      }
  }

  /** Whether a user, by a login record, may read the tests of an agency (Alarm Testing and the agency). */
  const mayReadTests = (
    profile: Pick<
      PublicProfile,
      'sitePreferences' | 'RelationId' | 'agencyId' | 'agencyIdForCorpAccount' | 'serviceCompanyList'
    >,
    agencyId: string,
  ) =>
    visibleAgencies(profile).has(agencyId) &&
    TESTING_MENU.some((id) => sessionMenuIds(profile, d.ownerRelationId).has(id));

  /** Whom a reminder goes to: the placer (unless they turned it off) and the staff who opted in. */
  async function recipients(r: ReminderRecord): Promise<ReminderPrefs[]> {
    const out: ReminderPrefs[] = [];
    for (const p of await d.store.allPrefs()) {
      const isPlacer = r.placedBy?.contactNumber === p.contactNumber;
      if (!(isPlacer ? p.myTests : p.allTests)) continue;
      if (await mayBeReminded(p.contactNumber, r.agencyId)) out.push(p);
    }
    // A placer who never opened the card still gets the push, unless their rights now say they
    // may no longer read the agency's tests.
    if (r.placedBy && !out.some((p) => p.contactNumber === r.placedBy?.contactNumber))
      if (!(await d.store.prefs(r.placedBy.contactNumber))) {
        if (await mayBeReminded(r.placedBy.contactNumber, r.agencyId))
          out.push({ ...r.placedBy, email: '', myTests: true, allTests: false });
      }
    return out;
  }

  /**
   * Whether a user may hear of a test of this agency by their rights read now with the bridge's
   * identity (server/rights). NOTE: rights that cannot be read keep the reminder going (a test
   * ending is a safety matter; the sweep stops a lost right within minutes).
   */
  async function mayBeReminded(contactNumber: string, agencyId: string): Promise<boolean> {
    const verdict = await d.rights.read(contactNumber, agencyId, { fresh: true });
    if (verdict.kind === 'unknown') return true;
    return verdict.kind === 'ok' && mayReadTests(verdict.rights, agencyId);
  }

  async function run({ job, final }: JobTry): Promise<void> {
    const r = await d.store.reminder(job.data.key);
    if (!r || String(r.endAt) !== job.data.endAt) return;
    const minutes = Math.max(1, Math.round((r.endAt - clock()) / 60_000));
    const text = `CS# ${r.csNo} (${r.siteName}) comes off test at ${r.endText}, in about ${minutes} minutes.`;
    const told: string[] = [];
    for (const p of await recipients(r)) {
      const user = { username: p.username, contactNumber: p.contactNumber };
      if (d.push)
        await d.push
          .notifyUser(user, {
            title: 'Test ending soon',
            body: text,
            url: '/systemontest',
            tag: `test-${r.key}`,
          })
          .catch((e: unknown) => d.logger.warn({ err: String(e) }, 'test reminder push failed'));
      const to = reportEmailAddresses(p.email);
      if (p.email && !to.error) {
        const pdf = await buildPdfTable(
          {
            title: `Test ending - CS# ${r.csNo}`,
            columns: [
              { label: 'CS#', width: 120 },
              { label: 'Site', width: 260 },
              { label: 'Test ends', width: 220 },
            ],
            cells: [[r.csNo, r.siteName, r.endText]],
          },
          { scale: 0.5 },
        );
        await sendReportMail(d.upstream, d.identityFor(r.agencyId), {
          addresses: to.addresses,
          subject: `Test ending soon - CS# ${r.csNo}`,
          body: text,
          fileName: `TestReminder_${r.csNo.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`,
          pdf: Buffer.from(pdf),
        });
      }
      told.push(`${p.username}${p.email && !to.error ? ` (${to.addresses.join('; ')})` : ''}`);
    }
    void final;
    await d.record({
      id: randomUUID(),
      at: new Date(clock()).toISOString(),
      username: r.placedBy?.username ?? 'bridge',
      contactNumber: r.placedBy?.contactNumber ?? '',
      agencyId: r.agencyId,
      action: 'testReminder',
      alarmId: null,
      csNo: r.csNo,
      siteNo: r.siteNo,
      systemNo: null,
      outcome: 'ok',
      message: `told ${told.join(', ') || 'nobody'}; test ends ${r.endText}`,
    });
  }

  return {
    run,
    /**
     * The action step's audit, seen after it is written: a test placed, extended or cleared
     * successfully moves the agency's reminders. Never fails the action.
     */
    observe(entry: AuditEntry): void {
      if (entry.outcome !== 'ok' || !TEST_ACTIONS.has(entry.action)) return;
      const systems = new Set<string>();
      if (entry.systemNo) systems.add(entry.systemNo);
      for (const t of entry.tests ?? []) if (t.systemNo) systems.add(t.systemNo);
      const placer =
        entry.action === 'placeOnTest'
          ? { username: entry.username, contactNumber: entry.contactNumber }
          : null;
      sync(entry.agencyId, placer, systems).catch((e: unknown) =>
        d.logger.warn({ err: String(e), agencyId: entry.agencyId }, 'test reminders not updated'),
      );
    },
    /** At start: the reminders the store holds are on the queue (added once across bridges). */
    async start(): Promise<void> {
      for (const r of await d.store.reminders())
        if (r.endAt > clock())
          await d.jobs.add({
            id: r.jobId,
            kind: 'testReminder',
            at: Math.max(clock(), r.endAt - d.beforeMs),
            data: { key: r.key, endAt: String(r.endAt) },
          });
        else await d.store.deleteReminder(r.key);
    },
    sync,
  };
}
export type TestReminders = ReturnType<typeof createTestReminders>;
