import type { RequestHandler } from 'express';
import {
  GATEWAY_MENU_RULES,
  grantedMenuIds,
  menuIdsNeeded,
  UPSTREAM_MENU_RULES,
  type MenuRule,
} from '../../shared/menu/upstreamMenuNeeds';
import { OWNER_RELATION_ID, type DemoUser } from '../world/demoUsers';
import { preferenceOf } from '../world/userProfile';
import type { World } from '../world/world';
import { gateway, GATEWAY_PATH, refuse } from './envelope';
import { sessionOf } from './sessions';

/** The monitoring center's refusal of a call outside the user's menu (HTTP 200, as its other refusals). */
export const NOT_IN_MENU = 'You do not have permission to access this page.';

/** Calls that answer a non-owner with their own words (docs/upstream-api.md), not the menu's. */
const OWN_REFUSALS = new Set(['/contact/updatechildsitepreference', '/contact/getchildcontactlist']);

const RULES_BY_PATH = new Map(
  Object.entries(UPSTREAM_MENU_RULES).map(([p, r]) => [`/${p}`.toLowerCase(), r]),
);
const GATEWAY_RULES = new Map(Object.entries(GATEWAY_MENU_RULES).map(([m, r]) => [m.toLowerCase(), r]));

const recordOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v)
    ? (v as Record<string, unknown>)
    : {};

/** The gateway method a body names, whatever the case of its key. */
function methodOf(body: unknown): string {
  for (const [k, v] of Object.entries(recordOf(body)))
    if (k.toLowerCase() === 'methodname' && typeof v === 'string') return v.toLowerCase();
  return '';
}

export interface MenuCall {
  path: string;
  query?: unknown;
  body?: unknown;
}

/** Whether the user's menu (SelectedNavIds as saved) leaves this call out. */
export function outsideMenu(
  user: Pick<DemoUser, 'relationId'>,
  selectedNavIds: string | null | undefined,
  call: MenuCall,
): boolean {
  const path = call.path.toLowerCase().replace(/\/+$/, '');
  if (OWN_REFUSALS.has(path)) return false;
  const rule: MenuRule | undefined =
    path === GATEWAY_PATH ? GATEWAY_RULES.get(methodOf(call.body)) : RULES_BY_PATH.get(path);
  if (!rule) return false;
  const body = Array.isArray(call.body) ? call.body[0] : call.body;
  const needed = menuIdsNeeded(rule, { ...recordOf(call.query), ...recordOf(body) });
  if (!needed) return false;
  const granted = grantedMenuIds(selectedNavIds, user.relationId === OWNER_RELATION_ID);
  return !needed.some((id) => granted.has(id));
}

/**
 * Refuses a call the user's menu does not cover, as the monitoring center does: the menu is the
 * user's saved SelectedNavIds (as the owner last set it), read on every call. Behind the session check.
 */
export function menuAccess(world: World): RequestHandler {
  return (req, res, next) => {
    const { user } = sessionOf(res);
    const navIds = preferenceOf(world, user.contactNumber)?.SelectedNavIds ?? user.selectedNavIds;
    if (!outsideMenu(user, navIds, req)) return next();
    if (req.path.toLowerCase().replace(/\/+$/, '') === GATEWAY_PATH)
      return gateway(res, {
        HttpStatusCode: 400,
        ErrorMessage: NOT_IN_MENU,
        MessageCollection: [NOT_IN_MENU],
      });
    refuse(res, [NOT_IN_MENU]);
  };
}
