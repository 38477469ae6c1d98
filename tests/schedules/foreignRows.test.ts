import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../server/audit/auditEntry';
import { createMemoryJobQueue } from '../../server/jobs/memoryJobQueue';
import { createLogger } from '../../server/observability/logger';
import { createScheduledEmails, type ScheduledEmailsDeps } from '../../server/schedules/scheduledEmails';
import { createFileScheduleStore, type ScheduleRecord } from '../../server/schedules/scheduleStore';
import type { UpstreamClient } from '../../server/upstream/upstreamClient';

/**
 * The rows a scheduled run reads with the bridge's identity, which sees every agency, are checked
 * against the agency's own account list before anything is attached: an answer holding a row of
 * another account (a CS# not of the schedule's site) sends nothing and is audited as failed, with
 * the site and its CS#. An upstream the test controls plays the monitoring center.
 */

const AGENCY = '21001';
const SITE = '100001';
const OWN = { cs_no: 'A10001', system_no: 500001 };
const FOREIGN = { cs_no: 'B20077', system_no: 900077 };

const envelope = (result: unknown) => ({ isSessionValid: true, apiStatus: true, result, errors: [] });

/** An upstream whose Test Zones Report answers `rows`; it notes every report e-mail sent. */
function upstreamAnswering(rows: object[]) {
  const sent: string[] = [];
  const passThrough = (_method: string, path: string) => {
    if (path === 'GetSiteByServCoNo')
      return Promise.resolve({
        json: envelope([{ site_no: Number(SITE), ...OWN, site_name: 'Golden Jewelers', acct_status: 'A' }]),
      });
    if (path === 'Report/GetTestZonesReport') return Promise.resolve({ json: envelope(rows) });
    if (path === 'MASAPI/sendReportEmail') {
      sent.push(path);
      return Promise.resolve({ json: envelope('Report email sent successfully.') });
    }
    return Promise.reject(new Error(`unexpected call ${path}`));
  };
  // NOTE: a fake of the client's one method the run uses; the rest is never called.
  const upstream = { passThrough } as unknown as UpstreamClient;
  return { upstream, sent };
}

const zone = (account: { cs_no: string; system_no: number }, zoneId: string) => ({
  ...account,
  zone_id: zoneId,
  zone_comment: 'FRONT DOOR',
  site_name: 'Golden Jewelers',
});

async function runSendNow(rows: object[]) {
  const { upstream, sent } = upstreamAnswering(rows);
  const store = await createFileScheduleStore(null);
  const audit: AuditEntry[] = [];
  const profile = {
    contactNumber: 500001,
    agencyId: AGENCY,
    RelationId: '1',
    serviceCompanyList: [{ servco_no: AGENCY }],
  };
  const schedule = {
    id: 'sched-1',
    report: 'testZones',
    siteNo: SITE,
    agencyId: AGENCY,
    recipients: 'zones@example.com',
    period: 'week',
    time: '06:00',
    weekday: 1,
    dayOfMonth: null,
    timeZone: 'America/Chicago',
    format: 'pdf',
    owner: { username: 'owner', contactNumber: '500001', agencyId: AGENCY, name: 'Olivia Owens' },
    ownerProfile: profile,
    createdAt: 0,
    paused: false,
    pausedReason: null,
    nextRunAt: null,
    lastRun: null,
  } as unknown as ScheduleRecord;
  await store.put(schedule);
  await store.putProfile('500001', schedule.ownerProfile);
  const deps = {
    store,
    jobs: createMemoryJobQueue({ retry: { attempts: 1, backoffMs: 10 } }),
    upstream,
    identityFor: () => ({
      credential: () =>
        Promise.resolve({ bridgeSessionId: 'b', upstreamSessionId: 'u', installServcoTypeFor: () => 'D' }),
      invalidate: () => undefined,
    }),
    record: (e: AuditEntry) => {
      audit.push(e);
      return Promise.resolve();
    },
    // The owner's rights as the monitoring center holds them now: unchanged.
    rights: { read: () => Promise.resolve({ kind: 'ok', rights: profile }) },
    ownerRelationId: '1',
    logger: createLogger('silent'),
  } as unknown as ScheduledEmailsDeps;
  const emails = createScheduledEmails(deps);
  await emails.run({
    job: { id: 'now', kind: 'scheduledEmail', at: 0, data: { schedule: 'sched-1', at: '0', now: '1' } },
    attempt: 1,
    final: true,
  });
  return { sent, audit, stored: await store.get('sched-1') };
}

describe('a scheduled run checks the rows it read', () => {
  it("sends the site's own rows, and the audit names the site and its CS#", async () => {
    const { sent, audit } = await runSendNow([zone(OWN, '001'), zone(OWN, '002')]);
    expect(sent).toHaveLength(1);
    expect(audit.map((e) => [e.outcome, e.agencyId, e.siteNo, e.csNo])).toEqual([
      ['ok', AGENCY, SITE, OWN.cs_no],
    ]);
  });

  it('an answer holding a row of another account sends nothing and is audited as failed', async () => {
    const { sent, audit, stored } = await runSendNow([zone(OWN, '001'), zone(FOREIGN, '001')]);
    expect(sent).toHaveLength(0);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ outcome: 'failed', agencyId: AGENCY, siteNo: SITE, csNo: OWN.cs_no });
    expect(audit[0].message).toContain('1 row(s) of accounts outside site 100001 of agency 21001');
    // The foreign CS# is named nowhere.
    expect(JSON.stringify(audit)).not.toContain(FOREIGN.cs_no);
    expect(stored?.paused).toBe(true);
  });
});
