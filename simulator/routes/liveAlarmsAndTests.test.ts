import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAlarmRowSchema } from '../../shared/upstream/activeAlarmRow';
import { eventLogRowSchema } from '../../shared/upstream/eventLogRow';
import type { RunningSimulator } from '../createSimulator';
import { control, get, post, signIn, startTestSimulator } from '../../tests/support/simulator/simClient';

let sim: RunningSimulator;
let clock: Awaited<ReturnType<typeof startTestSimulator>>['clock'];
let sid: string;
let agencyId: string;

/** Accounts of the owner's agency with a fire zone and no test on, as a client would pick them. */
function freshAccounts() {
  const used = new Set([
    ...sim.world.tests.openTests().map((t) => t.systemNo),
    ...sim.world.incidents.activeOf(agencyId).map((i) => i.systemNo),
  ]);
  return sim.world
    .systemsOf(agencyId)
    .filter((s) => !used.has(s.systemNo) && !s.runaway && s.zones.some((z) => z.alarmType === 'F'));
}

async function activeAlarms() {
  const a = await post(
    sim,
    '/AlarmBuffer/GetEventLogsLiveAlarm_Dev',
    { AgencyId: agencyId, offset: 1, count: 500 },
    sid,
  );
  return (a.body.result.eventLogList as unknown[]).map((r) => activeAlarmRowSchema.parse(r));
}

async function eventsOf(csNo: string) {
  const a = await post(
    sim,
    '/AlarmBuffer/GetEventLogs',
    { AgencyId: agencyId, cs_no: csNo, offset: 1, count: 100, IncludeTestEvents: true },
    sid,
  );
  return (a.body.result.eventLogList as unknown[]).map((r) => eventLogRowSchema().parse(r));
}

beforeAll(async () => {
  ({ sim, clock } = await startTestSimulator());
  const profile = await signIn(sim, 'owner', 'owner123');
  sid = profile.loginGUID;
  agencyId = profile.agencyId;
});
afterAll(() => sim.close());

describe('live alarms and tests', () => {
  it('raises a red active alarm for an injected fire signal', async () => {
    const [account] = freshAccounts();
    const injected = await control(sim, '/signals', { csNo: account.csNo, eventId: 'F' });
    expect(injected.event.eventrpt_id).toBe('F');
    expect(injected.alarm).toMatchObject({ cs_No: account.csNo, color: 'red', color_Code: '#FF0000' });
    const row = (await activeAlarms()).find((r) => r.alarminc_No === String(injected.alarm.alarminc_No));
    expect(row).toMatchObject({ color: 'red', alarm_event_id: 'FA', cs_No: account.csNo });
    expect(row?.alarm_Date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
  });

  it('records a signal on a system on test as a test event and raises no alarm; clearing the test flips it to Y', async () => {
    const account = freshAccounts()[1];
    const saved = await post(
      sim,
      '/OnTest/SaveOnTest',
      {
        process_flag: 'on',
        SiteNo: account.siteNo,
        system_no: account.systemNo,
        testcat_id: 'GEN',
        all_zones_flag: 'Y',
        comment: 'panel swap',
      },
      sid,
    );
    expect(saved.body.result).toMatchObject({ rtn_code: 0, err_msg: 'ok' });
    const seqno = saved.body.result.test_seqnos[0];

    const injected = await control(sim, '/signals', { csNo: account.csNo, eventId: 'B' });
    expect(injected.alarm).toBeUndefined();
    expect(injected.event).toMatchObject({ eventrpt_id: 'TE', event_Id: 'BA', isTestCleared: 'N' });
    expect((await activeAlarms()).some((r) => r.cs_No === account.csNo)).toBe(false);

    const hidden = await post(
      sim,
      '/AlarmBuffer/GetEventLogs',
      { AgencyId: agencyId, cs_no: account.csNo, IncludeTestEvents: false },
      sid,
    );
    expect(hidden.body.result.eventLogList.some((r: { id: number }) => r.id === injected.event.id)).toBe(
      false,
    );

    const cleared = await post(sim, '/OnTest/ClearOrExtendMultipleTests', [
      {
        process_flag: 'off',
        test_seqno: seqno,
        system_no: account.systemNo,
        comment: 'done',
        SessionGUID: sid,
      },
    ]);
    expect(cleared.body.result).toContain('Success');
    const rows = await eventsOf(account.csNo);
    expect(rows.find((r) => r.id === String(injected.event.id))?.isTestCleared).toBe('Y');
    expect(rows.some((r) => r.event_Id === 'CLTEST')).toBe(true);
  });

  it('removes the alarm and adds a D event on CallDispatch', async () => {
    const account = freshAccounts()[2];
    const { alarm } = await control(sim, '/signals', { csNo: account.csNo, eventId: 'P' });
    const answer = await post(sim, '/MASAPI/APIRequest', {
      sessionGuid: sid,
      methodName: 'CallDispatch',
      arguments: [
        'WEB',
        account.siteNo,
        account.systemNo,
        500001,
        alarm.alarm_event_id,
        alarm.alarminc_No,
        'ETA 10 min, blue pickup',
        null,
        account.csNo,
        'owner',
      ],
    });
    expect(answer.body).toMatchObject({
      HttpStatusCode: 200,
      ErrorMessage: null,
      Result: { status: 'DISPATCHED' },
    });
    expect((await activeAlarms()).some((r) => r.alarminc_No === String(alarm.alarminc_No))).toBe(false);
    const d = (await eventsOf(account.csNo)).find((r) => r.eventrpt_id === 'D');
    expect(d?.description).toContain('ETA 10 min');
  });

  it('clears an alarm with the user PIN only (ClearAlarm), and writes the manual cancel signal', async () => {
    const account = freshAccounts()[3];
    const { alarm } = await control(sim, '/signals', { csNo: account.csNo, eventId: 'B' });
    const args = (pin: string) => [
      'CANCEL',
      account.siteNo,
      account.systemNo,
      500001,
      'BA',
      alarm.alarminc_No,
      'false alarm',
      pin,
      account.csNo,
      'owner',
    ];
    const wrong = await post(sim, '/MASAPI/APIRequest', {
      sessionGuid: sid,
      methodName: 'ClearAlarm',
      arguments: args('0000'),
    });
    expect(wrong.body).toMatchObject({ ErrorMessage: 'Invalid PIN.', IsAlarmCleared: false });
    const right = await post(sim, '/MASAPI/APIRequest', {
      sessionGuid: sid,
      methodName: 'ClearAlarm',
      arguments: args('1234'),
    });
    expect(right.body).toMatchObject({ IsAlarmCleared: true, ErrorMessage: null });
    expect((await activeAlarms()).some((r) => r.alarminc_No === String(alarm.alarminc_No))).toBe(false);
    const manual = await get(sim, '/alarm/SetManualSignal', {
      sessionid: sid,
      CsNo: account.csNo,
      Comment: 'cancel from web',
      EventId: '4618',
      SiteNo: account.siteNo,
    });
    expect(manual.body.result).toBe('Success.');
    expect((await eventsOf(account.csNo))[0]).toMatchObject({ event_Id: '4618', eventrpt_id: 'CR' });
  });

  it('extends a test, refuses 0 minutes, and ends it when it expires', async () => {
    const account = freshAccounts()[4];
    const saved = await post(
      sim,
      '/OnTest/SaveSystemTest',
      {
        testCatId: 'GEN',
        site_no: account.siteNo,
        systemNo: account.systemNo,
        allZoneFlag: true,
        comment: 'short',
      },
      sid,
    );
    const seqno = saved.body.result.test_seqnos[0];
    const zero = await post(
      sim,
      '/OnTest/ClearOrExtendMultipleTests',
      [{ process_flag: 'extend', test_seqno: seqno, extend_hh: 0, extend_mm: 0 }],
      sid,
    );
    expect(zero.body.errors).toEqual(['*Please select test minutes.']);
    const before = (
      await get(sim, '/OnTest/GetCurrentOnTestData', { SiteNo: account.siteNo }, sid)
    ).body.result.onTestList.find((t: { seqno: number }) => t.seqno === seqno);
    const extended = await post(
      sim,
      '/OnTest/ClearOrExtendMultipleTests',
      [{ process_flag: 'extend', test_seqno: seqno, extend_hh: 1, extend_mm: 0 }],
      sid,
    );
    expect(extended.body.result).toContain('Success');
    const after = (
      await get(sim, '/OnTest/GetCurrentOnTestData', { SiteNo: account.siteNo }, sid)
    ).body.result.onTestList.find((t: { seqno: number }) => t.seqno === seqno);
    expect(Date.parse(after.expire_date) - Date.parse(before.expire_date)).toBe(3_600_000);

    const { event } = await control(sim, '/signals', { csNo: account.csNo, eventId: 'F' });
    expect(event.isTestCleared).toBe('N');
    clock.advance(6 * 3_600_000);
    const rows = await eventsOf(account.csNo);
    expect(rows.find((r) => r.id === String(event.id))?.isTestCleared).toBe('Y');
    const after2 = (await get(sim, '/OnTest/GetUnclearedSystems', { SiteNo: account.siteNo }, sid)).body
      .result;
    expect(after2.some((t: { seqno: number }) => t.seqno === seqno)).toBe(false);
  });
});
