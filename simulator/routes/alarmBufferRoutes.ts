import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { EVENT_TYPES } from '../../shared/eventTypes';
import { eventLogsRequestSchema } from '../../shared/upstream/eventLogRow';
import { isAlarmColumn, queryActiveAlarms } from '../queries/activeAlarmQuery';
import { isEventColumn, queryEventLog } from '../queries/eventLogQuery';
import { toSiteInfo } from '../queries/rows';
import { parseEventList, parseSortType } from '../queries/sorting';
import { parseDueValue } from '../queries/timeBuckets';
import type { RouteContext } from './context';
import { badRequest, ok } from './envelope';
import { ciObject, parseRequest, zOptBool, zOptInt, zOptText } from './requestFields';
import { agencyFor, siteFor } from './scope';
import { sessionOf } from './sessions';

/** The GetEventLogs body (shared schema), with names in any case and booleans as text too. */
const eventLogsSchema = ciObject({
  ...eventLogsRequestSchema().shape,
  IsAutoRefreshOn: zOptBool,
  RemoveOperatorActions: zOptBool,
  IncludeTestEvents: zOptBool,
});

const columnFormatSchema = z
  .string()
  .max(20_000)
  .refine((s) => {
    try {
      const v: unknown = JSON.parse(s);
      return Array.isArray(v) && v.every((c) => typeof c === 'object' && c !== null && 'Prop' in c);
    } catch {
      return false;
    }
  }, 'ColumnFormat must be a JSON list of columns with Prop');

/** Reads the shared GetEventLogs body into a query, or answers 400 and returns undefined. */
function readLogQuery(req: Request, res: Response, ctx: RouteContext, alarms: boolean) {
  const body = parseRequest(eventLogsSchema, req, res);
  if (!body) return undefined;
  const due = parseDueValue(body.DueValue);
  const sort = parseSortType(body.SortType);
  if (due === 'invalid') return void badRequest(res, ['DueValue must be 0, 1, 2, 3 or empty.']);
  if (sort === 'invalid') return void badRequest(res, ['SortType must be asc or desc.']);
  const column = body.ColumnName ?? null;
  if (!(alarms ? isAlarmColumn(column) : isEventColumn(column)))
    return void badRequest(res, [`Unknown ColumnName ${column}.`]);
  const agencyId = agencyFor(ctx.world, sessionOf(res), res, body.AgencyId);
  if (!agencyId) return undefined;
  return {
    agencyId,
    due,
    eventList: parseEventList(body.EventList),
    page: Math.max(1, body.offset),
    count: body.count,
    column,
    sort,
    removeOperatorActions: body.RemoveOperatorActions ?? false,
    csNo: body.cs_no ?? null,
    includeTestEvents: body.IncludeTestEvents ?? true,
  };
}

/**
 * Event history, active alarms, event types, column configuration and site info
 * (docs/product/live-alarms-and-testing.md#calls).
 */
export function registerAlarmBufferRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;

  router.post('/AlarmBuffer/GetEventLogs', (req, res) => {
    const q = readLogQuery(req, res, ctx, false);
    if (q) ok(res, queryEventLog(world, q, ctx.clock()));
  });

  for (const path of ['/AlarmBuffer/GetEventLogsLiveAlarm_Dev', '/AlarmBuffer/GetEventLogsLiveAlarm']) {
    router.post(path, (req, res) => {
      const q = readLogQuery(req, res, ctx, true);
      if (q) ok(res, queryActiveAlarms(world, q, ctx.clock()));
    });
  }

  router.post('/AlarmBuffer/GetEventTypes', (_req, res) => {
    ok(
      res,
      EVENT_TYPES.map((t) => ({ eventrpt_id: t.eventrpt_id, descr: t.descr })),
    );
  });

  router.get('/AlarmBuffer/GetAgencyConfig', (req, res) => {
    const q = parseRequest(ciObject({ AgencyId: zOptText }), req, res);
    if (!q) return;
    const agencyId = agencyFor(world, sessionOf(res), res, q.AgencyId);
    if (!agencyId) return;
    ok(res, [{ agencyId, columnFormat: world.portal.columnFormatOf(agencyId) }]);
  });

  router.post('/AlarmBuffer/UpdateAgencyConfig', (req, res) => {
    const q = parseRequest(ciObject({ AgencyId: zOptText, ColumnFormat: columnFormatSchema }), req, res);
    if (!q) return;
    const agencyId = agencyFor(world, sessionOf(res), res, q.AgencyId);
    if (!agencyId) return;
    world.portal.columnFormats.set(agencyId, q.ColumnFormat);
    ok(res, 'Configuration saved Successfully.');
  });

  const siteInfo = (req: Request, res: Response) => {
    const q = parseRequest(ciObject({ SiteId: zOptInt, SiteNo: zOptInt }), req, res);
    if (!q) return;
    const site = siteFor(world, sessionOf(res), res, q.SiteId ?? q.SiteNo);
    if (site) ok(res, toSiteInfo(world, site));
  };
  router.get('/AlarmBuffer/GetSiteInfo', siteInfo);
  router.post('/AlarmBuffer/GetSiteInfo', siteInfo);
}
