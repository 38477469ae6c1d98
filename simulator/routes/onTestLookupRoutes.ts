import type { Router } from 'express';
import { toOnTestRow, toZoneRow, unrestoredZoneRows } from '../queries/onTestRows';
import { toSiteInfo } from '../queries/rows';
import { SERVICE_TYPES } from '../world/eventCatalog';
import { SIGNAL_FORMAT_TYPES, SIGNAL_FORMATS, TEST_CATEGORIES, ZONE_STATES } from '../world/lookups';
import type { MonitoredSystem } from '../world/types';
import type { World } from '../world/world';
import type { RouteContext } from './context';
import { ok } from './envelope';
import { ciObject, parseRequest, zOptInt, zOptText } from './requestFields';
import { accountFor, siteFor, systemFor } from './scope';
import { sessionOf } from './sessions';

/** Lookups are served under OnTest/ and, since the spec lists them bare too, at the root. */
function both(path: string): string[] {
  return [`/OnTest/${path}`, `/${path}`];
}

function systemRow(world: World, sys: MonitoredSystem, now: number) {
  const site = world.requireSite(sys.siteNo);
  return {
    system_no: sys.systemNo,
    cs_no: sys.csNo,
    site_no: sys.siteNo,
    site_name: site.name,
    systype_id: sys.systype,
    panel_id: sys.panelId,
    sigform_id: sys.sigformId,
    zone_count: sys.zones.length,
    IsSystemOnTest: world.tests
      .ofSystem(sys.systemNo)
      .some((t) => t.endedAt == null && t.effective <= now && t.expire > now),
  };
}

/**
 * Place On Test lookups and the site, system and zone reads
 * (docs/product/live-alarms-and-testing.md#calls).
 */
export function registerOnTestLookupRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;
  const siteQuery = ciObject({ SiteNo: zOptInt, SystemNo: zOptInt, CsNo: zOptText });

  for (const p of both('GetTestCategory')) router.get(p, (_req, res) => ok(res, TEST_CATEGORIES));
  for (const p of both('GetServiceTypes'))
    router.get(p, (_req, res) =>
      ok(
        res,
        SERVICE_TYPES.map(({ servtype_id, descr }) => ({ servtype_id, descr })),
      ),
    );
  for (const p of both('GetSignalFormat')) router.get(p, (_req, res) => ok(res, SIGNAL_FORMATS));
  for (const p of both('GetZoneStates')) router.get(p, (_req, res) => ok(res, ZONE_STATES));
  for (const p of both('GetSignalFormatTypes')) {
    router.get(p, (req, res) => {
      const q = parseRequest(ciObject({ sigform_id: zOptText, SigformId: zOptText }), req, res);
      if (!q) return;
      ok(res, SIGNAL_FORMAT_TYPES[(q.sigform_id ?? q.SigformId ?? '').toUpperCase()] ?? []);
    });
  }

  router.get('/OnTest/GetAllZonesBySiteSystemNo', (req, res) => {
    const q = parseRequest(siteQuery, req, res);
    if (!q) return;
    const site = siteFor(world, sessionOf(res), res, q.SiteNo);
    if (!site) return;
    const now = ctx.clock();
    const systems = world
      .systemsOfSite(site.siteNo)
      .filter((s) => q.SystemNo == null || s.systemNo === q.SystemNo);
    ok(
      res,
      systems.flatMap((s) => s.zones.map((z) => toZoneRow(world, s, z, now))),
    );
  });

  router.get('/OnTest/GetUnrestoredZoneSystems', (req, res) => {
    const q = parseRequest(siteQuery, req, res);
    if (!q) return;
    const site = siteFor(world, sessionOf(res), res, q.SiteNo);
    if (!site) return;
    ok(
      res,
      unrestoredZoneRows(world, world.systemsOfSite(site.siteNo)).map(
        ({ system_no, cs_no, zone_id, comment }) => ({ system_no, cs_no, zone_id, comment }),
      ),
    );
  });

  router.get('/OnTest/GetUnrestoredZonesData', (req, res) => {
    const q = parseRequest(siteQuery, req, res);
    if (!q) return;
    const site = siteFor(world, sessionOf(res), res, q.SiteNo);
    if (!site) return;
    ok(
      res,
      unrestoredZoneRows(
        world,
        world.systemsOfSite(site.siteNo).filter((s) => q.SystemNo == null || s.systemNo === q.SystemNo),
      ),
    );
  });

  router.get('/OnTest/GetSiteSystemsBySiteNo', (req, res) => {
    const q = parseRequest(siteQuery, req, res);
    if (!q) return;
    const site = siteFor(world, sessionOf(res), res, q.SiteNo);
    if (!site) return;
    const now = ctx.clock();
    ok(
      res,
      world.systemsOfSite(site.siteNo).map((s) => systemRow(world, s, now)),
    );
  });

  router.get('/OnTest/GetSiteDetailsBySiteNo', (req, res) => {
    const q = parseRequest(siteQuery, req, res);
    if (!q) return;
    const site = siteFor(world, sessionOf(res), res, q.SiteNo);
    if (!site) return;
    ok(res, {
      ...toSiteInfo(world, site),
      SiteAdditionalInfo: { system_count: world.systemsOfSite(site.siteNo).length },
    });
  });

  router.get('/OnTest/GetSystemData', (req, res) => {
    const q = parseRequest(siteQuery, req, res);
    if (!q) return;
    const session = sessionOf(res);
    const sys = q.CsNo ? accountFor(world, session, res, q.CsNo) : systemFor(world, session, res, q.SystemNo);
    if (!sys) return;
    const now = ctx.clock();
    ok(res, {
      ...systemRow(world, sys, now),
      zones: sys.zones.map((z) => toZoneRow(world, sys, z, now)),
      onTest: world.tests
        .ofSystem(sys.systemNo)
        .filter((t) => t.endedAt == null)
        .map((t) => toOnTestRow(world, t, now)),
    });
  });

  router.get('/OnTest/GetSystemTypeAccount', (req, res) => {
    const q = parseRequest(siteQuery, req, res);
    if (!q) return;
    const sys = systemFor(world, sessionOf(res), res, q.SystemNo);
    if (!sys) return;
    const now = ctx.clock();
    ok(
      res,
      sys.zones.filter((z) => z.stazFlag === 'Y').map((z) => toZoneRow(world, sys, z, now)),
    );
  });
}
