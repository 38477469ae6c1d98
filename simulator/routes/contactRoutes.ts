import type { Router } from 'express';
import { z } from 'zod';
import { OWNER_RELATION_ID } from '../world/demoUsers';
import type { SitePreference } from '../world/portalState';
import { childContactsOf, preferenceOf } from '../world/userProfile';
import type { RouteContext } from './context';
import { ok, refuse, UNAUTHORIZED_AGENCY } from './envelope';
import { ciObject, parseRequest, zOptBool, zOptInt, zOptText } from './requestFields';
import { navIdsProblem, SECURITY_MESSAGES } from './securitySettingsRoutes';
import { sessionOf, type Session } from './sessions';
import type { World } from '../world/world';

const preferenceSchema = ciObject({
  DataManagementTool: zOptInt,
  DefaultLiveAlarmViewTab: zOptInt.pipe(z.union([z.literal(8001), z.literal(8002), z.undefined()])),
  GraphsView: zOptInt.pipe(z.union([z.literal(9001), z.literal(9002), z.undefined()])),
  SelectedNavIds: z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : v),
    zOptText.pipe(
      z
        .string()
        .regex(/^[\d,\s]*$/, 'a comma list of menu ids')
        .optional(),
    ),
  ),
  SelectedContactNo: zOptInt,
  IsDarkTheme: zOptBool,
  Mode: zOptText,
});

/** Whose preferences a call may read or change: one's own, or (the owner) a sub-account's. */
export function mayManage(world: World, session: Session, contactNo: number): boolean {
  if (contactNo === session.user.contactNumber) return true;
  return (
    session.user.relationId === OWNER_RELATION_ID &&
    childContactsOf(world, session.user.contactNumber).some((c) => c.contact_no === contactNo)
  );
}

/**
 * Site preferences, the dealer banner and the owner's sub-accounts
 * (docs/product/shell-session-search.md#calls, docs/product/reports-and-settings.md#calls).
 */
export function registerContactRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;

  router.post('/Contact/GetOrUpdateSitePreference', (req, res) => {
    const body = parseRequest(preferenceSchema, req, res);
    if (!body) return;
    const session = sessionOf(res);
    const target = body.SelectedContactNo ?? session.user.contactNumber;
    const current = preferenceOf(world, target);
    if (!current || !mayManage(world, session, target)) return refuse(res, ['Contact not found.']);
    if ((body.Mode ?? '').trim().toUpperCase() !== 'UPDATE') return ok(res, JSON.stringify([current]));
    const navIds = body.SelectedNavIds?.replace(/\s/g, '');
    // Only the owner changes menus (docs/product/reports-and-settings.md#roles): a sub-account may
    // resend its own list, not another.
    const isOwner = session.user.relationId === OWNER_RELATION_ID;
    if (navIds !== undefined && navIds !== current.SelectedNavIds && !isOwner)
      return refuse(res, [SECURITY_MESSAGES.ownerOnly]);
    // The owner setting a sub-account's list here meets the Security Settings checks
    // (docs/product/reports-and-settings.md#validation).
    const problem =
      navIds !== undefined && target !== session.user.contactNumber
        ? navIdsProblem(navIds.split(',').filter(Boolean))
        : null;
    if (problem) return refuse(res, [problem]);
    const next: SitePreference = {
      SelectedNavIds: navIds ?? current.SelectedNavIds,
      DefaultLiveAlarmViewTab: body.DefaultLiveAlarmViewTab ?? current.DefaultLiveAlarmViewTab,
      GraphsView: body.GraphsView ?? current.GraphsView,
      DataManagementTool: body.DataManagementTool ?? current.DataManagementTool,
      SelectedContactNo: target,
      IsDarkTheme: body.IsDarkTheme ?? current.IsDarkTheme,
      Mode: 'UPDATE',
    };
    world.portal.preferences.set(target, next);
    ok(res, JSON.stringify([next]));
  });

  router.post('/Contact/GetDealerBannerByServcoNo', (req, res) => {
    const q = parseRequest(ciObject({ ServcoNo: zOptText }), req, res);
    if (!q) return;
    const session = sessionOf(res);
    const servcoNo = q.ServcoNo ?? session.profile.servco_no;
    const company = world.serviceCompany(servcoNo);
    if (!company || !session.visible.has(servcoNo)) return refuse(res, [UNAUTHORIZED_AGENCY]);
    ok(res, company.bannerImage);
  });

  router.post('/Contact/GetChildContactList', (_req, res) => {
    const session = sessionOf(res);
    const children =
      session.user.relationId === OWNER_RELATION_ID ? childContactsOf(world, session.user.contactNumber) : [];
    // NOTE: JSON text, as the product parses it ("No sub-accounts found." when that fails,
    // docs/product/reports-and-settings.md#messages).
    ok(res, JSON.stringify(children));
  });
}
