import type { Request, RequestHandler } from 'express';
import {
  GATEWAY_MENU_RULES,
  grantedMenuIds,
  menuIdsNeeded,
  menuTitles,
  type MenuRule,
} from '../../shared/menu/upstreamMenuNeeds';
import type { LoginProfile } from '../../shared/upstream/loginProfile';
import { sendError } from './apiErrors';
import { sessionOf } from './requireSession';

/** The SelectedNavIds of a login record's first site preference (doc 1 §3); null when absent. */
export function selectedNavIdsOf(profile: Pick<LoginProfile, 'sitePreferences'>): string | null {
  if (!profile.sitePreferences) return null;
  try {
    const parsed: unknown = JSON.parse(profile.sitePreferences);
    const first: unknown = Array.isArray(parsed) ? parsed[0] : parsed;
    if (!first || typeof first !== 'object') return null;
    const ids = (first as Record<string, unknown>).SelectedNavIds;
    return ids == null ? null : String(ids);
  } catch {
    return null;
  }
}

export function isOwnerProfile(profile: Pick<LoginProfile, 'RelationId'>, ownerRelationId: string): boolean {
  return profile.RelationId != null && String(profile.RelationId) === ownerRelationId;
}

/** The menu ids the session's login record grants (read on every call: a company switch re-reads it). */
export function sessionMenuIds(
  profile: Pick<LoginProfile, 'sitePreferences' | 'RelationId'>,
  ownerRelationId: string,
): Set<string> {
  return grantedMenuIds(selectedNavIdsOf(profile), isOwnerProfile(profile, ownerRelationId));
}

/** The request's fields a menu rule may look at: the query, then the body (an array: its first record). */
function requestFields(req: Request): Record<string, unknown> {
  const body: unknown = Array.isArray(req.body) ? req.body[0] : req.body;
  const fromBody = body && typeof body === 'object' && !Buffer.isBuffer(body) ? body : {};
  const query: unknown = req.query;
  return { ...(query && typeof query === 'object' ? query : {}), ...fromBody };
}

function refuseUnlessGranted(rule: MenuRule, ownerRelationId: string): RequestHandler {
  return (req, res, next) => {
    const needed = menuIdsNeeded(rule, requestFields(req));
    if (!needed) return next();
    const granted = sessionMenuIds(sessionOf(res).profile, ownerRelationId);
    if (needed.some((id) => granted.has(id))) return next();
    sendError(res, 'forbidden_menu', {
      message: `You do not have permission to access this page (${menuTitles(needed).join(' or ')}).`,
      menu: needed,
    });
  };
}

/**
 * Refuses an upstream call (403 `forbidden_menu`) to a session whose menu has none of the items
 * the call serves, before any lock, upstream call or side effect. Behind requireSession.
 */
export function menuGuard(rule: MenuRule, ownerRelationId: string): RequestHandler {
  return refuseUnlessGranted(rule, ownerRelationId);
}

/** The same for the alarm-incident gateway, by the method named in the body (unknown methods pass to validation). */
export function gatewayMenuGuard(ownerRelationId: string): RequestHandler {
  const guards = new Map(
    Object.entries(GATEWAY_MENU_RULES).map(([method, rule]) => [
      method,
      refuseUnlessGranted(rule, ownerRelationId),
    ]),
  );
  return (req, res, next) => {
    const body: unknown = req.body;
    const method =
      body && typeof body === 'object' && 'methodName' in body && typeof body.methodName === 'string'
        ? body.methodName
        : '';
    const guard = guards.get(method);
    if (!guard) return next();
    guard(req, res, next);
  };
}
