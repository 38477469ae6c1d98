import type { Router } from 'express';
import {
  DEALER_EVENT_KINDS,
  dealerEventActivity,
  parseDealerEventKind,
} from '../queries/dealerEventActivity';
import { parseReportRange, RANGE_ERROR } from '../queries/reportRange';
import type { RouteContext } from './context';
import { badRequest, ok } from './envelope';
import { ciObject, parseRequest, zOptText } from './requestFields';
import { agenciesFor, servcoFields, servcoOf } from './scope';
import { sessionOf } from './sessions';

const schema = ciObject({ ...servcoFields, DateRangeType: zOptText, EventId: zOptText });

/**
 * Dealer event activity (docs/product/reports-and-settings.md#calls): cancellations (4618),
 * investigation requests (DISC), service requests (SRS), acknowledgments (CNFM), runaway systems
 * (RA) and refused dispatch (ARD).
 */
export function registerDealerEventRoutes(router: Router, ctx: RouteContext): void {
  router.get('/Report/GetDealerEventActivity', (req, res) => {
    const q = parseRequest(schema, req, res);
    if (!q) return;
    const kind = parseDealerEventKind(q.EventId);
    if (!kind) return badRequest(res, [`EventId: must be one of ${DEALER_EVENT_KINDS.join(', ')}.`]);
    const range = parseReportRange(q.DateRangeType, ctx.clock());
    if (range === 'invalid') return badRequest(res, [`DateRangeType: ${RANGE_ERROR}`]);
    const agencyIds = agenciesFor(ctx.world, sessionOf(res), res, servcoOf(q));
    if (agencyIds) ok(res, dealerEventActivity(ctx.world, agencyIds, range, kind));
  });
}
