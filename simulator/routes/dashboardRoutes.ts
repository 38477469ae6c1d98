import type { Router } from 'express';
import { z } from 'zod';
import { ALARM_EVENT_TYPES } from '../../shared/eventTypes';
import { chartOf, selectEvents } from '../queries/eventLogQuery';
import { parseEventList } from '../queries/sorting';
import { parseDueValue } from '../queries/timeBuckets';
import { servtypeOf } from '../world/eventCatalog';
import { parseLooseDate, utcOffsetAt } from '../world/siteTime';
import type { SimEvent } from '../world/types';
import type { RouteContext } from './context';
import { badRequest, ok, refuse, UNAUTHORIZED_AGENCY } from './envelope';
import { ciObject, parseRequest, zOptBool, zOptInt, zOptText } from './requestFields';
import { agencyFor, maySee } from './scope';
import { sessionOf } from './sessions';

const chartSchema = ciObject({
  AgencyId: zOptText,
  DueValue: z.unknown().optional(),
  EventId: z.union([z.string().max(2000), z.array(z.string().max(20)).max(100), z.null()]).optional(),
  StartDate: zOptText,
  Install_servco_Type: zOptText,
  IncludeTestEvents: zOptBool,
});

function zoneState(e: SimEvent): string | null {
  if (e.eventrptId === 'R') return 'RESTORE';
  if (e.eventrptId === 'TR') return 'TROUBLE';
  if (ALARM_EVENT_TYPES.includes(e.eventrptId)) return 'ALARM';
  return null;
}

/**
 * The live chart's counts and an alarm's detail rows
 * (docs/product/live-alarms-and-testing.md#calls).
 */
export function registerDashboardRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;

  router.post('/Dashboard/GetEventListChartData', (req, res) => {
    const body = parseRequest(chartSchema, req, res);
    if (!body) return;
    const due = parseDueValue(body.DueValue);
    if (due === 'invalid') return badRequest(res, ['DueValue must be 0, 1, 2, 3 or empty.']);
    const agencyId = agencyFor(world, sessionOf(res), res, body.AgencyId);
    if (!agencyId) return;
    const now = ctx.clock();
    const home = world.agency(agencyId)?.homeState ?? 'CA';
    const start = parseLooseDate(body.StartDate, utcOffsetAt(home, now));
    const events = selectEvents(
      world,
      {
        agencyId,
        due,
        eventList: parseEventList(body.EventId),
        page: 1,
        count: Number.POSITIVE_INFINITY,
        column: null,
        sort: 'desc',
        removeOperatorActions: false,
        csNo: null,
        includeTestEvents: body.IncludeTestEvents ?? true,
      },
      now,
    ).filter((e) => start == null || e.at >= start);
    const chart = chartOf(world, agencyId, events, due, now);
    const rows = chart.series.flatMap((s) =>
      s.data.flatMap((count, i) =>
        count > 0 ? [{ eventDate: chart.xAxis[i], eventType: s.eventrpt_id, eventCount: count }] : [],
      ),
    );
    ok(
      res,
      rows.sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.eventType.localeCompare(b.eventType)),
    );
  });

  router.get('/Dashboard/GetActiveAlarmDetails', (req, res) => {
    const q = parseRequest(ciObject({ AlarmIncNo: zOptInt }), req, res);
    if (!q) return;
    const incident = q.AlarmIncNo != null ? world.incidents.get(q.AlarmIncNo) : undefined;
    if (!incident) return refuse(res, ['Alarm incident not found.']);
    if (!maySee(sessionOf(res), incident.agencyId)) return refuse(res, [UNAUTHORIZED_AGENCY]);
    const site = world.requireSite(incident.siteNo);
    const rows = incident.eventIds
      .map((id) => world.events.get(id))
      .filter((e): e is SimEvent => e != null)
      .map((e) => ({
        id: e.id,
        date: world.siteIso(site, e.at),
        zone: e.zoneId,
        state: zoneState(e),
        location: e.zoneId ? (world.zone(e.systemNo, e.zoneId)?.comment ?? null) : null,
        comment: e.comment,
        event: e.description,
        event_id: e.eventId,
        cleared: incident.closedAt != null ? 'Y' : 'N',
        service_type: servtypeOf(e.eventrptId),
      }));
    ok(res, rows);
  });
}
