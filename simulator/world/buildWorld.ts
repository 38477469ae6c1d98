import { NATIONWIDE, REGIONS, placesNear, type Region, type ZipPlace } from './geography';
import {
  BUSINESS_KINDS,
  BUSINESS_WORDS,
  COMMERCIAL_ZONES,
  FIRST_NAMES,
  LAST_NAMES,
  PANEL_MODELS,
  RESIDENTIAL_ZONES,
  STREETS,
  STREET_SUFFIXES,
  SYSTEM_TYPES,
  type ZoneTemplate,
} from './names';
import { Rng, streamSeed } from './random';
import type { Agency, Contact, MonitoredSystem, ServiceCompany, Site, Zone, ZoneKind } from './types';

/** The static part of a world: who and what is monitored. Same seed, same data. */
export interface WorldData {
  seed: number;
  serviceCompanies: ServiceCompany[];
  agencies: Agency[];
  sites: Site[];
  systems: MonitoredSystem[];
  contacts: Contact[];
}

export interface BuildOptions {
  seed: number;
  /** At least 3: dealers, and the corporate account as the last one. */
  agencies: number;
  sitesPerAgency: number;
  /** Install and cancel dates are placed relative to this instant. */
  now: number;
}

const DEALER_NAMES = [
  'Pacific Coast Security',
  'Lone Star Alarm Co.',
  'Empire State Protection',
  'Great Lakes Monitoring',
  'Sunshine Alarm Services',
];
const CORPORATE_NAME = 'Nationwide Retail Corp.';
const CODE_WORDS = [
  'BLUEBIRD',
  'MAPLE',
  'HARBOR',
  'COMET',
  'SAGE',
  'TIMBER',
  'ORBIT',
  'JASPER',
  'AUTUMN',
  'FALCON',
];
const DAY = 86_400_000;
const YEAR = 365 * DAY;

/** An agency's servco_no: fixed by position so documentation and tests can name them. */
export const agencyIdAt = (index: number) => String(21001 + index);
/** The corporate account's own servco_no (its install_servco_no is its agency id). */
export const corporateServcoNoAt = (index: number) => String(31001 + index);

const EQUIPLOC: Record<ZoneKind, string> = {
  door: 'PERIM',
  window: 'PERIM',
  motion: 'INTR',
  glass: 'INTR',
  smoke: 'FIRE',
  heat: 'FIRE',
  waterflow: 'FIRE',
  co: 'FIRE',
  supervisory: 'FIRE',
  flood: 'ENV',
  panic: 'EMRG',
  holdup: 'EMRG',
  medical: 'EMRG',
  camera: 'VIDEO',
  tamper: 'PANEL',
};

function phoneFor(rng: Rng): string {
  return `${rng.int(2, 9)}${rng.int(0, 9)}${rng.int(0, 9)}555${String(rng.int(0, 9999)).padStart(4, '0')}`;
}

function street(rng: Rng): string {
  return `${rng.int(100, 9899)} ${rng.pick(STREETS)} ${rng.pick(STREET_SUFFIXES)}`;
}

function pickZones(
  rng: Rng,
  templates: readonly ZoneTemplate[],
  min: number,
  max: number,
  systemNo: number,
): Zone[] {
  // The first zone (an entry door) and a smoke/fire zone are always there; the rest vary.
  const fire = templates.find((t) => t.alarmType === 'F');
  const rest = templates.filter((t, i) => i > 0 && t !== fire);
  const chosen = [templates[0], ...(fire ? [fire] : []), ...rng.sample(rest, rng.int(min, max) - 2)];
  return chosen.map((t, i) => ({
    systemNo,
    zoneId: String(i + 1).padStart(3, '0'),
    comment: t.comment,
    kind: t.kind,
    alarmType: t.alarmType,
    stazFlag: ['F', 'P', 'HU', 'ME', 'SP'].includes(t.alarmType) ? 'Y' : 'N',
    equiplocId: EQUIPLOC[t.kind],
  }));
}

export function buildWorld(opts: BuildOptions): WorldData {
  const agencyCount = Math.max(3, Math.floor(opts.agencies));
  const rng = new Rng(streamSeed(opts.seed, 'world'));
  const serviceCompanies: ServiceCompany[] = [];
  const agencies: Agency[] = [];
  const sites: Site[] = [];
  const systems: MonitoredSystem[] = [];
  const contacts: Contact[] = [];
  let siteNo = 100_001;
  let systemNo = 200_001;
  let csCounter = 10_000;
  let contactNo = 600_001;

  for (let a = 0; a < agencyCount; a++) {
    const corporate = a === agencyCount - 1;
    const region: Region = corporate ? NATIONWIDE : REGIONS[a % REGIONS.length];
    const round = Math.floor(a / REGIONS.length);
    const agencyId = agencyIdAt(a);
    const name = corporate
      ? CORPORATE_NAME
      : `${DEALER_NAMES[a % DEALER_NAMES.length]}${round > 0 ? ` ${round + 1}` : ''}`;
    const places = placesNear(region.anchors, region.radiusMiles);
    const anchors = region.anchors.filter((z) => (places.get(z) ?? []).length > 0);
    const office = (places.get(anchors[0]) ?? [])[0];
    agencies.push({ agencyId, name, type: corporate ? 'C' : 'D', homeState: region.homeState, index: a });
    serviceCompanies.push({
      servcoNo: corporate ? corporateServcoNoAt(a) : agencyId,
      name,
      type: corporate ? 'C' : 'D',
      installServcoNo: agencyId,
      addr1: street(rng),
      city: office.city,
      state: office.state,
      zip: office.zip,
      phone: phoneFor(rng),
      bannerImage: `dealer-${agencyId}.svg`,
    });

    for (let d = 0; d < 3; d++) {
      contacts.push({
        contactNo: contactNo++,
        agencyId,
        siteNo: null,
        firstName: rng.pick(FIRST_NAMES),
        lastName: rng.pick(LAST_NAMES),
        phone: phoneFor(rng),
        email: '',
        pin: String(rng.int(1000, 9999)),
        idCode: `ID${rng.int(1000, 9999)}`,
        optOut: false,
        twoFactor: false,
      });
      const c = contacts[contacts.length - 1];
      c.email = `${c.firstName}.${c.lastName}${c.contactNo % 1000}@example.com`.toLowerCase();
    }

    const runawayPicks = new Set([rng.int(0, opts.sitesPerAgency - 1), rng.int(0, opts.sitesPerAgency - 1)]);
    for (let s = 0; s < opts.sitesPerAgency; s++) {
      const anchor = corporate
        ? anchors[s % anchors.length]
        : rng.weighted(
            anchors,
            anchors.map((_, i) => (i === 0 ? 3 : 2)),
          );
      const place: ZipPlace = rng.pick(places.get(anchor) ?? []);
      const commercial = corporate || rng.chance(0.35);
      const owner = rng.pick(LAST_NAMES);
      const siteName = corporate
        ? `Nationwide Retail #${String(s + 1).padStart(4, '0')} - ${place.city}`
        : commercial
          ? `${rng.pick(BUSINESS_WORDS)} ${rng.pick(BUSINESS_KINDS)}`
          : `${owner} Residence`;
      const recent = rng.chance(0.08);
      const installedAt = recent
        ? opts.now - rng.int(1, 364) * DAY - rng.int(0, DAY)
        : opts.now - YEAR - rng.int(0, 7 * 365) * DAY;
      const cancelled = !runawayPicks.has(s) && rng.chance(0.04);
      const cancelledAt = cancelled ? Math.max(installedAt + DAY, opts.now - rng.int(1, 364) * DAY) : null;
      const site: Site = {
        siteNo: siteNo++,
        agencyId,
        name: siteName,
        kind: commercial ? 'commercial' : 'residential',
        addr1: street(rng),
        addr2:
          commercial && rng.chance(0.4)
            ? `Suite ${rng.int(1, 40) * 10}`
            : rng.chance(0.05)
              ? `Unit ${rng.int(1, 30)}`
              : null,
        city: place.city,
        state: place.state,
        zip: place.zip,
        lat: place.lat,
        lng: place.lng,
        phone: phoneFor(rng),
        altId: `ALT-${rng.int(1000, 9999)}`,
        branchNo: `BR${(a + 1) * 10 + rng.int(1, 3)}`,
        coNo: String(a + 1).padStart(2, '0'),
        acctStatus: cancelledAt != null && cancelledAt <= opts.now ? 'C' : 'A',
        installedAt,
        cancelledAt,
        udf: [
          `KEYHOLDER ${owner.toUpperCase()}`,
          `PERMIT-${rng.int(10000, 99999)}`,
          commercial ? 'COMMERCIAL' : 'RESIDENTIAL',
          '',
        ],
        codeWords: [rng.pick(CODE_WORDS), rng.pick(CODE_WORDS)],
      };
      sites.push(site);

      const systemCount = rng.weighted([1, 2, 3], commercial ? [70, 24, 6] : [92, 7, 1]);
      for (let k = 0; k < systemCount; k++) {
        csCounter += rng.int(1, 5);
        const sysNo = systemNo++;
        const templates = commercial ? COMMERCIAL_ZONES : RESIDENTIAL_ZONES;
        systems.push({
          systemNo: sysNo,
          siteNo: site.siteNo,
          agencyId,
          csNo: `C${csCounter}`,
          seqno: systems.length + 1,
          systype: k === 0 ? (commercial ? rng.pick(SYSTEM_TYPES) : 'COMBO') : rng.pick(SYSTEM_TYPES),
          panelId: `${rng.pick(PANEL_MODELS)} #${rng.int(100000, 999999)}`,
          sigformId: rng.weighted(['CID', 'SIA', '4/2'], [80, 15, 5]),
          zones: pickZones(rng, templates, commercial ? 6 : 5, commercial ? 13 : 11, sysNo),
          runaway: k === 0 && runawayPicks.has(s),
        });
      }

      const contactCount = rng.int(1, 3);
      for (let c = 0; c < contactCount; c++) {
        const first = rng.pick(FIRST_NAMES);
        const last = commercial
          ? rng.pick(LAST_NAMES)
          : c === 0
            ? owner
            : rng.pick([owner, rng.pick(LAST_NAMES)]);
        const no = contactNo++;
        contacts.push({
          contactNo: no,
          agencyId,
          siteNo: site.siteNo,
          firstName: first,
          lastName: last,
          phone: phoneFor(rng),
          email: `${first}.${last}${no % 1000}@example.com`.toLowerCase(),
          pin: String(rng.int(1000, 9999)),
          idCode: `ID${rng.int(1000, 9999)}`,
          optOut: rng.chance(0.03),
          twoFactor: false,
        });
      }
    }
  }
  return { seed: opts.seed, serviceCompanies, agencies, sites, systems, contacts };
}
