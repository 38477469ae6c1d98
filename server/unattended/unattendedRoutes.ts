import express from 'express';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import { sendError } from '../http/apiErrors';
import type { HttpDeps } from '../http/httpDeps';
import { isOwnerProfile } from '../rights/menuRights';
import { apiRateLimit } from '../http/rateLimits';
import { requireSession, sessionOf } from '../http/sessionGuard';
import type { RightsNotices } from '../rights/rightsNotices';

/**
 * `/api/unattended` (docs/api.md, "Unattended work"): the dealer's account owner reads what the
 * bridge stopped or kept of its users' unattended work (schedules paused, push devices and walls
 * removed for a lost right, walls kept after "Sign out everywhere"), newest first.
 */
export function unattendedRoutes(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'sessions' | 'sockets'>,
  notices: RightsNotices,
): express.Router {
  const r = express.Router();
  r.use(requireSession(ctx), apiRateLimit(ctx));
  r.get('/notices', async (_req, res) => {
    const { profile } = sessionOf(res);
    if (!isOwnerProfile(profile, ctx.config.OWNER_RELATION_ID)) return sendError(res, 'forbidden_owner');
    const list = await notices.of(visibleAgencies(profile));
    res.json({
      notices: list.map((n) => ({ at: new Date(n.at).toISOString(), user: n.user, text: n.text })),
    });
  });
  return r;
}
