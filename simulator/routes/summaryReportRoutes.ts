import type { Response, Router } from 'express';
import { z } from 'zod';
import { accountsOfAgency, contactSummaryRows, zoneSummaryRows } from '../queries/summaryReports';
import type { MonitoredSystem } from '../world/types';
import type { World } from '../world/world';
import type { RouteContext } from './context';
import { ok, refuse, UNAUTHORIZED_AGENCY } from './envelope';
import { ciObject, parseRequest, zOptText } from './requestFields';
import { agencyFor, maySee, servcoFields, servcoOf } from './scope';
import { sessionOf, type Session } from './sessions';

const ENTER_ACCOUNT = 'Please enter account no.';
const VALID_ACCOUNT = 'Please enter valid account no.';

const reportSchema = ciObject({ ...servcoFields, CsNo: zOptText, type: zOptText });
const corpSchema = ciObject({
  ...servcoFields,
  CorpNo: zOptText.pipe(z.string().regex(/^\d+$/, 'digits only').optional()),
  CsNo: zOptText,
});

/**
 * The account a report names, if it belongs to that agency
 * (docs/product/reports-and-settings.md#validation's account checks).
 */
function accountOf(
  world: World,
  session: Session,
  res: Response,
  agencyId: string,
  csNo: string,
): MonitoredSystem | undefined {
  const system = world.systemByCsNo(csNo);
  if (system && !maySee(session, system.agencyId)) return void refuse(res, [UNAUTHORIZED_AGENCY]);
  if (!system || system.agencyId !== agencyId) return void refuse(res, [VALID_ACCOUNT]);
  return system;
}

/**
 * The zone and site-contact reports and the account list behind their autosuggest
 * (docs/product/reports-and-settings.md#calls).
 */
export function registerSummaryReportRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;

  router.get('/GetSiteByServCoNo', (req, res) => {
    const q = parseRequest(ciObject(servcoFields), req, res);
    if (!q) return;
    const agencyId = agencyFor(world, sessionOf(res), res, servcoOf(q));
    if (agencyId) ok(res, accountsOfAgency(world, agencyId));
  });

  router.post('/Report/GetZoneSummaryReport', (req, res) => {
    const q = parseRequest(reportSchema, req, res);
    if (!q) return;
    const session = sessionOf(res);
    const agencyId = agencyFor(world, session, res, servcoOf(q));
    if (!agencyId) return;
    if (!q.CsNo) return refuse(res, [ENTER_ACCOUNT]);
    const system = accountOf(world, session, res, agencyId, q.CsNo);
    // NOTE: the result is JSON text of the rows, as the spec says
    // (docs/product/reports-and-settings.md#entities).
    if (system) ok(res, JSON.stringify(zoneSummaryRows(world, system, ctx.clock())));
  });

  router.post('/Report/GetContactSummaryReport', (req, res) => {
    const q = parseRequest(reportSchema, req, res);
    if (!q) return;
    const session = sessionOf(res);
    const agencyId = agencyFor(world, session, res, servcoOf(q));
    if (!agencyId) return;
    if (!q.CsNo) return refuse(res, [ENTER_ACCOUNT]);
    const system = accountOf(world, session, res, agencyId, q.CsNo);
    if (system) ok(res, JSON.stringify(contactSummaryRows(world, [world.requireSite(system.siteNo)])));
  });

  // Body not shown in the spec (Choice): CorpNo, the corporate account's number, and an optional CsNo.
  router.post('/Report/GetContactSummaryReportByCorpNo', (req, res) => {
    const q = parseRequest(corpSchema, req, res);
    if (!q) return;
    const session = sessionOf(res);
    const corpNo = q.CorpNo ?? servcoOf(q);
    if (!corpNo) return refuse(res, ['Please enter corporate account no.']);
    const agencyId = agencyFor(world, session, res, corpNo);
    if (!agencyId) return;
    if (world.agency(agencyId)?.type !== 'C')
      return refuse(res, ['Please enter valid corporate account no.']);
    if (!q.CsNo) return ok(res, JSON.stringify(contactSummaryRows(world, world.sitesOf(agencyId))));
    const system = accountOf(world, session, res, agencyId, q.CsNo);
    if (system) ok(res, JSON.stringify(contactSummaryRows(world, [world.requireSite(system.siteNo)])));
  });
}
