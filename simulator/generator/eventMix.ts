import type { EventTypeCode } from '../../shared/eventTypes';
import { EVENT_CODES, RESTORE_CODE, defaultCodeOf, type EventCode } from '../world/eventCatalog';
import type { Rng } from '../world/random';
import type { SignalInput } from '../world/signals';
import type { MonitoredSystem } from '../world/types';
import type { World } from '../world/world';

/**
 * How often each report category arrives from the field, in percent-ish weights: openings,
 * closings and restores dominate; fire and holdup are rare. D (dispatch) and TE (test events)
 * are not in the mix: they come from operators resolving alarms and from systems on test.
 */
export const EVENT_MIX: ReadonlyArray<[EventTypeCode, number]> = [
  ['O', 28],
  ['R', 12],
  ['T', 8],
  ['OA', 4],
  ['TR', 4],
  ['CI', 3],
  ['LB', 3],
  ['CR', 1.5],
  ['M', 2.5],
  ['FC', 1.5],
  ['FO', 1],
  ['CM', 0.7],
  ['LT', 0.7],
  ['NT', 0.6],
  ['U', 0.6],
  ['B', 5],
  ['VA', 1.8],
  ['SP', 1.5],
  ['CF', 1.5],
  ['A', 1.5],
  ['ME', 0.7],
  ['P', 0.6],
  ['F', 0.35],
  ['HU', 0.2],
];
const MIX_TYPES = EVENT_MIX.map(([t]) => t);
const MIX_WEIGHTS = EVENT_MIX.map(([, w]) => w);

/** Categories whose signal comes from a zone reporting that alarm type. */
const ZONE_ALARMS: ReadonlySet<EventTypeCode> = new Set<EventTypeCode>([
  'B',
  'F',
  'HU',
  'ME',
  'P',
  'VA',
  'SP',
]);

/** Share of an agency's signals that come from its runaway systems. */
const RUNAWAY_SHARE = 0.15;

const DISC_COMMENTS = [
  'CUSTOMER DISPUTES FALSE ALARM FEE',
  'ALARM NOT CALLED IN TIME',
  'WRONG CONTACT CALLED',
  'DISPATCH NOT REQUESTED',
];
const SRS_COMMENTS = [
  'KEYPAD NOT RESPONDING',
  'DOOR CONTACT LOOSE - SEND TECH',
  'REQUEST NEW USER CODE',
  'SIREN TOO QUIET',
  'CAMERA OFFLINE',
];
const CNFM_COMMENTS = ['CUSTOMER CONFIRMED BY TEXT', 'CUSTOMER ACKNOWLEDGED ALARM'];

const CODES_OF = new Map<EventTypeCode, EventCode[]>();
for (const c of EVENT_CODES) CODES_OF.set(c.eventrptId, [...(CODES_OF.get(c.eventrptId) ?? []), c]);
// Codes the field sends: the bookkeeping ones (cancel requests, web clears, test markers) are written by their actions.
const FIELD_CODES_OF = new Map(
  [...CODES_OF].map(([t, list]) => [
    t,
    list.filter((c) => !['4618', 'WEBCLR', 'CLR', 'ARD'].includes(c.eventId)),
  ]),
);
const CODE_BY_ID = new Map(EVENT_CODES.map((c) => [c.eventId, c]));
const codesOf = (t: EventTypeCode) => FIELD_CODES_OF.get(t) ?? [];
const code = (eventId: string): EventCode => CODE_BY_ID.get(eventId) ?? defaultCodeOf('M');
const runawayCache = new WeakMap<readonly MonitoredSystem[], MonitoredSystem[]>();
function runawaysOf(systems: readonly MonitoredSystem[]): MonitoredSystem[] {
  let list = runawayCache.get(systems);
  if (!list) runawayCache.set(systems, (list = systems.filter((s) => s.runaway)));
  return list;
}

function runawaySignal(rng: Rng, system: MonitoredSystem, at: number): SignalInput {
  // Each runaway system repeats one complaint: a bouncing motion zone, a tamper or a low battery.
  const pattern = system.systemNo % 3;
  if (pattern === 0) {
    const zone = system.zones.find((z) => z.kind === 'motion' || z.kind === 'door') ?? system.zones[0];
    return {
      system,
      at,
      zoneId: zone.zoneId,
      code: rng.chance(0.5) ? defaultCodeOf('B') : code(RESTORE_CODE.B ?? 'BR'),
    };
  }
  if (pattern === 1)
    return { system, at, zoneId: system.zones[system.zones.length - 1].zoneId, code: code('TA') };
  return { system, at, code: code('LB') };
}

function pickSystem(
  world: World,
  rng: Rng,
  systems: readonly MonitoredSystem[],
  at: number,
): MonitoredSystem | null {
  for (let i = 0; i < 6; i++) {
    const s = rng.pick(systems);
    const site = world.site(s.siteNo);
    if (site && world.isMonitored(site, at)) return s;
  }
  return null;
}

/** Draws the next field signal of an agency, or null when it has nothing monitored. */
export function pickSignal(world: World, rng: Rng, agencyId: string, at: number): SignalInput | null {
  const systems = world.systemsOf(agencyId);
  if (systems.length === 0) return null;
  const runaways = runawaysOf(systems);
  if (runaways.length > 0 && rng.chance(RUNAWAY_SHARE)) {
    const s = rng.pick(runaways);
    const site = world.site(s.siteNo);
    if (site && world.isMonitored(site, at)) return runawaySignal(rng, s, at);
  }
  let system = pickSystem(world, rng, systems, at);
  if (!system) return null;
  let type = rng.weighted(MIX_TYPES, MIX_WEIGHTS);

  if (ZONE_ALARMS.has(type)) {
    let zones = system.zones.filter((z) => z.alarmType === type);
    for (let tries = 0; zones.length === 0 && tries < 4; tries++) {
      const other = pickSystem(world, rng, systems, at);
      if (other) {
        system = other;
        zones = other.zones.filter((z) => z.alarmType === type);
      }
    }
    if (zones.length === 0) type = 'O';
    else {
      const zone = rng.pick(zones);
      const c = rng.chance(0.85) ? defaultCodeOf(type) : rng.pick(codesOf(type));
      return { system, at, zoneId: zone.zoneId, code: c };
    }
  }
  switch (type) {
    case 'R': {
      const open = [...(world.unrestored.get(system.systemNo)?.keys() ?? [])];
      const zoneId = open.length > 0 && rng.chance(0.7) ? rng.pick(open) : rng.pick(system.zones).zoneId;
      const zone = world.zone(system.systemNo, zoneId);
      return { system, at, zoneId, code: code((zone && RESTORE_CODE[zone.alarmType]) ?? 'BR') };
    }
    case 'TR':
      return { system, at, zoneId: rng.pick(system.zones).zoneId, code: rng.pick(codesOf('TR')) };
    case 'O':
      return { system, at, code: code(rng.chance(0.5) ? 'OP' : 'CL'), comment: `USER ${rng.int(1, 8)}` };
    case 'CR':
      return { system, at, code: code('CR') };
    case 'M': {
      const r = rng.next();
      if (r < 0.25) return { system, at, code: code('DISC'), comment: rng.pick(DISC_COMMENTS) };
      if (r < 0.55) return { system, at, code: code('SRS'), comment: rng.pick(SRS_COMMENTS) };
      if (r < 0.65) return { system, at, code: code('CNFM'), comment: rng.pick(CNFM_COMMENTS) };
      return { system, at, code: code('MS') };
    }
    case 'OA':
      return { system, at, code: code('OA'), comment: 'CALLED PREMISE', user: operatorInitials(rng) };
    case 'LB':
      return {
        system,
        at,
        code: rng.pick(codesOf('LB')),
        zoneId: rng.chance(0.5) ? rng.pick(system.zones).zoneId : null,
      };
    default:
      return { system, at, code: rng.pick(codesOf(type)) };
  }
}

const OPERATORS = ['AKM', 'JDS', 'RLP', 'TNW', 'MCB', 'EGH', 'SRV'];
export function operatorInitials(rng: Rng): string {
  return rng.pick(OPERATORS);
}
