import { Router } from 'express';
import { z } from 'zod';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import type { HttpDeps } from '../http/httpDeps';
import { sendError } from '../http/apiErrors';
import { requireSession, sessionOf } from '../http/sessionGuard';
import { sessionAnswer } from '../http/sessionAnswer';
import type { AlarmActions } from './alarmActions';
import { auditCsv, type AuditQuery } from '../audit/auditEntry';

const MAX_LIST = 1000;
const MAX_EXPORT = 50_000;

/** A moment as ms since the epoch or an ISO 8601 date. */
const moment = z
  .string()
  .max(40)
  .optional()
  .transform((v, c) => {
    if (v === undefined || v.trim() === '') return null;
    const t = /^\d+$/.test(v.trim()) ? Number(v) : Date.parse(v);
    if (!Number.isFinite(t)) {
      c.addIssue({ code: 'custom', message: `not a date: ${v}` });
      return z.NEVER;
    }
    return t;
  });

const querySchema = (max: number, fallback: number) =>
  z.object({
    from: moment,
    to: moment,
    limit: z.coerce.number().int().min(1).max(max).default(fallback),
  });

/**
 * `GET /api/audit?from=&to=&limit=` (newest first, JSON) and `GET /api/audit/export.csv`: the
 * owner reads the actions of the agencies it may see. Anyone else gets 403.
 */
export function auditRoutes(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'sessions' | 'sockets'>,
  actions: AlarmActions,
): Router {
  const router = Router();
  router.use(requireSession(ctx), (_req, res, next) => {
    if (!sessionAnswer(ctx.config, sessionOf(res).profile).isOwner) return sendError(res, 'forbidden_owner');
    next();
  });

  const read = (raw: unknown, max: number, fallback: number, agencies: string[]): AuditQuery | string => {
    const q = querySchema(max, fallback).safeParse(raw);
    if (!q.success) return q.error.issues[0]?.message ?? 'bad query';
    return { agencies, from: q.data.from, to: q.data.to, limit: q.data.limit };
  };

  router.get('/', async (req, res) => {
    const q = read(req.query, MAX_LIST, 100, [...visibleAgencies(sessionOf(res).profile)]);
    if (typeof q === 'string') return sendError(res, 'bad_request', { message: q });
    res.json({ entries: await actions.audit.query(q) });
  });

  router.get('/export.csv', async (req, res) => {
    const q = read(req.query, MAX_EXPORT, 10_000, [...visibleAgencies(sessionOf(res).profile)]);
    if (typeof q === 'string') return sendError(res, 'bad_request', { message: q });
    const csv = auditCsv(await actions.audit.query(q));
    res.type('text/csv; charset=utf-8').attachment('audit.csv').send(csv);
  });

  return router;
}
