import { Router } from 'express';
import type { GatewayDeps } from './gatewayDeps';

const READY_TIMEOUT_MS = 2000;

/** Liveness, readiness (the upstream answers within 2 s) and Prometheus metrics. */
export function healthRoutes(ctx: GatewayDeps): Router {
  const router = Router();

  router.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });

  router.get('/readyz', async (_req, res) => {
    try {
      // Any HTTP answer from the upstream's base address means it is reachable.
      const answer = await fetch(ctx.upstream.baseUrl, {
        method: 'GET',
        signal: AbortSignal.timeout(READY_TIMEOUT_MS),
      });
      await answer.body?.cancel();
      res.json({ ok: true, upstream: 'reachable' });
    } catch {
      res.status(503).json({ ok: false, upstream: 'unreachable', message: 'Unable to connect.' });
    }
  });

  router.get('/metrics', async (_req, res) => {
    res.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics());
  });

  return router;
}
