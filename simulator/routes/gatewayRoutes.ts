import type { Router } from 'express';
import { gatewayRequestSchema } from '../../shared/upstream/envelope';
import type { RouteContext } from './context';
import { gateway } from './envelope';
import { GATEWAY_HANDLERS } from './gatewayMethods';
import { canonicalize } from './requestFields';
import { sessionOf } from './sessions';

/**
 * The alarm-incident gateway: one path, the method named in the body
 * (docs/product/live-alarms-and-testing.md#calls).
 */
export function registerGatewayRoutes(router: Router, ctx: RouteContext): void {
  router.post('/MASAPI/APIRequest', (req, res) => {
    const parsed = gatewayRequestSchema().safeParse(
      canonicalize(req.body, ['sessionGuid', 'methodName', 'arguments']),
    );
    if (!parsed.success) {
      const message = `Invalid request: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'body'} ${i.message}`).join('; ')}`;
      gateway(res, { HttpStatusCode: 400, ErrorMessage: message, MessageCollection: [message] }, 400);
      return;
    }
    const handler = GATEWAY_HANDLERS[parsed.data.methodName];
    gateway(res, handler(ctx, sessionOf(res), parsed.data.arguments));
  });
}
