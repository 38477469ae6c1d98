import express, { type Response, type Router } from 'express';
import { z } from 'zod';
import type { SignalGenerator } from '../generator/signalGenerator';
import { queryActiveAlarms } from '../queries/activeAlarmQuery';
import { queryEventLog } from '../queries/eventLogQuery';
import { systemOnTestRowSchema } from '../../shared/upstream/onTestRows';
import { agencyTestRows } from '../queries/onTestRows';
import { toActiveAlarmRow, toEventLogRow } from '../queries/rows';
import type { SessionStore } from '../routes/sessions';
import { demoUsers } from '../world/demoUsers';
import { resolveEventCode } from '../world/eventCatalog';
import { contactOf } from '../world/userProfile';
import { receiveSignal } from '../world/signals';
import type { World } from '../world/world';
import { faultSpecSchema, type FaultStore } from './faults';
import type { RequestStats } from './stats';
import { registerToolPages } from './toolPages';

export interface ControlContext {
  world: World;
  generator: SignalGenerator;
  faults: FaultStore;
  stats: RequestStats;
  sessions: SessionStore;
  clock: () => number;
  /** Rebuilds events, alarms and tests from the seed. */
  reset: () => void;
}

const signalSchema = z.strictObject({
  csNo: z.string().min(1).max(40),
  /** A report category ('B') or an event id ('BA', '4618'). */
  eventId: z.string().min(1).max(20),
  text: z.string().max(500).optional(),
  zoneId: z.string().max(10).optional(),
});

const generatorSchema = z.strictObject({
  action: z.enum(['pause', 'resume', 'step', 'rate']),
  count: z.number().int().min(1).max(100_000).optional(),
  ratePerMin: z.number().min(0).max(100_000).optional(),
  agencyId: z.string().max(40).optional(),
});

function fail(res: Response, status: number, error: string) {
  res.status(status).json({ error });
}

function parse<T extends z.ZodType>(schema: T, body: unknown, res: Response): z.output<T> | undefined {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  fail(res, 400, r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  return undefined;
}

/**
 * The control API under /_sim (docs/simulator.md): inject signals, set faults, drive the
 * generator, read the ground truth and the request counts. No session needed.
 */
export function createControlRouter(ctx: ControlContext): Router {
  const { world, generator } = ctx;
  const router = express.Router();
  router.use(express.json({ limit: '1mb' }));

  router.get('/health', (_req, res) => void res.json({ ok: true }));
  router.get('/users', (_req, res) => void res.json({ users: demoUsers() }));

  router.get('/world', (_req, res) => {
    res.json({
      seed: world.seed,
      serviceCompanies: world.serviceCompanies,
      agencies: world.agencies.map((a) => ({
        ...a,
        sites: world.sitesOf(a.agencyId).length,
        systems: world.systemsOf(a.agencyId).length,
        events: world.events.ofAgency(a.agencyId).length,
        activeAlarms: world.incidents.activeCount(a.agencyId),
        runawayCsNos: world
          .systemsOf(a.agencyId)
          .filter((s) => s.runaway)
          .map((s) => s.csNo),
      })),
      events: world.events.size,
      sessions: ctx.sessions.size,
      generator: generator.state(),
    });
  });

  router.post('/signals', (req, res) => {
    const body = parse(signalSchema, req.body, res);
    if (!body) return;
    const system = world.systemByCsNo(body.csNo);
    if (!system) return fail(res, 404, `Unknown account ${body.csNo}.`);
    const code = resolveEventCode(body.eventId);
    if (!code) return fail(res, 400, `Unknown event id ${body.eventId}.`);
    if (body.zoneId && !system.zones.some((z) => z.zoneId === body.zoneId))
      return fail(res, 400, `Unknown zone ${body.zoneId}.`);
    // A zone alarm without a zone comes from the first zone reporting that type, as a panel would send it.
    const zoneId = body.zoneId ?? system.zones.find((z) => z.alarmType === code.eventrptId)?.zoneId ?? null;
    const result = receiveSignal(world, {
      system,
      code,
      at: ctx.clock(),
      zoneId,
      comment: body.text ?? null,
      user: 'SIM',
    });
    res.json({
      event: toEventLogRow(world, result.event),
      ...(result.raised && result.incident ? { alarm: toActiveAlarmRow(world, result.incident) } : {}),
    });
  });

  router.get('/faults', (_req, res) => void res.json({ faults: ctx.faults.list() }));
  router.post('/faults', (req, res) => {
    const spec = parse(faultSpecSchema, req.body, res);
    if (spec) res.json({ fault: ctx.faults.add(spec) });
  });
  router.delete('/faults', (req, res) => {
    const id = typeof req.query.id === 'string' ? Number(req.query.id) : undefined;
    ctx.faults.clear(Number.isFinite(id) ? id : undefined);
    res.json({ faults: ctx.faults.list() });
  });

  router.get('/generator', (_req, res) => void res.json({ state: generator.state() }));
  router.post('/generator', (req, res) => {
    const body = parse(generatorSchema, req.body, res);
    if (!body) return;
    let events: unknown[] = [];
    if (body.action === 'pause') generator.pause();
    if (body.action === 'resume') generator.resume();
    if (body.action === 'step') {
      if (body.agencyId && !world.agency(body.agencyId))
        return fail(res, 404, `Unknown agency ${body.agencyId}.`);
      const agencyId = body.agencyId ? world.agencyIdOf(body.agencyId) : undefined;
      events = generator.step(body.count ?? 1, agencyId).map((r) => toEventLogRow(world, r.event));
    }
    if (body.action === 'rate') {
      if (body.ratePerMin == null) return fail(res, 400, 'ratePerMin is required for action rate.');
      generator.setRate(body.ratePerMin);
    }
    res.json({ state: generator.state(), ...(body.action === 'step' ? { events } : {}) });
  });

  router.get('/truth', (req, res) => {
    const asked = typeof req.query.agencyId === 'string' ? req.query.agencyId : '';
    const feed = typeof req.query.feed === 'string' ? req.query.feed : 'events';
    const agencyId = world.agencyIdOf(asked);
    if (!agencyId) return fail(res, 404, `Unknown agency ${asked}.`);
    const now = ctx.clock();
    const base = {
      agencyId,
      page: 1,
      count: Number.POSITIVE_INFINITY,
      column: null,
      sort: 'desc' as const,
      eventList: null,
      csNo: null,
    };
    if (feed === 'alarms')
      return void res.json({
        rows: queryActiveAlarms(world, { ...base, due: null }, now, false).eventLogList,
      });
    // What the bridge's systems-on-test feed holds: GetUnclearedSystems' rows as the feed's row
    // schema reads them (keyed by seqno, without the site's "now").
    if (feed === 'systemsOnTest')
      return void res.json({
        rows: agencyTestRows(world, agencyId, now).map((row) => systemOnTestRowSchema.parse(row)),
      });
    if (feed !== 'events') return fail(res, 400, 'feed must be events, alarms or systemsOnTest.');
    res.json({
      rows: queryEventLog(
        world,
        { ...base, due: 1, removeOperatorActions: false, includeTestEvents: true },
        now,
        false,
      ).eventLogList,
    });
  });

  router.get('/stats', (_req, res) => void res.json(ctx.stats.snapshot()));
  router.post('/stats/reset', (_req, res) => {
    ctx.stats.reset();
    res.json(ctx.stats.snapshot());
  });

  router.get(
    '/outbox',
    (_req, res) =>
      void res.json({
        emails: world.portal.emails,
        notifications: world.portal.notifications,
        // One-time passwords "sent" by MASAPI/TwoFactorAuthentication (the code is always SIM_OTP).
        otps: world.portal.otps.map((o) => ({
          id: o.id,
          contactNo: o.contactNo,
          addressType: o.addressType,
          address: o.address,
          code: o.code,
          sentAt: new Date(o.sentAt).toISOString(),
          verified: o.verifiedAt != null,
        })),
      }),
  );

  // A user deleted upstream: their sign-in fails as a wrong password would, their sessions end,
  // and Contact/GetContactAccess answers "Contact not found.".
  router.delete('/contacts/:contactNo', (req, res) => {
    const contactNo = Number(req.params.contactNo);
    if (!Number.isInteger(contactNo) || !contactOf(world, contactNo))
      return fail(res, 404, `Unknown contact ${req.params.contactNo}.`);
    world.portal.deletedContacts.add(contactNo);
    res.json({ deleted: contactNo, sessionsEnded: ctx.sessions.endContact(contactNo) });
  });

  router.post('/reset', (_req, res) => {
    ctx.reset();
    ctx.faults.clear();
    ctx.stats.reset();
    res.json({ ok: true, events: world.events.size, generator: generator.state() });
  });

  registerToolPages(router, world, ctx.clock);

  router.use((_req, res) => fail(res, 404, 'Unknown control path.'));
  return router;
}
