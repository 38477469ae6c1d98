import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, formatFormDate, HOUR, maxExpiry, siteNow } from '../../shared/onTest/siteDates';
import type { RunningSimulator } from '../createSimulator';
import { post, signIn, startTestSimulator } from '../../tests/support/simulator/simClient';
import type { MonitoredSystem } from '../world/types';

/**
 * The simulator judges a test's dates as the Place On Test form does
 * (docs/product/live-alarms-and-testing.md#validation), in its words.
 */

let sim: RunningSimulator;
let clock: Awaited<ReturnType<typeof startTestSimulator>>['clock'];
let sid: string;
let agencyId: string;
let limits: { MaxHours: number; MaxOnTestDays: number };
const taken = new Set<number>();

function freshSystem(): MonitoredSystem {
  const busy = new Set(sim.world.tests.openTests().map((t) => t.systemNo));
  const system = sim.world.systemsOf(agencyId).find((s) => !busy.has(s.systemNo) && !taken.has(s.systemNo));
  if (!system) throw new Error('no fresh system in the test world');
  taken.add(system.systemNo);
  return system;
}

async function save(system: MonitoredSystem, effective: number, expire: number) {
  const answer = await post(
    sim,
    '/OnTest/SaveOnTest',
    {
      process_flag: 'on',
      SiteNo: system.siteNo,
      system_no: system.systemNo,
      system_list: String(system.systemNo),
      testcat_id: 'GEN',
      effective_date: formatFormDate(effective),
      expire_date: formatFormDate(expire),
      all_zones_flag: 'Y',
      servtype_id: '',
      comment: 'rules',
    },
    sid,
  );
  return answer.body.result as { rtn_code: number; err_msg: string };
}

const siteMs = (system: MonitoredSystem) => {
  const site = sim.world.site(system.siteNo)!;
  return siteNow(clock.now(), sim.world.siteOffset(site, clock.now()));
};

beforeAll(async () => {
  ({ sim, clock } = await startTestSimulator());
  const profile = await signIn(sim, 'owner', 'owner123');
  sid = profile.loginGUID;
  agencyId = profile.agencyId;
  // The login record carries the limits the form reads (testCategoryDetails).
  limits = (profile as unknown as { testCategoryDetails: typeof limits }).testCategoryDetails;
});
afterAll(() => sim.close());

describe('the expire date rules of SaveOnTest', () => {
  it('accepts an expiry equal to the start, as the form does', async () => {
    const system = freshSystem();
    const start = siteMs(system) + HOUR;
    expect(await save(system, start, start)).toMatchObject({ rtn_code: 0, err_msg: 'ok' });
  });

  it("refuses a too long test with the spec's words: '*Expire date should not be more than {date}.'", async () => {
    const system = freshSystem();
    const start = siteMs(system) + HOUR;
    const max = maxExpiry(start, limits)!;
    const answer = await save(system, start, max + 30 * DAY);
    expect(answer.rtn_code).not.toBe(0);
    expect(answer.err_msg).toBe(`*Expire date should not be more than ${formatFormDate(max)}.`);
  });
});
