import express from 'express';
import { z } from 'zod';
import { anomalyThresholdsSchema } from '../../shared/anomalies/anomalyApi';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import { sendError } from '../http/apiErrors';
import type { HttpDeps } from '../http/httpDeps';
import { isOwnerProfile } from '../rights/menuRights';
import { apiRateLimit } from '../http/rateLimits';
import { requireSession, sessionOf } from '../http/sessionGuard';
import type { AnomalyStore } from './anomalyStore';

const agencyParam = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * `/api/anomalies` (docs/api.md, "Live anomalies"): a dealer's thresholds. Anyone who sees the
 * agency reads them; only its account owner changes them, and a value out of range changes
 * nothing and says which.
 */
export function anomalyRoutes(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'sessions' | 'sockets'>,
  store: AnomalyStore,
  changed: (agencyId: string) => void,
): express.Router {
  const r = express.Router();
  r.use(requireSession(ctx), apiRateLimit(ctx));
  const agencyOf = (req: express.Request, res: express.Response): string | null => {
    const id = agencyParam.safeParse(req.params.agencyId);
    if (!id.success || !visibleAgencies(sessionOf(res).profile).has(id.data)) {
      sendError(res, 'forbidden_agency');
      return null;
    }
    return id.data;
  };
  r.get('/thresholds/:agencyId', async (req, res) => {
    const agencyId = agencyOf(req, res);
    if (!agencyId) return;
    res.json({ agencyId, ...(await store.thresholds(agencyId)) });
  });
  r.post('/thresholds/:agencyId', express.json({ limit: '2kb' }), async (req, res) => {
    const agencyId = agencyOf(req, res);
    if (!agencyId) return;
    if (!isOwnerProfile(sessionOf(res).profile, ctx.config.OWNER_RELATION_ID))
      return sendError(res, 'forbidden_owner');
    const parsed = anomalyThresholdsSchema().safeParse(req.body);
    if (!parsed.success)
      return sendError(res, 'bad_request', {
        message: parsed.error.issues.map((i) => i.message).join(' '),
      });
    await store.setThresholds(agencyId, parsed.data);
    changed(agencyId);
    res.json({ agencyId, thresholds: parsed.data, defaults: false });
  });
  return r;
}
