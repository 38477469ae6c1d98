import { Router } from 'express';
import type { BridgeConfig } from '../config/bridgeConfig';
import type { Metrics } from '../observability/metrics';
import type { UpstreamClient } from '../upstream/upstreamClient';
import { sendError } from '../http/apiErrors';
import { isOperator } from '../http/opsAccess';

const READY_TIMEOUT_MS = 2000;

export interface HealthDeps {
  config: Pick<BridgeConfig, 'OPS_TOKEN'>;
  metrics: Pick<Metrics, 'registry'>;
  upstream: Pick<UpstreamClient, 'baseUrl'>;
}

/**
 * Liveness, readiness and Prometheus metrics. The detail (the upstream's reachability, the
 * metrics with their agency ids) is for the operator only (opsAccess); anyone else gets a bare
 * status, and an anonymous /readyz never calls the upstream.
 */
export function healthRoutes({ config, metrics, upstream }: HealthDeps): Router {
  const router = Router();

  router.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });

  router.get('/readyz', async (req, res) => {
    if (!isOperator(req, config.OPS_TOKEN)) return void res.json({ ok: true });
    try {
      // Any HTTP answer from the upstream's base address means it is reachable.
      const answer = await fetch(upstream.baseUrl, {
        method: 'GET',
        signal: AbortSignal.timeout(READY_TIMEOUT_MS),
      });
      await answer.body?.cancel();
      res.json({ ok: true, upstream: 'reachable' });
    } catch {
      res.status(503).json({ ok: false, upstream: 'unreachable', message: 'Unable to connect.' });
    }
  });

  router.get('/metrics', async (req, res) => {
    if (!isOperator(req, config.OPS_TOKEN)) return sendError(res, 'ops_only');
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  return router;
}
