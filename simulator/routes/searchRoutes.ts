import type { Router } from 'express';
import { z } from 'zod';
import { SERVICE_TYPES, servtypeOf } from '../world/eventCatalog';
import { parseLooseDate, utcOffsetAt } from '../world/siteTime';
import type { MonitoredSystem, SimEvent } from '../world/types';
import type { World } from '../world/world';
import { toAccountRow } from '../queries/rows';
import type { RouteContext } from './context';
import { ok, refuse } from './envelope';
import { ciObject, parseRequest, zInt, zOptText } from './requestFields';
import { accountFor } from './scope';
import { sessionOf, type Session } from './sessions';

const FILL_ONE = 'Please fill out any of the field to search.';
const RESULT_CAP = 500;

const accountSearch = ciObject({
  Cs_No: zOptText,
  Site_No: zOptText,
  Name: zOptText,
  Address: zOptText,
  Address2: zOptText,
  City: zOptText,
  State: zOptText,
  ZipCode: zOptText,
  Phone: zOptText,
  AltId: zOptText,
  PanelId: zOptText,
  Udf1: zOptText,
  Udf2: zOptText,
  Udf3: zOptText,
  Udf4: zOptText,
  CodeWord1: zOptText,
  CodeWord2: zOptText,
});
const eventSearch = ciObject({ StartDate: zOptText, EndDate: zOptText, EventClass: zOptText });
const contactSearch = ciObject({
  FirstName: zOptText,
  LastName: zOptText,
  Phone: zOptText,
  EmailAddress: zOptText,
  PIN: zOptText,
  IDCode: zOptText,
});
const advancedSearchSchema = ciObject({
  AdvancedSearchType: zInt.pipe(z.union([z.literal(1001), z.literal(1002), z.literal(1003)])),
  SearchByAccount: accountSearch.nullish(),
  SearchByEvent: eventSearch.nullish(),
  SearchByContact: contactSearch.nullish(),
});

const has = (haystack: string | null | undefined, needle: string | undefined) =>
  needle == null || (haystack ?? '').toLowerCase().includes(needle.trim().toLowerCase());
const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');
const hasDigits = (haystack: string, needle: string | undefined) =>
  needle == null || digits(haystack).includes(digits(needle));

function visibleSystems(world: World, session: Session): MonitoredSystem[] {
  return [...session.agencyIds].flatMap((a) => world.systemsOf(a));
}

function searchAccounts(world: World, session: Session, q: z.output<typeof accountSearch>) {
  return visibleSystems(world, session)
    .filter((sys) => {
      const site = world.requireSite(sys.siteNo);
      return (
        has(sys.csNo, q.Cs_No) &&
        has(String(site.siteNo), q.Site_No) &&
        has(site.name, q.Name) &&
        has(site.addr1, q.Address) &&
        has(site.addr2, q.Address2) &&
        has(site.city, q.City) &&
        has(site.state, q.State) &&
        has(site.zip, q.ZipCode) &&
        hasDigits(site.phone, q.Phone) &&
        has(site.altId, q.AltId) &&
        has(sys.panelId, q.PanelId) &&
        has(site.udf[0], q.Udf1) &&
        has(site.udf[1], q.Udf2) &&
        has(site.udf[2], q.Udf3) &&
        has(site.udf[3], q.Udf4) &&
        has(site.codeWords[0], q.CodeWord1) &&
        has(site.codeWords[1], q.CodeWord2)
      );
    })
    .slice(0, RESULT_CAP)
    .map((sys) => toAccountRow(world, sys));
}

/** Dates of the event search are read in the user's own agency's zone. */
function range(
  world: World,
  session: Session,
  start: string | undefined,
  end: string | undefined,
  now: number,
) {
  const home = world.agency(session.profile.agencyId)?.homeState ?? 'CA';
  const offset = utcOffsetAt(home, now);
  return { from: parseLooseDate(start, offset) ?? now - 86_400_000, to: parseLooseDate(end, offset) ?? now };
}

function eventsBetween(world: World, session: Session, from: number, to: number): SimEvent[] {
  return [...session.agencyIds].flatMap((a) => world.events.ofAgencyBetween(a, from, to));
}

function matchesClass(e: SimEvent, eventClass: string | undefined): boolean {
  if (!eventClass) return true;
  const c = eventClass.trim().toUpperCase();
  return c === 'ALL' || e.eventrptId === c || servtypeOf(e.eventrptId) === c;
}

function searchContacts(world: World, session: Session, q: z.output<typeof contactSearch>) {
  const rows = [];
  for (const agencyId of session.agencyIds) {
    for (const c of world.contactsOf(agencyId)) {
      if (!(
        has(c.firstName, q.FirstName) &&
        has(c.lastName, q.LastName) &&
        hasDigits(c.phone, q.Phone) &&
        has(c.email, q.EmailAddress) &&
        has(c.pin, q.PIN) &&
        has(c.idCode, q.IDCode)
      ))
        continue;
      const site = c.siteNo != null ? world.site(c.siteNo) : undefined;
      const sys = site ? world.systemsOfSite(site.siteNo)[0] : undefined;
      rows.push({
        contact_no: c.contactNo,
        cs_no: sys?.csNo ?? null,
        site_no: site?.siteNo ?? null,
        system_no: sys?.systemNo ?? null,
        site_name: site?.name ?? null,
        first_name: c.firstName,
        last_name: c.lastName,
        phone: c.phone,
        email_address: c.email,
      });
      if (rows.length >= RESULT_CAP) return rows;
    }
  }
  return rows;
}

/**
 * Advanced search, recently accessed, the account list and the certificate lookup
 * (docs/product/shell-session-search.md#calls).
 */
export function registerSearchRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;

  router.post('/AdvancedSearch', (req, res) => {
    const body = parseRequest(advancedSearchSchema, req, res, req.body);
    if (!body) return;
    const session = sessionOf(res);
    if (body.AdvancedSearchType === 1001) {
      const q = body.SearchByAccount ?? {};
      if (!Object.values(q).some((v) => v != null && String(v).trim() !== '')) return refuse(res, [FILL_ONE]);
      return ok(res, searchAccounts(world, session, q));
    }
    if (body.AdvancedSearchType === 1003) {
      const q = body.SearchByContact ?? {};
      if (!Object.values(q).some((v) => v != null && String(v).trim() !== '')) return refuse(res, [FILL_ONE]);
      return ok(res, searchContacts(world, session, q));
    }
    const q = body.SearchByEvent ?? {};
    const { from, to } = range(world, session, q.StartDate, q.EndDate, ctx.clock());
    const counts = new Map<string, number>();
    for (const e of eventsBetween(world, session, from, to)) {
      if (matchesClass(e, q.EventClass))
        counts.set(servtypeOf(e.eventrptId), (counts.get(servtypeOf(e.eventrptId)) ?? 0) + 1);
    }
    ok(
      res,
      SERVICE_TYPES.filter((s) => counts.has(s.servtype_id)).map((s) => ({
        servtype_id: s.servtype_id,
        status_descr: s.descr,
        ct: counts.get(s.servtype_id),
      })),
    );
  });

  router.get('/GetSearchEventLists', (req, res) => {
    const q = parseRequest(
      ciObject({ StartDate: zOptText, EndDate: zOptText, servtype_id: zOptText }),
      req,
      res,
    );
    if (!q) return;
    const session = sessionOf(res);
    const { from, to } = range(world, session, q.StartDate, q.EndDate, ctx.clock());
    const bySystem = new Map<number, number>();
    for (const e of eventsBetween(world, session, from, to)) {
      if (q.servtype_id && servtypeOf(e.eventrptId) !== q.servtype_id.trim().toUpperCase()) continue;
      bySystem.set(e.systemNo, (bySystem.get(e.systemNo) ?? 0) + 1);
    }
    const rows = [];
    for (const [systemNo, ct] of bySystem) {
      const sys = world.system(systemNo);
      if (sys)
        rows.push({
          cs_no: sys.csNo,
          site_name: world.requireSite(sys.siteNo).name,
          site_no: sys.siteNo,
          system_no: systemNo,
          ct,
        });
    }
    ok(
      res,
      rows.sort((a, b) => a.cs_no.localeCompare(b.cs_no)),
    );
  });

  router.get('/GetRecentlyAccessedSites', (_req, res) => {
    const session = sessionOf(res);
    let systems = world.portal.recentSystems.get(session.user.contactNumber);
    // NOTE: a user who opened nothing yet sees a few accounts of their agency, as after earlier use.
    systems ??= world
      .systemsOf(session.profile.agencyId)
      .slice(0, 5)
      .map((s) => s.systemNo);
    ok(
      res,
      systems
        .map((n) => world.system(n))
        .filter((s): s is MonitoredSystem => s != null && session.agencyIds.has(s.agencyId))
        .map((s) => toAccountRow(world, s)),
    );
  });

  router.get('/GetAllAccountsBySeqNo', (_req, res) => {
    const session = sessionOf(res);
    ok(
      res,
      visibleSystems(world, session)
        .sort((a, b) => a.seqno - b.seqno)
        .map((sys) => {
          const site = world.requireSite(sys.siteNo);
          return {
            seqno: sys.seqno,
            cs_no: sys.csNo,
            site_name: site.name,
            site_no: site.siteNo,
            system_no: sys.systemNo,
            servco_no: site.agencyId,
            install_servco_no: site.agencyId,
            site_addr1: site.addr1,
            city_name: site.city,
            state_id: site.state,
            zip_code: site.zip,
            acct_status: site.acctStatus,
            signal_count: world.events.ofSystem(sys.systemNo).length,
          };
        }),
    );
  });

  router.get('/GetMonitorCertificateDetails', (req, res) => {
    const q = parseRequest(ciObject({ CsNo: zOptText }), req, res);
    if (!q) return;
    // NOTE: an account that does not exist is an empty result ("No record found.",
    // docs/product/reports-and-settings.md#validation).
    if (!q.CsNo || !world.systemByCsNo(q.CsNo)) return ok(res, []);
    const sys = accountFor(world, sessionOf(res), res, q.CsNo);
    if (!sys) return;
    const site = world.requireSite(sys.siteNo);
    const dealer = world.serviceCompany(site.agencyId);
    const kinds = new Set(world.systemsOfSite(site.siteNo).flatMap((s) => s.zones.map((z) => z.kind)));
    const alarms = new Set(world.systemsOfSite(site.siteNo).flatMap((s) => s.zones.map((z) => z.alarmType)));
    const monitored = [
      alarms.has('B') ? 'B' : null,
      alarms.has('P') || alarms.has('HU') ? 'P' : null,
      kinds.has('co') ? 'C' : null,
      alarms.has('F') ? 'F' : null,
      alarms.has('ME') ? 'ME' : null,
      kinds.has('camera') ? 'N' : null,
      kinds.has('flood') ? 'O' : null,
    ].filter(Boolean);
    ok(res, [
      {
        cs_no: sys.csNo,
        site_name: site.name,
        site_addr1: site.addr1,
        site_addr2: site.addr2,
        city_name: site.city,
        state_id: site.state,
        zip_code: site.zip,
        dealer_name: dealer?.name ?? null,
        dealer_addr1: dealer?.addr1 ?? null,
        dealer_addr2: null,
        dealer_city: dealer?.city ?? null,
        dealer_state: dealer?.state ?? null,
        dealer_zip: dealer?.zip ?? null,
        monitored: monitored.join('|'),
      },
    ]);
  });
}
