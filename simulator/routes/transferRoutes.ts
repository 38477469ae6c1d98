import { randomBytes } from 'node:crypto';
import type { Request, Router } from 'express';
import type { TransferLink } from '../world/portalState';
import type { RouteContext } from './context';
import { ok, refuse } from './envelope';
import { ciObject, parseRequest, zOptInt, zOptText } from './requestFields';
import { accountFor, maySee, siteFor, systemFor } from './scope';
import { sessionOf } from './sessions';

const DEFAULT_TOOL = 7001;

/** The simulator's own address as the caller reached it. */
export function originOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`;
}

function linkUrl(req: Request, link: TransferLink): string {
  return `${originOf(req)}/_sim/transfer?token=${link.token}`;
}

/**
 * Hand-off links to the external tools (docs/product/shell-session-search.md#states): a one-time
 * URL of a small page the simulator serves under /_sim/transfer. DMTool 0 means 7001 (Data
 * Management).
 */
export function registerTransferRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;

  router.get('/GetMasWebPlusTransfer', (req, res) => {
    const q = parseRequest(
      ciObject({ SiteNo: zOptInt, SystemNo: zOptInt, Cs_No: zOptText, DMTool: zOptInt }),
      req,
      res,
    );
    if (!q) return;
    const session = sessionOf(res);
    let csNo: string | null = null;
    let siteNo: number | null = null;
    let systemNo: number | null = null;
    if (q.Cs_No) {
      const sys = accountFor(world, session, res, q.Cs_No);
      if (!sys) return;
      [csNo, siteNo, systemNo] = [sys.csNo, sys.siteNo, sys.systemNo];
    } else if (q.SystemNo) {
      const sys = systemFor(world, session, res, q.SystemNo);
      if (!sys) return;
      [csNo, siteNo, systemNo] = [sys.csNo, sys.siteNo, sys.systemNo];
    } else if (q.SiteNo) {
      const site = siteFor(world, session, res, q.SiteNo);
      if (!site) return;
      siteNo = site.siteNo;
    }
    if (systemNo != null) world.portal.touchRecent(session.user.contactNumber, systemNo);
    const link: TransferLink = {
      token: randomBytes(16).toString('hex'),
      tool: q.DMTool && q.DMTool !== 0 ? q.DMTool : DEFAULT_TOOL,
      contactNo: session.user.contactNumber,
      csNo,
      siteNo,
      systemNo,
      targetContactNo: null,
      createdAt: ctx.clock(),
      usedAt: null,
    };
    world.portal.transfers.set(link.token, link);
    ok(res, linkUrl(req, link));
  });

  router.get('/GetMasWebPlusTransferByContactNo', (req, res) => {
    const q = parseRequest(ciObject({ ContactNo: zOptInt, DMTool: zOptInt }), req, res);
    if (!q) return;
    const session = sessionOf(res);
    const contact = world.contacts.find((c) => c.contactNo === q.ContactNo);
    const isUser = q.ContactNo === session.user.contactNumber;
    if (!isUser && (!contact || !maySee(session, contact.agencyId)))
      return refuse(res, ['Contact not found.']);
    const link: TransferLink = {
      token: randomBytes(16).toString('hex'),
      tool: q.DMTool && q.DMTool !== 0 ? q.DMTool : DEFAULT_TOOL,
      contactNo: session.user.contactNumber,
      csNo: null,
      siteNo: contact?.siteNo ?? null,
      systemNo: null,
      targetContactNo: q.ContactNo ?? null,
      createdAt: ctx.clock(),
      usedAt: null,
    };
    world.portal.transfers.set(link.token, link);
    ok(res, linkUrl(req, link));
  });
}
