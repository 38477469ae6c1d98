import type { Rng } from '../world/random';
import { placeOnTest } from '../world/testActions';
import type { World } from '../world/world';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A test placement forced at a time, so every agency starts with tests to look at. */
export interface ForcedTest {
  /** When it is placed, relative to the end of the history (negative: in the past). */
  startOffsetMs: number;
  durationMs: number;
  /** How long after placing it starts (a future test). */
  leadMs?: number;
}

/** A signal from one zone: an alarm, or its restore; dropped once the test it belongs to is over. */
export interface ZoneSignal {
  kind: 'zoneSignal';
  systemNo: number;
  zoneId: string;
  restore: boolean;
  testSeqno: number | null;
}

export interface ClearTestLater {
  kind: 'clearTest';
  seqno: number;
}

export type FollowUp = { at: number; action: ZoneSignal | ClearTestLater };

const COMMENTS = ['PANEL REPLACEMENT', 'ANNUAL INSPECTION', 'NEW ZONES ADDED', 'BATTERY SERVICE', 'REMODEL'];

/**
 * A technician visit: puts a system (all or some zones) on test, mostly for a few hours,
 * sometimes starting later or lasting over a week, and answers what follows: the zones tripped
 * during the test (each with its restore) and, for half the short tests, an early clear.
 */
export function technicianVisit(
  world: World,
  rng: Rng,
  agencyId: string,
  at: number,
  forced?: ForcedTest,
): FollowUp[] {
  const systems = world.systemsOf(agencyId).filter((s) => {
    const site = world.site(s.siteNo);
    return (
      !s.runaway &&
      site != null &&
      world.isMonitored(site, at) &&
      !world.tests.ofSystem(s.systemNo).some((t) => t.endedAt == null)
    );
  });
  if (systems.length === 0) return [];
  const system = rng.pick(systems);
  const future = !forced && rng.chance(0.1);
  const effective = forced ? at + (forced.leadMs ?? 0) : future ? at + rng.int(1, 24) * HOUR : at;
  const long = !forced && rng.chance(0.04);
  const duration = forced?.durationMs ?? (long ? rng.int(8, 11) * DAY : rng.int(1, 8) * HOUR);
  const allZones = rng.chance(0.7);
  const zoneList = allZones
    ? []
    : rng.sample(system.zones, Math.min(system.zones.length, rng.int(1, 4))).map((z) => z.zoneId);
  const test = placeOnTest(world, {
    system,
    testcatId: long || forced ? 'CONST' : rng.pick(['GEN', 'SVC', 'GEN', 'FIREINSP']),
    effective,
    expire: effective + duration,
    allZones,
    zoneList,
    comment: rng.pick(COMMENTS),
    user: 'TECH',
    at,
  });
  const followUps: FollowUp[] = [];
  const zones = allZones ? system.zones.map((z) => z.zoneId) : zoneList;
  const window = Math.min(duration * 0.5, 2 * HOUR);
  for (let i = 0; i < rng.int(2, 6); i++) {
    const t = effective + rng.next() * window;
    const zoneId = rng.pick(zones);
    const signal = { kind: 'zoneSignal', systemNo: system.systemNo, zoneId, testSeqno: test.seqno } as const;
    followUps.push({ at: t, action: { ...signal, restore: false } });
    followUps.push({ at: t + rng.int(10, 90) * 1000, action: { ...signal, restore: true } });
  }
  if (!long && !forced && rng.chance(0.5))
    followUps.push({ at: effective + duration * 0.6, action: { kind: 'clearTest', seqno: test.seqno } });
  return followUps;
}
