import type { Router } from 'express';
import {
  NO_ACTIVITY_DATE_TYPES,
  noActivitySites,
  noActivityStart,
  parseNoActivityDateType,
  unrestoredZonesReport,
} from '../queries/siteReports';
import { parseLooseDate, utcOffsetAt } from '../world/siteTime';
import type { RouteContext } from './context';
import { badRequest, ok } from './envelope';
import { ciObject, parseRequest, zOptText } from './requestFields';
import { agenciesFor, servcoFields, servcoOf } from './scope';
import { sessionOf } from './sessions';

// NOTE: the screen's wrapper takes CSNo, DateType, SelectedDate
// (docs/product/reports-and-settings.md#calls): the same names in any case.
const noActivitySchema = ciObject({
  ...servcoFields,
  csNo: zOptText,
  dateType: zOptText,
  startDate: zOptText,
  SelectedDate: zOptText,
});

/**
 * Unrestored Zones and Sites With No Alarm Activity (docs/product/reports-and-settings.md#calls).
 */
export function registerSiteReportRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;

  router.get('/Report/GetUnrestoredZonesReport', (req, res) => {
    const q = parseRequest(ciObject(servcoFields), req, res);
    if (!q) return;
    const agencyIds = agenciesFor(world, sessionOf(res), res, servcoOf(q));
    if (agencyIds) ok(res, unrestoredZonesReport(world, agencyIds));
  });

  router.get('/Home/GetNoActivityReport', (req, res) => {
    const q = parseRequest(noActivitySchema, req, res);
    if (!q) return;
    const dateType = parseNoActivityDateType(q.dateType);
    if (!dateType) return badRequest(res, [`dateType: must be one of ${NO_ACTIVITY_DATE_TYPES.join(', ')}.`]);
    const session = sessionOf(res);
    const now = ctx.clock();
    let from: number;
    if (dateType === 'Select') {
      const home = world.agency(session.profile.agencyId)?.homeState ?? 'CA';
      const picked = parseLooseDate(q.startDate ?? q.SelectedDate, utcOffsetAt(home, now));
      if (picked == null)
        return badRequest(res, ['startDate: must be a date MM/dd/yyyy when dateType is Select.']);
      from = picked;
    } else {
      from = noActivityStart(dateType, now);
    }
    const agencyIds = agenciesFor(world, session, res, servcoOf(q));
    if (agencyIds) ok(res, noActivitySites(world, agencyIds, from, now, q.csNo));
  });
}
