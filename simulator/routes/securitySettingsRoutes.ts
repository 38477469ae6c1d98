import type { Router } from 'express';
import { z } from 'zod';
import { isOwnerOnlyMenuId } from '../../shared/menu/menuCatalog';
import { MENU_EDITOR_MESSAGES, navIdsProblem as menuListProblem } from '../../shared/menu/menuEditor';
import { OWNER_RELATION_ID } from '../world/demoUsers';
import type { SitePreference } from '../world/portalState';
import { childContactsOf, preferenceOf } from '../world/userProfile';
import type { RouteContext } from './context';
import { ok, refuse } from './envelope';
import { ciObject, parseRequest, zOptBool, zOptInt, zOptText } from './requestFields';
import { sessionOf } from './sessions';

export const SECURITY_MESSAGES = {
  saved: 'Menu settings saved successfully.',
  ownerOnly: 'Only the account owner can change the menu settings of sub-accounts.',
  selectOne: MENU_EDITOR_MESSAGES.selectOne,
  notForSubAccounts: 'Security Settings cannot be given to a sub-account.',
} as const;

// The wrapper of docs/product/reports-and-settings.md#calls sends login id, data tool, default tab,
// graphs view, menu ids and contact_no.
const childPreferenceSchema = ciObject({
  LoginId: zOptText,
  contact_no: zOptInt,
  SelectedContactNo: zOptInt,
  DataManagementTool: zOptInt,
  DefaultLiveAlarmViewTab: zOptInt.pipe(z.union([z.literal(8001), z.literal(8002), z.undefined()])),
  GraphsView: zOptInt.pipe(z.union([z.literal(9001), z.literal(9002), z.undefined()])),
  // NOTE: unlike other fields, '' or null is sent on purpose here: no menu selected.
  SelectedNavIds: z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : v),
    z
      .string()
      .max(2000)
      .regex(/^[\d,\s]*$/, 'a comma list of menu ids')
      .nullish(),
  ),
  IsDarkTheme: zOptBool,
  Mode: zOptText,
});

/**
 * The checks of docs/product/reports-and-settings.md#validation on a sub-account's menu list; the
 * first failing message, if any.
 */
// NOTE: the external-link catalogue and the rules are the client's own (shared/menu).
export function navIdsProblem(ids: string[]): string | null {
  if (ids.length === 0) return SECURITY_MESSAGES.selectOne;
  if (ids.some(isOwnerOnlyMenuId)) return SECURITY_MESSAGES.notForSubAccounts;
  return menuListProblem(ids);
}

/**
 * Security Settings: the owner saves a sub-account's menus and site preferences
 * (docs/product/reports-and-settings.md#screens, #calls).
 */
export function registerSecuritySettingsRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;

  router.post('/Contact/UpdateChildSitePreference', (req, res) => {
    const body = parseRequest(childPreferenceSchema, req, res);
    if (!body) return;
    const session = sessionOf(res);
    if (session.user.relationId !== OWNER_RELATION_ID) return refuse(res, [SECURITY_MESSAGES.ownerOnly]);
    const target = body.contact_no ?? body.SelectedContactNo;
    const isChild = childContactsOf(world, session.user.contactNumber).some((c) => c.contact_no === target);
    const current = target != null && isChild ? preferenceOf(world, target) : undefined;
    if (target == null || !current) return refuse(res, ['Contact not found.']);
    const ids = (body.SelectedNavIds === undefined ? current.SelectedNavIds : (body.SelectedNavIds ?? ''))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const problem = navIdsProblem(ids);
    if (problem) return refuse(res, [problem]);
    const next: SitePreference = {
      SelectedNavIds: ids.join(','),
      DefaultLiveAlarmViewTab: body.DefaultLiveAlarmViewTab ?? current.DefaultLiveAlarmViewTab,
      GraphsView: body.GraphsView ?? current.GraphsView,
      DataManagementTool: body.DataManagementTool ?? current.DataManagementTool,
      SelectedContactNo: target,
      IsDarkTheme: body.IsDarkTheme ?? current.IsDarkTheme,
      Mode: 'UPDATE',
    };
    world.portal.preferences.set(target, next);
    // NOTE: the product shows the result text in its success toast
    // (docs/product/reports-and-settings.md#messages).
    ok(res, SECURITY_MESSAGES.saved);
  });
}
