import type { Request, Response, Router } from 'express';
import { actualEvents, agencyDispatches, excessiveActivity } from '../queries/alarmActivity';
import { parseReportRange, RANGE_ERROR, type ReportRange } from '../queries/reportRange';
import type { RouteContext } from './context';
import { badRequest, ok } from './envelope';
import { ciObject, parseRequest, zOptBool, zOptText } from './requestFields';
import { agenciesFor, servcoFields, servcoOf } from './scope';
import { sessionOf } from './sessions';

const rangeSchema = ciObject({ ...servcoFields, Mode: zOptText, key: zOptText, isCountIncluded: zOptBool });

/**
 * Reads the agencies and the range (Mode, or key for the range-key calls) of an activity report;
 * answers the refusal itself and returns undefined when the call must stop.
 */
function reportScope(ctx: RouteContext, req: Request, res: Response) {
  const q = parseRequest(rangeSchema, req, res);
  if (!q) return undefined;
  const range = parseReportRange(q.Mode ?? q.key, ctx.clock());
  if (range === 'invalid') {
    badRequest(res, [`Mode: ${RANGE_ERROR}`]);
    return undefined;
  }
  const agencyIds = agenciesFor(ctx.world, sessionOf(res), res, servcoOf(q));
  return agencyIds ? { agencyIds, range, includeCount: q.isCountIncluded ?? true } : undefined;
}

type Scope = { agencyIds: string[]; range: ReportRange; includeCount: boolean };

/**
 * Excessive alarm accounts, agency dispatch and actual events
 * (docs/product/reports-and-settings.md#calls).
 */
export function registerActivityRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;
  const serve = (answer: (s: Scope) => unknown) => (req: Request, res: Response) => {
    const scope = reportScope(ctx, req, res);
    if (scope) ok(res, answer(scope));
  };

  router.get(
    '/Home/GetExcessiveActivity',
    serve((s) => excessiveActivity(world, s.agencyIds, s.range)),
  );
  // NOTE: the spec names only this older path; the simulator serves the newer call here too.
  router.get(
    '/Home/GetExcessiveDispatch',
    serve((s) => ({
      excessivedispatchResult: agencyDispatches(world, s.agencyIds, s.range, s.includeCount),
    })),
  );
  router.get(
    '/Dashboard/GetActualEventDetails',
    serve((s) => actualEvents(world, s.agencyIds, s.range)),
  );
  // The range-key variant (docs/product/reports-and-settings.md#calls: "call with a range key",
  // path not shown).
  router.get(
    '/Dashboard/GetActualEvents',
    serve((s) => actualEvents(world, s.agencyIds, s.range)),
  );
}
