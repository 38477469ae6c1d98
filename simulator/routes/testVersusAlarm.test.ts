import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFormDate, HOUR, MINUTE, siteNow } from '../../shared/onTest/siteDates';
import type { RunningSimulator } from '../createSimulator';
import { control, get, post, signIn, startTestSimulator } from '../../tests/support/simulator/simClient';
import type { MonitoredSystem } from '../world/types';

/**
 * A system on test behaves as at a monitoring center: its signals become test events and raise no
 * alarm until the test is cleared or expires; after that the very same signal raises an alarm.
 */

let sim: RunningSimulator;
let clock: Awaited<ReturnType<typeof startTestSimulator>>['clock'];
let sid: string;
let agencyId: string;
const taken = new Set<number>();

/** A system of the owner's agency with no test, no alarm and (when asked) two burglary zones. */
function freshSystem(twoBurglaryZones = false): MonitoredSystem {
  const busy = new Set([
    ...sim.world.tests.openTests().map((t) => t.systemNo),
    ...sim.world.incidents.activeOf(agencyId).map((i) => i.systemNo),
  ]);
  const system = sim.world
    .systemsOf(agencyId)
    .find(
      (s) =>
        !busy.has(s.systemNo) &&
        !taken.has(s.systemNo) &&
        !s.runaway &&
        s.zones.some((z) => z.alarmType === 'F') &&
        s.zones.filter((z) => z.alarmType === 'B').length >= (twoBurglaryZones ? 2 : 1),
    );
  if (!system) throw new Error('no fresh system in the test world');
  taken.add(system.systemNo);
  return system;
}

async function siteOffset(siteNo: number): Promise<number> {
  const details = await get(sim, '/OnTest/GetSiteDetailsBySiteNo', { SiteNo: siteNo }, sid);
  return Number(details.body.result.SiteUTCOffset);
}

/** Places a test the way the Place On Test form sends it: site-local form dates. */
async function placeOnTest(
  system: MonitoredSystem,
  opts: { startIn?: number; lasts?: number; zones?: string[]; serviceTypes?: string[] } = {},
) {
  const offset = await siteOffset(system.siteNo);
  const effective = siteNow(clock.now(), offset) + (opts.startIn ?? 0);
  const saved = await post(
    sim,
    '/OnTest/SaveOnTest',
    {
      process_flag: 'on',
      SiteNo: system.siteNo,
      system_no: system.systemNo,
      system_list: String(system.systemNo),
      testcat_id: 'GEN',
      effective_date: formatFormDate(effective),
      expire_date: formatFormDate(effective + (opts.lasts ?? HOUR)),
      all_zones_flag: opts.zones ? 'N' : 'Y',
      zone_list: opts.zones?.join(',') ?? null,
      servtype_id: opts.serviceTypes?.join(',') ?? '',
      comment: 'technician on site',
    },
    sid,
  );
  expect(saved.body.result).toMatchObject({ rtn_code: 0, err_msg: 'ok' });
  return saved.body.result.test_seqnos[0] as number;
}

async function signal(system: MonitoredSystem, eventId: string, zoneId?: string) {
  const answer = await control(sim, '/signals', {
    csNo: system.csNo,
    eventId,
    ...(zoneId ? { zoneId } : {}),
  });
  return answer as { event: { eventrpt_id: string; isTestCleared: string }; alarm?: { cs_No: string } };
}

async function alarmsOf(system: MonitoredSystem) {
  const answer = await post(
    sim,
    '/AlarmBuffer/GetEventLogsLiveAlarm_Dev',
    { AgencyId: agencyId, offset: 1, count: 500 },
    sid,
  );
  return (answer.body.result.eventLogList as Array<{ cs_No: string }>).filter((r) => r.cs_No === system.csNo);
}

beforeAll(async () => {
  ({ sim, clock } = await startTestSimulator());
  const profile = await signIn(sim, 'owner', 'owner123');
  sid = profile.loginGUID;
  agencyId = profile.agencyId;
});
afterAll(() => sim.close());

describe('test events, not alarms, while a system is on test', () => {
  it('a cleared test: the burglary that was a test event before raises an alarm after', async () => {
    const system = freshSystem();
    const seqno = await placeOnTest(system);

    const during = await signal(system, 'B');
    expect(during.alarm).toBeUndefined();
    expect(during.event).toMatchObject({ eventrpt_id: 'TE', isTestCleared: 'N' });
    expect(await alarmsOf(system)).toEqual([]);

    const cleared = await post(
      sim,
      '/OnTest/ClearOrExtendMultipleTests',
      [{ process_flag: 'off', test_seqno: seqno, system_no: system.systemNo, comment: 'done' }],
      sid,
    );
    expect(cleared.body.result).toContain('Success');

    const after = await signal(system, 'B');
    expect(after.event.eventrpt_id).toBe('B');
    expect(after.alarm).toMatchObject({ cs_No: system.csNo });
    expect(await alarmsOf(system)).toHaveLength(1);
  });

  it('an expired test: a fire is a test event up to the expiry and an alarm after it', async () => {
    const system = freshSystem();
    await placeOnTest(system, { lasts: HOUR });

    clock.advance(59 * MINUTE);
    const during = await signal(system, 'F');
    expect(during.alarm).toBeUndefined();
    expect(during.event.eventrpt_id).toBe('TE');

    clock.advance(2 * MINUTE);
    const after = await signal(system, 'F');
    expect(after.event.eventrpt_id).toBe('F');
    expect(after.alarm).toMatchObject({ cs_No: system.csNo });
    const open = await get(sim, '/OnTest/GetUnclearedSystems', { SiteNo: system.siteNo }, sid);
    expect(open.body.result.some((t: { system_no: number }) => t.system_no === system.systemNo)).toBe(false);
  });

  it('an extended test keeps the system quiet past its first expiry', async () => {
    const system = freshSystem();
    const seqno = await placeOnTest(system, { lasts: HOUR });
    const extended = await post(
      sim,
      '/OnTest/ClearOrExtendMultipleTests',
      [{ process_flag: 'extend', test_seqno: seqno, extend_hh: 1, extend_mm: 0 }],
      sid,
    );
    expect(extended.body.result).toContain('Success');
    clock.advance(90 * MINUTE);
    expect((await signal(system, 'F')).alarm).toBeUndefined();
    clock.advance(31 * MINUTE);
    expect((await signal(system, 'F')).alarm).toMatchObject({ cs_No: system.csNo });
  });

  it('a zone test covers its zones only: another zone of the system still raises an alarm', async () => {
    const system = freshSystem(true);
    const [tested, other] = system.zones.filter((z) => z.alarmType === 'B');
    await placeOnTest(system, { zones: [tested.zoneId] });

    const onTested = await signal(system, 'B', tested.zoneId);
    expect(onTested.alarm).toBeUndefined();
    expect(onTested.event.eventrpt_id).toBe('TE');

    const onOther = await signal(system, 'B', other.zoneId);
    expect(onOther.event.eventrpt_id).toBe('B');
    expect(onOther.alarm).toMatchObject({ cs_No: system.csNo });
  });

  it('a test of some service types lets the others alarm', async () => {
    const system = freshSystem();
    await placeOnTest(system, { serviceTypes: ['FIRE'] });
    expect((await signal(system, 'F')).alarm).toBeUndefined();
    const burglary = await signal(system, 'B');
    expect(burglary.event.eventrpt_id).toBe('B');
    expect(burglary.alarm).toMatchObject({ cs_No: system.csNo });
  });

  it('a test that starts later does not cover a signal before its start', async () => {
    const system = freshSystem();
    await placeOnTest(system, { startIn: 2 * HOUR, lasts: HOUR });
    // A burglary before the start alarms; a fire (another alarm type, so it cannot join that
    // alarm) within the window is a test event.
    const before = await signal(system, 'B');
    expect(before.alarm).toMatchObject({ cs_No: system.csNo });
    clock.advance(2 * HOUR + MINUTE);
    const during = await signal(system, 'F');
    expect(during.alarm).toBeUndefined();
    expect(during.event.eventrpt_id).toBe('TE');
  });
});
