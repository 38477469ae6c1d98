import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { DISPATCH_SUCCESS } from '../../machines/messages';
import { MAX_SITES_PER_REQUEST } from '../../server/actions/authoriseAction';
import { ALARM_NOT_NAMED, ALARM_NOT_YOURS, tooManySites } from '../../shared/messages/alarmActionMessages';
import { alarmRef, bridgeCalls, runDispatch } from '../support/alarmFlows';
import { waitFor } from '../support/screen';
import { freshAccount, signIn, simPost, startSim, startTestBridge, type Simulator } from '../support/stack';
import { call, clearFaults, fault } from './harness';

/**
 * Acting on an alarm across dealers (issue 10, finding 1), with a real second dealer (`multi`,
 * whose service companies are not the owner's) and a slow upstream: a request on someone else's
 * alarm is refused before any lock, upstream action or audit entry, and a request that ends badly
 * (the caller hanging up, the upstream failing) never leaves the alarm locked.
 */
let sim: Simulator;
let bridge: Bridge;
let auditFile: string;
let owner: { cookie: string; agencyId: string };
let multi: { cookie: string; agencies: string[] };
const ownerUser = { contactNumber: '500001', userName: 'Olivia Owens' };

beforeAll(async () => {
  sim = await startSim();
  auditFile = join(mkdtempSync(join(tmpdir(), 'audit-')), 'audit.log');
  bridge = await startTestBridge(sim.url, { AUDIT_FILE: auditFile, UPSTREAM_TIMEOUT_MS: '10000' });
  const o = await signIn(bridge.url, 'owner', 'owner123');
  owner = { cookie: o.cookie, agencyId: o.profile.agencyId };
  const m = await signIn(bridge.url, 'multi', 'multi123');
  const profile = m.profile as { agencyId: string; serviceCompanyList: { servco_no: string }[] };
  multi = {
    cookie: m.cookie,
    agencies: [profile.agencyId, ...profile.serviceCompanyList.map((c) => c.servco_no)],
  };
});
afterEach(() => clearFaults(sim));
afterAll(async () => {
  await bridge?.close();
  await sim?.close();
});

async function newAlarm(agencyId: string) {
  const created = (await simPost(sim, '/_sim/signals', {
    csNo: await freshAccount(sim, agencyId),
    eventId: 'B',
  })) as { alarm: Record<string, unknown> };
  return created.alarm;
}

const upstreamRequests = (path: string) => sim.simulator.stats.snapshot().byPath[path]?.requests ?? 0;

/** Every entry of the audit file (it is written a moment after the answer). */
function readAudit(): Array<Record<string, unknown>> {
  let text = '';
  try {
    text = readFileSync(auditFile, 'utf8');
  } catch {
    return [];
  }
  return text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The audit file's entries about one alarm. */
const auditOf = (alarmId: unknown) => readAudit().filter((e) => e.alarmId === String(alarmId));

/** A POST from a screen that acted from an alarm (`x-alarm-id`, as the client sends it). */
async function postFromAlarm(path: string, cookie: string, alarmId: unknown, body: unknown) {
  const res = await fetch(`${bridge.url}${path}`, {
    method: 'POST',
    headers: {
      cookie,
      origin: bridge.url,
      'content-type': 'application/json',
      'x-alarm-id': String(alarmId),
    },
    body: JSON.stringify(body),
  });
  await res.text();
  return res.status;
}

/** A POST the caller gives up on after `ms` (the browser closed, the network dropped). */
async function hangUpAfter(ms: number, path: string, cookie: string, body: unknown): Promise<void> {
  await fetch(`${bridge.url}${path}`, {
    method: 'POST',
    headers: { cookie, origin: bridge.url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(ms),
  }).catch(() => undefined);
}

describe("one dealer cannot block another dealer's alarm", () => {
  it('the two demo dealers share no agency', () => {
    expect(multi.agencies).not.toContain(owner.agencyId);
  });

  it("multi's dispatch of the owner's alarm, hung up on a slow upstream, leaves the owner free to dispatch", async () => {
    const alarm = await newAlarm(owner.agencyId);
    await fault(sim, { latencyMs: 3000 });
    const dispatchesBefore = upstreamRequests('/Alarm/RequestDispatch');
    await hangUpAfter(300, '/api/Alarm/RequestDispatch', multi.cookie, {
      AlarmincNo: alarm.alarminc_No,
      SystemNo: 'x',
    });
    await clearFaults(sim);

    const out = await runDispatch(bridgeCalls(bridge.url, owner.cookie), alarmRef(alarm), ownerUser, null);
    expect(out).toEqual({ state: 'succeeded', message: DISPATCH_SUCCESS });
    // The refused request never reached the upstream, and only the owner's dispatch is audited.
    expect(upstreamRequests('/Alarm/RequestDispatch')).toBe(dispatchesBefore);
    await waitFor('the audit entry', () => auditOf(alarm.alarminc_No).length > 1);
    expect(auditOf(alarm.alarminc_No).map((e) => [e.username, e.action, e.outcome])).toEqual([
      ['owner', 'dispatch', 'attempted'],
      ['owner', 'dispatch', 'ok'],
    ]);
  });

  it('a cross-agency dispatch or cancel is refused with a clear message, no lock and no upstream action', async () => {
    const alarm = await newAlarm(owner.agencyId);
    const gatewayBefore = upstreamRequests('/MASAPI/APIRequest');
    const dispatch = await call(bridge.url, 'POST', '/api/MASAPI/APIRequest', {
      cookie: multi.cookie,
      body: {
        methodName: 'CallDispatch',
        arguments: [{ AlarmincNo: alarm.alarminc_No, SiteNo: alarm.site_No, SystemNo: alarm.system_No }],
      },
    });
    expect(dispatch.status).toBe(403);
    expect(dispatch.body.message).toBe(ALARM_NOT_YOURS);
    const cancel = await call(bridge.url, 'POST', '/api/Alarm/CancelDispatch', {
      cookie: multi.cookie,
      body: { AlarmincNo: alarm.alarminc_No, SystemNo: alarm.system_No },
    });
    expect(cancel.status).toBe(403);
    expect(upstreamRequests('/MASAPI/APIRequest')).toBe(gatewayBefore);
    expect(upstreamRequests('/Alarm/CancelDispatch')).toBe(0);

    const out = await runDispatch(bridgeCalls(bridge.url, owner.cookie), alarmRef(alarm), ownerUser, null);
    expect(out.state).toBe('succeeded');
    await waitFor('the audit entry', () => auditOf(alarm.alarminc_No).length > 0);
    expect(auditOf(alarm.alarminc_No).every((e) => e.username === 'owner')).toBe(true);
  });

  it("the owner's own request that fails after the caller hung up releases the alarm and is audited", async () => {
    const alarm = await newAlarm(owner.agencyId);
    await fault(sim, { path: '/Alarm/RequestDispatch', latencyMs: 1000, status: 500, count: 1 });
    await hangUpAfter(300, '/api/Alarm/RequestDispatch', owner.cookie, {
      AlarmincNo: alarm.alarminc_No,
      SiteNo: alarm.site_No,
      SystemNo: alarm.system_No,
    });
    await waitFor('the failed attempt in the audit', () =>
      auditOf(alarm.alarminc_No).some((e) => e.outcome === 'failed'),
    );

    const out = await runDispatch(bridgeCalls(bridge.url, owner.cookie), alarmRef(alarm), ownerUser, null);
    expect(out).toEqual({ state: 'succeeded', message: DISPATCH_SUCCESS });
  });

  it('an action is filed under the agency that owns the alarm, not the actor’s own', async () => {
    const other = multi.agencies.find((a, i) => i > 0 && a !== multi.agencies[0]);
    expect(other).toBeDefined();
    const alarm = await newAlarm(String(other));
    const out = await runDispatch(
      bridgeCalls(bridge.url, multi.cookie),
      alarmRef(alarm),
      { contactNumber: '500003', userName: 'Maya Lindqvist' },
      null,
    );
    expect(out.state).toBe('succeeded');
    await waitFor('the audit entry', () => auditOf(alarm.alarminc_No).length > 0);
    expect(auditOf(alarm.alarminc_No)[0]).toMatchObject({ username: 'multi', agencyId: other });
  });
});

describe('several tests changed by one request', () => {
  const records = (alarm: Record<string, unknown>, count: number) =>
    Array.from({ length: count }, () => ({
      process_flag: 'extend',
      SiteNo: alarm.site_No,
      system_no: alarm.system_No,
      test_seqno: 1,
      testcat_id: 'ALRM',
      change_user: '500001',
      comment: 'more time',
    }));

  it('write one audit entry that lists them', async () => {
    const alarm = await newAlarm(owner.agencyId);
    const status = await postFromAlarm(
      '/api/OnTest/ClearOrExtendMultipleTests',
      owner.cookie,
      alarm.alarminc_No,
      records(alarm, 3),
    );
    expect(status).toBeLessThan(500);
    await waitFor('the audit entry', () => auditOf(alarm.alarminc_No).length > 1);
    const entries = auditOf(alarm.alarminc_No).filter((e) => e.outcome !== 'attempted');
    expect(entries).toHaveLength(1);
    expect(entries[0].tests).toHaveLength(3);
    expect(entries[0].agencyId).toBe(owner.agencyId);
  });

  it("on another dealer's site are refused before acting: no upstream call, no audit entry", async () => {
    const alarm = await newAlarm(owner.agencyId);
    const before = upstreamRequests('/OnTest/ClearOrExtendMultipleTests');
    const status = await postFromAlarm(
      '/api/OnTest/ClearOrExtendMultipleTests',
      multi.cookie,
      alarm.alarminc_No,
      records(alarm, 2),
    );
    expect(status).toBe(403);
    expect(upstreamRequests('/OnTest/ClearOrExtendMultipleTests')).toBe(before);
    // The marker: the owner's own request on the alarm, made after the refusal, is audited. The
    // audit file is appended in order, so a stray write of the refused request would come first.
    await postFromAlarm(
      '/api/OnTest/ClearOrExtendMultipleTests',
      owner.cookie,
      alarm.alarminc_No,
      records(alarm, 1),
    );
    await waitFor("the owner's entry", () =>
      auditOf(alarm.alarminc_No).some((e) => e.outcome !== 'attempted'),
    );
    expect(auditOf(alarm.alarminc_No).filter((e) => e.username !== 'owner')).toEqual([]);
    // A refused request names no alarm it may act on: nothing of multi's about the site either.
    expect(readAudit().filter((e) => e.username === 'multi' && e.siteNo === String(alarm.site_No))).toEqual(
      [],
    );
  });
});

describe('the CS# a test change is audited with', () => {
  /** A test change as Alarm Testing sends it: no alarm, the system's CS# as a header. */
  async function extendWithCsNo(alarm: Record<string, unknown>, csNo: string) {
    const res = await fetch(`${bridge.url}/api/OnTest/ClearOrExtendMultipleTests`, {
      method: 'POST',
      headers: {
        cookie: owner.cookie,
        origin: bridge.url,
        'content-type': 'application/json',
        'x-cs-no': csNo,
      },
      body: JSON.stringify([
        {
          process_flag: 'extend',
          SiteNo: alarm.site_No,
          system_no: alarm.system_No,
          test_seqno: 1,
          testcat_id: 'ALRM',
          change_user: '500001',
          comment: 'more time',
        },
      ]),
    });
    await res.text();
    return res.status;
  }
  const entriesOfSite = (siteNo: unknown) =>
    readAudit().filter((e) => e.siteNo === String(siteNo) && e.outcome !== 'attempted');

  it('is the one the screen names once the upstream shows it on the tested system, and never a forged one', async () => {
    const mine = await newAlarm(owner.agencyId);
    expect(await extendWithCsNo(mine, String(mine.cs_No))).toBeLessThan(500);
    await waitFor('the audit entry', () => entriesOfSite(mine.site_No).length > 0);
    expect(entriesOfSite(mine.site_No)[0]!.csNo).toBe(String(mine.cs_No));

    // A CS# of another dealer's account, or of another of the owner's own systems, is not kept.
    const foreign = await freshAccount(
      sim,
      multi.agencies.find((a) => a !== owner.agencyId)!,
    );
    const other = await newAlarm(owner.agencyId);
    for (const csNo of [foreign, String(other.cs_No)]) {
      const alarm = await newAlarm(owner.agencyId);
      expect(await extendWithCsNo(alarm, csNo)).toBeLessThan(500);
      await waitFor('the audit entry', () => entriesOfSite(alarm.site_No).length > 0);
      expect(entriesOfSite(alarm.site_No)[0]!.csNo, csNo).toBeNull();
    }
  });
});

describe('hostile input: the alarm and sites a request names', () => {
  it('a dispatch whose body names no alarm is refused whatever x-alarm-id says: nothing dispatched, the header alarm still free (finding 6)', async () => {
    const a = await newAlarm(owner.agencyId);
    const b = await newAlarm(owner.agencyId);
    const before = upstreamRequests('/Alarm/RequestDispatch');
    const res = await fetch(`${bridge.url}/api/Alarm/RequestDispatch`, {
      method: 'POST',
      headers: {
        cookie: owner.cookie,
        origin: bridge.url,
        'content-type': 'application/json',
        'x-alarm-id': String(a.alarminc_No),
      },
      body: JSON.stringify({ SystemNo: b.system_No, CSNo: b.cs_No, Comment: 'B, audited as A' }),
    });
    const body = (await res.json()) as { message: string };
    expect([res.status, body.message]).toEqual([400, ALARM_NOT_NAMED]);
    expect(upstreamRequests('/Alarm/RequestDispatch')).toBe(before);
    expect(sim.world.incidents.get(Number(b.alarminc_No))?.closedAt ?? null).toBeNull();

    // The alarm the header named is not marked handled: its dispatch goes through.
    const out = await runDispatch(bridgeCalls(bridge.url, owner.cookie), alarmRef(a), ownerUser, null);
    expect(out).toEqual({ state: 'succeeded', message: DISPATCH_SUCCESS });
  });

  it('a dispatch is audited with the CS# of the alarm it names, not the one the request claims', async () => {
    const a = await newAlarm(owner.agencyId);
    const res = await call(bridge.url, 'POST', '/api/Alarm/RequestDispatch', {
      cookie: owner.cookie,
      body: { AlarmincNo: a.alarminc_No, CSNo: 'NOT-THIS-ONE' },
    });
    expect(res.status).toBe(200);
    await waitFor('the outcome', () => auditOf(a.alarminc_No).some((e) => e.outcome === 'ok'));
    for (const e of auditOf(a.alarminc_No)) expect(e.csNo).toBe(String(a.cs_No));
  });

  const extend = (site: unknown, system: unknown) => ({
    process_flag: 'extend',
    SiteNo: site,
    system_no: system,
    test_seqno: 1,
    testcat_id: 'ALRM',
    change_user: '500001',
    comment: 'more time',
  });

  it('a test change of more sites than the cap is refused with a clear 400 before any look-up (finding 9)', async () => {
    const before = upstreamRequests('/OnTest/GetSiteDetailsBySiteNo');
    const changes = upstreamRequests('/OnTest/ClearOrExtendMultipleTests');
    const records = Array.from({ length: 100 }, (_, i) => extend(100_000 + i, 1));
    const res = await call(bridge.url, 'POST', '/api/OnTest/ClearOrExtendMultipleTests', {
      cookie: owner.cookie,
      body: records,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(tooManySites(MAX_SITES_PER_REQUEST));
    expect(upstreamRequests('/OnTest/GetSiteDetailsBySiteNo')).toBe(before);
    expect(upstreamRequests('/OnTest/ClearOrExtendMultipleTests')).toBe(changes);
  });

  it("a session's sites are looked up once a minute, however many requests name them (finding 9)", async () => {
    const alarm = await newAlarm(owner.agencyId);
    const records = Array.from({ length: 5 }, () => extend(alarm.site_No, alarm.system_No));
    const before = upstreamRequests('/OnTest/GetSiteDetailsBySiteNo');
    for (let i = 0; i < 5; i++) {
      const res = await call(bridge.url, 'POST', '/api/OnTest/ClearOrExtendMultipleTests', {
        cookie: owner.cookie,
        body: records,
      });
      expect(res.status).toBeLessThan(500);
    }
    expect(upstreamRequests('/OnTest/GetSiteDetailsBySiteNo') - before).toBe(1);
  });
});
