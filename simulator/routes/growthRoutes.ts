import type { Router } from 'express';
import { z } from 'zod';
import {
  addCancelRows,
  attritionChart,
  growthRecord,
  MONTH_KEYS,
  YTD,
  type AddOrCancel,
} from '../queries/growth';
import { localMonthOf } from '../queries/reportRange';
import type { RouteContext } from './context';
import { badRequest, ok } from './envelope';
import { ciObject, parseRequest, zOptText } from './requestFields';
import { agenciesFor, agencyFor, companiesFor, servcoFields, servcoOf } from './scope';
import { sessionOf } from './sessions';

const addCancelSchema = ciObject({
  ...servcoFields,
  Type: zOptText.pipe(
    z
      .string()
      .regex(/^(add|cancel|can)$/i, 'must be Add or Cancel')
      .optional(),
  ),
  MonthIndex: zOptText,
});

/** MonthIndex as sent: 1..12, JAN..DEC, or the year to date (0, 13 or YTD). */
function monthIndexOf(text: string | undefined, currentMonth: number): number | 'invalid' {
  if (text == null) return currentMonth;
  const t = text.trim().toLowerCase();
  if (t === 'ytd' || t === '0' || t === '13') return YTD;
  const byName = MONTH_KEYS.indexOf(t);
  if (byName >= 0) return byName + 1;
  const n = Number(t);
  return Number.isInteger(n) && n >= 1 && n <= 12 ? n : 'invalid';
}

/**
 * Growth and Attrition: the monthly records, the consolidated chart and the detail rows
 * (docs/product/reports-and-settings.md#calls).
 */
export function registerGrowthRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;

  router.get('/Dashboard/GetGrowthAttritiontData', (req, res) => {
    const q = parseRequest(ciObject(servcoFields), req, res);
    if (!q) return;
    const companies = companiesFor(world, sessionOf(res), res, servcoOf(q));
    if (companies)
      ok(
        res,
        companies.map((c) => growthRecord(world, c, ctx.clock())),
      );
  });

  router.get('/Home/GetAccountAttritionChart', (req, res) => {
    const q = parseRequest(ciObject(servcoFields), req, res);
    if (!q) return;
    const agencyId = agencyFor(world, sessionOf(res), res, servcoOf(q));
    if (agencyId) ok(res, attritionChart(world, agencyId, ctx.clock()));
  });

  router.get('/Dashboard/GetAddCancelData', (req, res) => {
    const q = parseRequest(addCancelSchema, req, res);
    if (!q) return;
    const session = sessionOf(res);
    const now = ctx.clock();
    const home = world.agency(session.profile.agencyId)?.homeState ?? 'CA';
    const monthIndex = monthIndexOf(q.MonthIndex, localMonthOf(now, home).month);
    if (monthIndex === 'invalid')
      return badRequest(res, ['MonthIndex: must be 1 to 12, JAN to DEC, or 0/13/YTD']);
    const agencyIds = agenciesFor(world, session, res, servcoOf(q));
    if (!agencyIds) return;
    const type: AddOrCancel = /^add$/i.test(q.Type ?? 'Add') ? 'Add' : 'Cancel';
    ok(res, addCancelRows(world, agencyIds, type, monthIndex, now));
  });
}
