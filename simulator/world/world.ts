import { buildWorld, type WorldData } from './buildWorld';
import { EventStore } from './eventStore';
import { IncidentStore } from './incidentStore';
import { PortalState } from './portalState';
import { isoAtOffset, utcOffsetAt } from './siteTime';
import { TestStore } from './testStore';
import type { Agency, Contact, DispatchAgency, MonitoredSystem, ServiceCompany, Site, Zone } from './types';

export interface WorldOptions {
  seed: number;
  agencies: number;
  sitesPerAgency: number;
  clock: () => number;
}

/**
 * The simulated monitoring center: static data (companies, sites, systems, zones, contacts),
 * the event store, alarm incidents, on-test records and what users changed. Everything the
 * API answers is read from here; signals and actions change it (see signals.ts, alarmActions.ts,
 * testActions.ts).
 */
export class World {
  readonly seed: number;
  readonly clock: () => number;
  readonly serviceCompanies: readonly ServiceCompany[];
  readonly agencies: readonly Agency[];
  readonly sites: readonly Site[];
  readonly systems: readonly MonitoredSystem[];
  readonly contacts: readonly Contact[];

  readonly events = new EventStore();
  readonly incidents = new IncidentStore();
  readonly tests = new TestStore();
  readonly portal = new PortalState();
  /** Zones whose last alarm has not been restored: systemNo -> zoneId -> id of the alarm event. */
  readonly unrestored = new Map<number, Map<string, number>>();

  private readonly agencyById: Map<string, Agency>;
  private readonly agencyAlias = new Map<string, string>();
  private readonly siteByNo: Map<number, Site>;
  private readonly systemByNo: Map<number, MonitoredSystem>;
  private readonly systemByCs: Map<string, MonitoredSystem>;
  private readonly sitesByAgency = new Map<string, Site[]>();
  private readonly systemsByAgency = new Map<string, MonitoredSystem[]>();
  private readonly systemsBySite = new Map<number, MonitoredSystem[]>();
  private readonly contactsBySite = new Map<number, Contact[]>();
  private readonly contactsByAgency = new Map<string, Contact[]>();

  constructor(opts: WorldOptions) {
    const data: WorldData = buildWorld({ ...opts, now: opts.clock() });
    this.seed = opts.seed;
    this.clock = opts.clock;
    this.serviceCompanies = data.serviceCompanies;
    this.agencies = data.agencies;
    this.sites = data.sites;
    this.systems = data.systems;
    this.contacts = data.contacts;
    this.agencyById = new Map(data.agencies.map((a) => [a.agencyId, a]));
    for (const c of data.serviceCompanies) this.agencyAlias.set(c.servcoNo, c.installServcoNo);
    this.siteByNo = new Map(data.sites.map((s) => [s.siteNo, s]));
    this.systemByNo = new Map(data.systems.map((s) => [s.systemNo, s]));
    this.systemByCs = new Map(data.systems.map((s) => [s.csNo.toUpperCase(), s]));
    for (const s of data.sites) group(this.sitesByAgency, s.agencyId, s);
    for (const s of data.systems) {
      group(this.systemsByAgency, s.agencyId, s);
      group(this.systemsBySite, s.siteNo, s);
    }
    for (const c of data.contacts) {
      group(this.contactsByAgency, c.agencyId, c);
      if (c.siteNo != null) group(this.contactsBySite, c.siteNo, c);
    }
  }

  now(): number {
    return this.clock();
  }

  /** The agency a servco number stands for (a corporate account's number maps to its agency). */
  agencyIdOf(servcoNo: string): string | undefined {
    if (this.agencyById.has(servcoNo)) return servcoNo;
    return this.agencyAlias.get(servcoNo);
  }

  agency(agencyId: string): Agency | undefined {
    return this.agencyById.get(this.agencyIdOf(agencyId) ?? agencyId);
  }

  serviceCompany(servcoNo: string): ServiceCompany | undefined {
    return this.serviceCompanies.find((c) => c.servcoNo === servcoNo || c.installServcoNo === servcoNo);
  }

  site(siteNo: number): Site | undefined {
    return this.siteByNo.get(siteNo);
  }

  /** A site known to exist (events, alarms and systems always name one). */
  requireSite(siteNo: number): Site {
    const site = this.siteByNo.get(siteNo);
    if (!site) throw new Error(`no site ${siteNo}`);
    return site;
  }

  system(systemNo: number): MonitoredSystem | undefined {
    return this.systemByNo.get(systemNo);
  }

  systemByCsNo(csNo: string): MonitoredSystem | undefined {
    return this.systemByCs.get(csNo.trim().toUpperCase());
  }

  zone(systemNo: number, zoneId: string): Zone | undefined {
    return this.systemByNo.get(systemNo)?.zones.find((z) => z.zoneId === zoneId);
  }

  sitesOf(agencyId: string): readonly Site[] {
    return this.sitesByAgency.get(agencyId) ?? [];
  }

  systemsOf(agencyId: string): readonly MonitoredSystem[] {
    return this.systemsByAgency.get(agencyId) ?? [];
  }

  systemsOfSite(siteNo: number): readonly MonitoredSystem[] {
    return this.systemsBySite.get(siteNo) ?? [];
  }

  contactsOfSite(siteNo: number): readonly Contact[] {
    return this.contactsBySite.get(siteNo) ?? [];
  }

  contactsOf(agencyId: string): readonly Contact[] {
    return this.contactsByAgency.get(agencyId) ?? [];
  }

  /** The site's UTC offset in minutes at an instant (SiteUTCOffset). */
  siteOffset(site: Site, at = this.clock()): number {
    return utcOffsetAt(site.state, at);
  }

  /** An instant as the site's local ISO 8601 time with its offset. */
  siteIso(site: Site, at: number): string {
    return isoAtOffset(at, utcOffsetAt(site.state, at));
  }

  /** Whether a site is monitored at an instant (installed and not cancelled). */
  isMonitored(site: Site, at: number): boolean {
    return site.installedAt <= at && (site.cancelledAt == null || site.cancelledAt > at);
  }

  /** The police, fire department or EMS that answers for a site. */
  dispatchAgencyFor(site: Site, kind: DispatchAgency['agencytypeId']): DispatchAgency {
    const label = kind === 'POL' ? 'POLICE DEPT' : kind === 'FIRE' ? 'FIRE DEPT' : 'EMS';
    const digits = site.zip.replace(/\D/g, '').padEnd(5, '0');
    return {
      agencyNo: `${kind}-${site.state}-${digits}`,
      agencyName: `${site.city.toUpperCase()} ${label}`,
      agencyPhone: `${site.phone.slice(0, 3)}555${kind === 'POL' ? '0100' : kind === 'FIRE' ? '0200' : '0300'}`,
      agencytypeId: kind,
    };
  }

  /** Forgets every event, alarm, test and user change (the static data stays). */
  clearDynamicState(): void {
    this.events.clear();
    this.incidents.clear();
    this.tests.clear();
    this.portal.clear();
    this.unrestored.clear();
  }
}

function group<K, V>(index: Map<K, V[]>, key: K, value: V) {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}
