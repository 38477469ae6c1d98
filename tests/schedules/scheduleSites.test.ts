import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import { waitFor } from '../support/screen';
import { startSim, startTestBridge, type Simulator } from '../support/stack';
import {
  auditOf,
  call,
  outbox,
  signInAs,
  testZonesSchedule,
  type AuditLine,
  type User,
} from './scheduleSupport';

/**
 * A scheduled Test Zones Report names only a site of its own agency: another dealer's site is
 * refused when the schedule is made, exactly as a site that does not exist; a schedule already
 * stored with such a site (an old one) sends nothing when it runs or on "Send now", and the audit
 * names what it was for. Two real dealers: the demo `owner` (and its sub-account `dispatcher`)
 * and `multi`, of other agencies.
 */

const IDENTITY = {
  BRIDGE_UPSTREAM_USER: 'bridge',
  BRIDGE_UPSTREAM_PASSWORD: 'bridge-sim-123',
};

let sim: Simulator;
let dir: string;
let file: string;
let first: Bridge | null = null;
let second: Bridge | null = null;

beforeAll(async () => {
  sim = await startSim();
  dir = await mkdtemp(join(tmpdir(), 'schedule-sites-'));
  file = join(dir, 'data', 'schedules.json');
  first = await startTestBridge(sim.url, { ...IDENTITY, SCHEDULES_FILE: file });
}, 60_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await sim?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The first account of an agency in the simulator's world. */
const siteOf = (agencyId: string) => {
  const s = sim.world.systemsOf(agencyId)[0];
  return { siteNo: String(s.siteNo), csNo: String(s.csNo) };
};

async function dealers(base: string) {
  const owner = await signInAs(base, 'owner', 'owner123');
  const dispatcher = await signInAs(base, 'dispatcher', 'dispatch123');
  const multi = await signInAs(base, 'multi', 'multi123');
  const mine = owner.profile.agencyId;
  const theirs = [...visibleAgencies(multi.profile as never)].find((a) => a !== mine)!;
  return { owner, dispatcher, multi, mine, theirs };
}

describe('a Test Zones Report schedule names only a site of its own agency', () => {
  it("scheduling another dealer's site is refused exactly as a site that does not exist", async () => {
    const base = first!.url;
    const { owner, dispatcher, mine, theirs } = await dealers(base);
    expect(visibleAgencies(owner.profile as never).has(theirs)).toBe(false);
    const foreign = siteOf(theirs).siteNo;

    for (const user of [owner, dispatcher]) {
      const unknown = await call(
        base,
        user,
        'POST',
        '/api/scheduledEmails',
        testZonesSchedule(mine, '987654321', 'x@example.com'),
      );
      const other = await call(
        base,
        user,
        'POST',
        '/api/scheduledEmails',
        testZonesSchedule(mine, foreign, 'x@example.com'),
      );
      expect(unknown.status).toBe(400);
      expect(other.status).toBe(unknown.status);
      expect(other.json).toEqual(unknown.json);
      expect(other.json).toMatchObject({ field: 'siteNo' });
    }
    // The dealer's own site is scheduled as before.
    const own = await call(
      base,
      owner,
      'POST',
      '/api/scheduledEmails',
      testZonesSchedule(mine, siteOf(mine).siteNo, 'x@example.com'),
    );
    expect(own.status).toBe(201);
    const listed = await call(base, owner, 'GET', '/api/scheduledEmails');
    const sites = (listed.json?.schedules as { siteNo: string | null }[]).map((s) => s.siteNo);
    expect(sites).not.toContain(foreign);
  }, 60_000);

  it("a stored schedule naming another dealer's site sends nothing when it runs or on Send now, and the audit names its target", async () => {
    const { owner, mine, theirs } = await dealers(first!.url);
    const own = siteOf(mine);
    const foreign = siteOf(theirs);
    const created = await call(
      first!.url,
      owner,
      'POST',
      '/api/scheduledEmails',
      testZonesSchedule(mine, own.siteNo, 'stolen@example.com'),
    );
    expect(created.status).toBe(201);
    const id = String(created.json?.id);
    await first!.close();
    first = null;

    // As an old schedule would be: the stored record names the other dealer's site, and its run
    // was missed while the bridge was down (so the next bridge runs it at once).
    const stored = JSON.parse(await readFile(file, 'utf8')) as {
      schedules: Record<string, { siteNo: string; nextRunAt: number }>;
    };
    stored.schedules[id] = {
      ...stored.schedules[id],
      siteNo: foreign.siteNo,
      nextRunAt: Date.now() - 60_000,
    };
    await writeFile(file, JSON.stringify(stored));
    const sentBefore = (await outbox(sim)).length;

    second = await startTestBridge(sim.url, { ...IDENTITY, SCHEDULES_FILE: file });
    const base = second.url;
    const me: User = await signInAs(base, 'owner', 'owner123');
    const linesOf = async () =>
      (await auditOf(base, me)).filter(
        (e: AuditLine) => e.action === 'scheduledReportEmail' && e.siteNo === foreign.siteNo,
      );
    await waitFor('the missed run to be audited', async () => (await linesOf()).length >= 1, 30_000);

    expect((await call(base, me, 'POST', `/api/scheduledEmails/${id}/send`)).status).toBe(202);
    await waitFor('the Send now to be audited', async () => (await linesOf()).length >= 2, 30_000);

    const lines = await linesOf();
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.outcome).toBe('failed');
      expect(line.agencyId).toBe(mine);
      expect(line.message).toContain(`site ${foreign.siteNo} is not a site of agency ${mine}`);
      // Nothing of the other dealer's site is named: its CS# is not known to this agency.
      expect(line.csNo).toBeNull();
    }
    expect((await outbox(sim)).filter((e) => e.toAddress.includes('stolen@example.com'))).toHaveLength(0);
    expect((await outbox(sim)).length).toBe(sentBefore);
    // Settings shows the schedule paused, with why.
    const listed = await call(base, me, 'GET', '/api/scheduledEmails');
    const shown = (listed.json?.schedules as { id: string; paused: boolean; pausedReason: string }[]).find(
      (s) => s.id === id,
    );
    expect(shown?.paused).toBe(true);
    expect(shown?.pausedReason).toContain('is not a site of agency');

    // The dealer's own site is sent, and its audit names the site and its CS#.
    const ownSchedule = await call(
      base,
      me,
      'POST',
      '/api/scheduledEmails',
      testZonesSchedule(mine, own.siteNo, 'own@example.com'),
    );
    expect(ownSchedule.status).toBe(201);
    expect(
      (await call(base, me, 'POST', `/api/scheduledEmails/${String(ownSchedule.json?.id)}/send`)).status,
    ).toBe(202);
    await waitFor(
      'the own site e-mail',
      async () => (await outbox(sim)).some((e) => e.toAddress.includes('own@example.com')),
      30_000,
    );
    await waitFor(
      'its audit line',
      async () =>
        (await auditOf(base, me)).some(
          (e) => e.action === 'scheduledReportEmail' && e.outcome === 'ok' && e.siteNo === own.siteNo,
        ),
      10_000,
    );
    const ok = (await auditOf(base, me)).find(
      (e) => e.action === 'scheduledReportEmail' && e.outcome === 'ok' && e.siteNo === own.siteNo,
    );
    expect(ok?.agencyId).toBe(mine);
    expect(ok?.csNo).toContain(own.csNo);
  }, 120_000);
});
