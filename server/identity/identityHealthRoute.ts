import { Router } from 'express';
import type { FeedRef } from '../../shared/live/protocol';
import { isOperator } from '../http/opsAccess';
import type { IdentityStatus } from './identitySession';

export interface IdentityHealthDeps {
  opsToken: string | undefined;
  configured: boolean;
  statuses(): IdentityStatus[];
  alwaysOn(): FeedRef[];
}

/**
 * `GET /healthz/identity`: whether the bridge's own upstream identity can read. Anyone gets
 * `{ ok }` (false while an identity backs off after refusals); the operator (opsAccess) also
 * gets each identity's state, refusals in a row and next try, and the always-on feeds held here.
 * Never a password or a session id.
 */
export function identityHealthRoute(d: IdentityHealthDeps): Router {
  const router = Router();
  router.get('/healthz/identity', (req, res) => {
    const statuses = d.statuses();
    const ok = statuses.every((s) => s.refusals === 0);
    if (!isOperator(req, d.opsToken)) return void res.json({ ok });
    res.json({
      ok,
      configured: d.configured,
      identities: statuses.map((s) => ({
        ...s,
        retryAt: s.retryAt == null ? null : new Date(s.retryAt).toISOString(),
        signedInAt: s.signedInAt == null ? null : new Date(s.signedInAt).toISOString(),
      })),
      alwaysOn: d.alwaysOn().map((r) => `${r.feed}:${r.agencyId}`),
    });
  });
  return router;
}
