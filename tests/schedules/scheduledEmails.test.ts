import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/stack';
import { waitFor } from '../support/screen';
import { startTwoBridges, type TwoBridges } from '../support/twoBridges';
import { redisReachable } from '../support/redis';

/**
 * Scheduled report e-mails and test-expiry reminders with two bridges on one Redis: each run and
 * each reminder lands in the simulator's outbox once, with an attachment that opens and holds the
 * report's rows.
 */

interface SentEmail {
  at: number;
  toAddress: string[];
  subject: string;
  body: string;
  fileName: string | null;
  attachment: { contentType: string | null; base64: string } | null;
}

const run = promisify(execFile);
let stack: TwoBridges;
let owner: { cookie: string; profile: { agencyId: string } };

async function outbox(): Promise<SentEmail[]> {
  const res = await fetch(`${stack.sim.url}/_sim/outbox`);
  return ((await res.json()) as { emails: SentEmail[] }).emails;
}

async function call(base: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      cookie: owner.cookie,
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

/** Renders a PDF's first page with pdftoppm: it opens. */
async function pdfOpens(bytes: Buffer): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'sched-pdf-'));
  try {
    await writeFile(join(dir, 'a.pdf'), bytes);
    await run('pdftoppm', ['-png', '-r', '30', '-f', '1', '-l', '1', join(dir, 'a.pdf'), join(dir, 'page')]);
    return (await readdir(dir)).some((f) => f.startsWith('page') && f.endsWith('.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The bridges' clock: the real one, moved forward (never back) when a test wants a run or a
 * reminder due in a few seconds rather than at the next whole minute of the wall clock.
 */
let ahead = 0;
const bridgeNow = () => Date.now() + ahead;
const moveClockTo = (t: number) => {
  ahead = Math.max(ahead, t - Date.now());
};

/**
 * The marker that no second e-mail is coming: a "Send now" of a schedule of its own, added to the
 * job queue both bridges work after the e-mail checked had come, has been sent. A second run of
 * anything on the queue before it would have been taken first.
 */
let markerId: string | null = null;
async function laterJobSent(): Promise<void> {
  const mine = async () => (await outbox()).filter((e) => e.toAddress[0] === 'marker@example.com').length;
  if (!markerId) {
    const site = stack.sim.world.systemsOf(owner.profile.agencyId)[1];
    const created = await call(stack.a.url, 'POST', '/api/scheduledEmails', {
      report: 'testZones',
      siteNo: String(site.siteNo),
      agencyId: owner.profile.agencyId,
      recipients: 'marker@example.com',
      period: 'week',
      weekday: 1,
      time: '06:00',
      timeZone: 'America/Chicago',
      format: 'pdf',
    });
    expect(created.status).toBe(201);
    markerId = String(created.json.id);
  }
  const before = await mine();
  expect((await call(stack.a.url, 'POST', `/api/scheduledEmails/${markerId}/send`)).status).toBe(202);
  await waitFor('the marker e-mail', async () => (await mine()) > before, 20_000);
}

const hasRedis = await redisReachable();

describe.skipIf(!hasRedis)('scheduled report e-mails across two bridges', () => {
  beforeAll(async () => {
    stack = await startTwoBridges(
      'scheduled',
      {
        BRIDGE_UPSTREAM_USER: 'bridge',
        BRIDGE_UPSTREAM_PASSWORD: 'bridge-sim-123',
        // The simulator's tests run 4 hours by default: the reminder goes about 20 s after placing one.
        TEST_REMINDER_BEFORE: '14380s',
        SCHEDULE_RETRY_MS: '1s',
        // Each check of "sent once" ends with a "Send now" of the marker schedule (laterJobSent).
        SEND_NOW_PER_MIN: '10',
      },
      { scheduleClock: bridgeNow },
    );
    owner = await signIn(stack.a.url, 'owner', 'owner123');
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('"Send now" of a Test Zones Report schedule sends one PDF that opens and lists the site zones', async () => {
    const site = stack.sim.world.systemsOf(owner.profile.agencyId)[0];
    const created = await call(stack.a.url, 'POST', '/api/scheduledEmails', {
      report: 'testZones',
      siteNo: String(site.siteNo),
      agencyId: owner.profile.agencyId,
      recipients: 'zones@example.com',
      period: 'week',
      weekday: 1,
      time: '06:00',
      timeZone: 'America/Chicago',
      format: 'pdf',
    });
    expect(created.status).toBe(201);
    // Settings on the other bridge lists it with its next run.
    const listed = await call(stack.b.url, 'GET', '/api/scheduledEmails');
    const mine = (listed.json.schedules as Array<{ id: string; nextRunAt: string | null }>).find(
      (s) => s.id === created.json.id,
    );
    expect(mine?.nextRunAt).toMatch(/T\d\d:00:00/);

    expect(
      (await call(stack.b.url, 'POST', `/api/scheduledEmails/${String(created.json.id)}/send`)).status,
    ).toBe(202);
    await waitFor(
      'the Test Zones e-mail',
      async () => (await outbox()).some((e) => e.toAddress[0] === 'zones@example.com'),
      20_000,
    );
    // The run has ended (its result is listed) before the marker goes on the queue.
    await waitFor('the run listed as sent', async () => {
      const listed = await call(stack.a.url, 'GET', '/api/scheduledEmails');
      return (listed.json.schedules as Array<{ id: string; lastRun: { ok: boolean } | null }>).some(
        (s) => s.id === created.json.id && s.lastRun?.ok === true,
      );
    });
    await laterJobSent();
    const sent = (await outbox()).filter((e) => e.toAddress[0] === 'zones@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe(`Test Zones Report - site ${site.siteNo}`);
    expect(sent[0].fileName).toBe(`TestZonesReport_${site.siteNo}.pdf`);
    const pdf = Buffer.from(sent[0].attachment!.base64, 'base64');
    expect(await pdfOpens(pdf)).toBe(true);
    // The writer's text is plain in the page: the report's CS# is in it.
    expect(pdf.toString('latin1')).toContain(`(${site.csNo})`);

    const after = await call(stack.a.url, 'GET', '/api/scheduledEmails');
    const shown = (
      after.json.schedules as Array<{ id: string; lastRun: { ok: boolean; message: string } | null }>
    ).find((s) => s.id === created.json.id);
    expect(shown?.lastRun?.ok).toBe(true);
  }, 60_000);

  it('a scheduled Agency Dispatch run is sent once by two bridges, as an Excel file with the report rows', async () => {
    // The next whole minute in UTC, the bridges' clock moved to 5 s before it: both bridges add
    // that run; one sends it.
    const at = new Date(Math.ceil((bridgeNow() + 5_000) / 60_000) * 60_000);
    moveClockTo(at.getTime() - 5_000);
    const time = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
    const created = await call(stack.b.url, 'POST', '/api/scheduledEmails', {
      report: 'dispatches',
      agencyId: owner.profile.agencyId,
      recipients: 'dispatch@example.com; second@example.com',
      period: 'month',
      dayOfMonth: at.getUTCDate(),
      time,
      timeZone: 'UTC',
      format: 'xlsx',
    });
    expect(created.status).toBe(201);
    expect(created.json.nextRunAt).toBe(at.toISOString());

    const mine = () => outbox().then((all) => all.filter((e) => e.toAddress[0] === 'dispatch@example.com'));
    await waitFor('the scheduled run', async () => (await mine()).length > 0, 30_000);
    // The run has ended (the next run is planned, its last step) before the marker goes on the queue.
    await waitFor('the next run planned', async () => {
      const listed = await call(stack.a.url, 'GET', '/api/scheduledEmails');
      return (listed.json.schedules as Array<{ id: string; nextRunAt: string | null }>).some(
        (s) => s.id === created.json.id && s.nextRunAt !== null && Date.parse(s.nextRunAt) > at.getTime(),
      );
    });
    await laterJobSent();
    const sent = await mine();
    expect(sent).toHaveLength(1);
    expect(sent[0].toAddress).toEqual(['dispatch@example.com', 'second@example.com']);
    expect(sent[0].fileName).toBe('Agency_Dispatch.xlsx');

    // The workbook reads back with exceljs: the screen's columns, one row per system of last month.
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(sent[0].attachment!.base64, 'base64') as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, 'CS#', 'Signal Count', 'Site Name', 'City']);
    const systems: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 1 && !row.outlineLevel) systems.push(String(row.getCell(1).value));
    });
    const rows = await call(
      stack.a.url,
      'GET',
      `/api/Home/GetExcessiveDispatch?servcoNo=${owner.profile.agencyId}&mode=last90&isCountIncluded=true`,
    );
    const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const expected = new Set(
      (
        (rows.json.result as { excessivedispatchResult: Array<{ cs_no: string; event_date: string }> })
          .excessivedispatchResult ?? []
      )
        .filter((r) => String(r.event_date).slice(0, 7) === last)
        .map((r) => String(r.cs_no)),
    );
    // NOTE: the simulator's seeded history has dispatches every month, so last month is never empty.
    expect(expected.size).toBeGreaterThan(0);
    expect(new Set(systems)).toEqual(expected);

    // The next run is a month on, and the audit has the send under the new action.
    const listed = await call(stack.a.url, 'GET', '/api/scheduledEmails');
    const shown = (listed.json.schedules as Array<{ id: string; nextRunAt: string }>).find(
      (s) => s.id === created.json.id,
    );
    expect(Date.parse(shown!.nextRunAt)).toBeGreaterThan(at.getTime() + 27 * 86_400_000);
    const audit = await call(stack.a.url, 'GET', '/api/audit');
    expect(JSON.stringify(audit.json)).toContain('scheduledReportEmail');
  }, 90_000);

  it('a test placed on one bridge sends one reminder, by e-mail, before it ends', async () => {
    expect(
      (
        await call(stack.b.url, 'POST', '/api/scheduledEmails/reminders', {
          email: 'reminder@example.com',
          myTests: true,
        })
      ).status,
    ).toBe(200);
    const system = stack.sim.world.systemsOf(owner.profile.agencyId)[3];
    // The reminder is due 20 s after the test is placed: the bridges' clock is moved there first.
    moveClockTo(Date.now() + 20_000);
    const placed = await call(stack.a.url, 'POST', '/api/OnTest/SaveOnTest', {
      process_flag: 'on',
      SiteNo: system.siteNo,
      system_no: system.systemNo,
      system_list: String(system.systemNo),
      testcat_id: 'GEN',
      all_zones_flag: 'Y',
      comment: 'reminder test',
    });
    expect(placed.status).toBe(200);
    const mine = () => outbox().then((all) => all.filter((e) => e.toAddress[0] === 'reminder@example.com'));
    await waitFor('the reminder', async () => (await mine()).length > 0, 30_000);
    // The reminder's job has ended (audited, its last step) before the marker goes on the queue.
    await waitFor('the reminder audited', async () => {
      const audit = await call(stack.a.url, 'GET', '/api/audit?limit=500');
      return ((audit.json.entries ?? []) as Array<{ action: string; csNo: string | null }>).some(
        (e) => e.action === 'testReminder' && e.csNo === String(system.csNo),
      );
    });
    await laterJobSent();
    const sent = await mine();
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe(`Test ending soon - CS# ${system.csNo}`);
    expect(await pdfOpens(Buffer.from(sent[0].attachment!.base64, 'base64'))).toBe(true);
  }, 60_000);
});
