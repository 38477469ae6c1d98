import { displayAtOffset } from '../world/siteTime';
import type { MonitoredSystem, OnTest, Zone } from '../world/types';
import type { World } from '../world/world';

const WEEK = 7 * 86_400_000;
const BOOKKEEPING_IDS = new Set(['ONTEST', 'CLTEST', 'EXTEST']);

/**
 * An on-test entry (docs/product/live-alarms-and-testing.md#entities) as the Alarm Testing grid and
 * Place On Test read it.
 */
export function toOnTestRow(world: World, t: OnTest, now: number) {
  const site = world.requireSite(t.siteNo);
  const offset = world.siteOffset(site, now);
  return {
    seqno: t.seqno,
    test_seqno: t.seqno,
    site_no: t.siteNo,
    system_no: t.systemNo,
    cs_no: t.csNo,
    site_name: site.name,
    site_addr1: site.addr1,
    site_addr2: site.addr2,
    city_name: site.city,
    state_id: site.state,
    zip_code: site.zip,
    testcat_id: t.testcatId,
    effective_date: world.siteIso(site, t.effective),
    expire_date: world.siteIso(site, t.expire),
    s_effective_date: displayAtOffset(t.effective, world.siteOffset(site, t.effective)),
    s_expire_date: displayAtOffset(t.expire, world.siteOffset(site, t.expire)),
    zone_list: t.allZones ? '' : t.zoneList.join(','),
    all_zones_flag: t.allZones ? 'Y' : 'N',
    servtype_list: t.servtypeList.join(','),
    zonestate_list: t.zonestateList.join(','),
    sigform_id: t.sigformId,
    sigtype_list: t.sigtypeList.join(','),
    comment: t.comment,
    change_user: t.createdBy,
    site_time: world.siteIso(site, now),
    SiteUTCOffset: offset,
    isOverThanOneWeek: now - t.effective > WEEK,
    isFutureTest: t.effective > now,
  };
}

/**
 * A zone (docs/product/live-alarms-and-testing.md#entities: zone_id, comment, staz_flag,
 * on_test_flag).
 */
export function toZoneRow(world: World, system: MonitoredSystem, z: Zone, now: number) {
  return {
    system_no: system.systemNo,
    cs_no: system.csNo,
    zone_id: z.zoneId,
    comment: z.comment,
    staz_flag: z.stazFlag,
    on_test_flag: world.tests.coveringAt(system.systemNo, z.zoneId, now) ? 'Y' : 'N',
    equiploc_id: z.equiplocId,
    event_id: z.alarmType,
  };
}

/**
 * An agency's tests not cleared or expired, as GetUnclearedSystems lists them (by site, system and
 * seqno). The systems-on-test feed of the bridge holds exactly these, keyed by seqno.
 */
export function agencyTestRows(world: World, agencyId: string, now: number) {
  return world.tests
    .openTests()
    .filter((t) => t.agencyId === agencyId)
    .sort((a, b) => a.siteNo - b.siteNo || a.systemNo - b.systemNo || a.seqno - b.seqno)
    .map((t) => toOnTestRow(world, t, now));
}

/** Tests not cleared or expired on a site's systems (current and future ones). */
export function openTestsOfSite(world: World, siteNo: number): OnTest[] {
  return world
    .systemsOfSite(siteNo)
    .flatMap((s) => world.tests.ofSystem(s.systemNo).filter((t) => t.endedAt == null));
}

/**
 * The Test Zones Report (docs/product/live-alarms-and-testing.md#screens): per zone of each system
 * on test, whether a signal came in during the test, and the last one.
 */
export function testZonesReport(world: World, siteNo: number) {
  const site = world.requireSite(siteNo);
  const rows = [];
  for (const t of openTestsOfSite(world, siteNo)) {
    const system = world.system(t.systemNo);
    if (!system) continue;
    const signals = world.events.ofTest(t.seqno).filter((e) => !BOOKKEEPING_IDS.has(e.eventId) && e.zoneId);
    for (const z of system.zones) {
      const onTest = t.allZones || t.zoneList.includes(z.zoneId);
      const last = [...signals].reverse().find((e) => e.zoneId === z.zoneId);
      rows.push({
        test_seqno: t.seqno,
        system_no: system.systemNo,
        cs_no: system.csNo,
        zone_id: z.zoneId,
        zone_comment: z.comment,
        event_id: last?.eventId ?? null,
        event_descr: last?.description ?? null,
        zone_on_test: onTest ? 'Y' : 'N',
        signal_recd: last ? 'Y' : 'N',
        signal_date: last ? world.siteIso(site, last.at) : null,
        site_name: site.name,
        site_addr1: site.addr1,
        site_addr2: site.addr2,
        city_name: site.city,
        state_id: site.state,
        zip_code: site.zip,
        effective_date: world.siteIso(site, t.effective),
        expire_date: world.siteIso(site, t.expire),
      });
    }
  }
  return rows;
}

/**
 * The test event log of a site (docs/product/live-alarms-and-testing.md#entities): events with a
 * test seqno, newest first.
 */
export function testEventLog(world: World, siteNo: number, systemNo?: number) {
  const site = world.requireSite(siteNo);
  return world
    .systemsOfSite(siteNo)
    .filter((s) => systemNo == null || s.systemNo === systemNo)
    .flatMap((s) =>
      world.events.ofSystem(s.systemNo).filter((e) => e.testSeqno > 0 || e.eventId === 'CLTEST'),
    )
    .sort((a, b) => b.id - a.id)
    .map((e) => ({
      id: e.id,
      cs_no: e.csNo,
      comment: e.comment,
      event_id: e.eventId,
      event_description: e.description,
      event_time: world.siteIso(site, e.at),
      date: world.siteIso(site, e.at),
      system_no: e.systemNo,
      test_seqno: e.testSeqno,
    }));
}

/** Zones whose last alarm has no restore yet (unrestored zones), with that alarm. */
export function unrestoredZoneRows(world: World, systems: readonly MonitoredSystem[]) {
  return systems.flatMap((sys) =>
    [...(world.unrestored.get(sys.systemNo)?.entries() ?? [])].map(([zoneId, eventId]) => {
      const e = world.events.get(eventId);
      const zone = world.zone(sys.systemNo, zoneId);
      const site = world.requireSite(sys.siteNo);
      return {
        system_no: sys.systemNo,
        cs_no: sys.csNo,
        zone_id: zoneId,
        comment: zone?.comment ?? null,
        zonestate_id: e?.eventrptId === 'TR' ? 'T' : 'A',
        event_id: e?.eventId ?? null,
        event_descr: e?.description ?? null,
        late_date: e ? world.siteIso(site, e.at) : null,
        equiploc_id: zone?.equiplocId ?? null,
      };
    }),
  );
}
