import type { Request, RequestHandler } from 'express';
import {
  GATEWAY_MENU_RULES,
  menuNeedsOf,
  menuTitles,
  type MenuRule,
  type RequestFields,
} from '../../shared/menu/upstreamMenuNeeds';
import { sendError } from '../http/apiErrors';
import { sessionOf } from '../http/sessionGuard';
import { sessionMenuIds } from '../rights/menuRights';

const isRecord = (v: unknown): v is RequestFields =>
  v != null && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v);

/**
 * Every record of the request a menu rule judges: the query and each record of the body (an
 * array body: every record), each on its own, so a field is judged wherever it is sent.
 */
export function requestRecords(req: Request): RequestFields[] {
  const body: unknown = req.body;
  const records = Array.isArray(body) ? body.filter(isRecord) : isRecord(body) ? [body] : [];
  const query: unknown = req.query;
  return isRecord(query) ? [query, ...records] : records;
}

function refuseUnlessGranted(rule: MenuRule, ownerRelationId: string): RequestHandler {
  return (req, res, next) => {
    const needs = menuNeedsOf(rule, requestRecords(req));
    if (needs.length === 0) return next();
    const granted = sessionMenuIds(sessionOf(res).profile, ownerRelationId);
    const unmet = needs.find((anyOf) => !anyOf.some((id) => granted.has(id)));
    if (!unmet) return next();
    sendError(res, 'forbidden_menu', {
      message: `You do not have permission to access this page (${menuTitles(unmet).join(' or ')}).`,
      menu: unmet,
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
