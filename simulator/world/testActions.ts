import { EVENT_CODES } from './eventCatalog';
import { writeEvent } from './signals';
import type { MonitoredSystem, OnTest } from './types';
import type { World } from './world';

export interface PlaceOnTestInput {
  system: MonitoredSystem;
  testcatId: string;
  effective: number;
  expire: number;
  allZones: boolean;
  zoneList?: string[];
  servtypeList?: string[];
  zonestateList?: string[];
  sigformId?: string | null;
  sigtypeList?: string[];
  comment: string;
  user: string;
  at: number;
}

const descr = (eventId: string) => EVENT_CODES.find((c) => c.eventId === eventId)?.descr ?? eventId;

/** Puts a system (or some of its zones) on test and logs it as a test event. */
export function placeOnTest(world: World, input: PlaceOnTestInput): OnTest {
  const { system } = input;
  const test: OnTest = {
    seqno: world.tests.nextNo(),
    agencyId: system.agencyId,
    siteNo: system.siteNo,
    systemNo: system.systemNo,
    csNo: system.csNo,
    testcatId: input.testcatId,
    effective: input.effective,
    expire: input.expire,
    allZones: input.allZones,
    zoneList: input.allZones ? [] : (input.zoneList ?? []),
    servtypeList: input.servtypeList ?? [],
    zonestateList: input.zonestateList ?? [],
    sigformId: input.sigformId ?? null,
    sigtypeList: input.sigtypeList ?? [],
    comment: input.comment,
    createdBy: input.user,
    createdAt: input.at,
    endedAt: null,
    endedHow: null,
  };
  world.tests.add(test);
  writeEvent(world, {
    system,
    at: input.at,
    eventrptId: 'TE',
    eventId: 'ONTEST',
    description:
      `${descr('ONTEST')}${test.allZones ? '' : ` - ZONES ${test.zoneList.join(',')}`} - ${input.comment}`.trim(),
    comment: input.comment,
    testSeqno: test.seqno,
    isTestCleared: 'N',
    user: input.user,
  });
  return test;
}

/** Clears a test: its events turn to isTestCleared Y, and a CLTEST event is written. */
export function clearTest(
  world: World,
  test: OnTest,
  opts: { at: number; user: string; comment?: string | null },
): void {
  const system = world.system(test.systemNo);
  if (!system || test.endedAt != null) return;
  world.tests.end(test, opts.at, 'cleared');
  world.events.markTestCleared(test.seqno);
  writeEvent(world, {
    system,
    at: opts.at,
    eventrptId: 'TE',
    eventId: 'CLTEST',
    description: `${descr('CLTEST')}${opts.comment ? ` - ${opts.comment}` : ''}`,
    comment: opts.comment ?? null,
    testSeqno: test.seqno,
    isTestCleared: 'Y',
    user: opts.user,
  });
}

/** Moves a test's expiry later by the given minutes and logs it. */
export function extendTest(
  world: World,
  test: OnTest,
  opts: { at: number; user: string; minutes: number },
): void {
  const system = world.system(test.systemNo);
  if (!system || test.endedAt != null) return;
  test.expire += opts.minutes * 60_000;
  const hh = Math.floor(opts.minutes / 60);
  const mm = opts.minutes % 60;
  writeEvent(world, {
    system,
    at: opts.at,
    eventrptId: 'TE',
    eventId: 'EXTEST',
    description: `${descr('EXTEST')} BY ${hh}H ${String(mm).padStart(2, '0')}M`,
    testSeqno: test.seqno,
    isTestCleared: 'N',
    user: opts.user,
  });
}

/** Ends the tests whose expiry has passed: their events turn to isTestCleared Y. */
export function sweepExpiredTests(world: World, now: number): number {
  const expired = world.tests.expiredAt(now);
  for (const t of expired) {
    world.tests.end(t, t.expire, 'expired');
    world.events.markTestCleared(t.seqno);
  }
  return expired.length;
}
