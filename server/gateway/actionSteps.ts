import type { RequestHandler, Router } from 'express';
import type { AnswerHandler } from '../http/handlerAnswer';
import type { UpstreamRoute } from './upstreamRoutes';

/**
 * The action step (server/actions): it wraps the answering routes that act, so it authorises,
 * locks, audits and sends whatever they answer.
 */
export interface ActionSteps {
  /** `POST /api/MASAPI/APIRequest` (behind parseGatewayCall), its answer being `act`. */
  gateway(act: AnswerHandler): RequestHandler;
  /** An allowlisted upstream route that acts, its answer being `act`; null for a route that only reads. */
  route(path: string, act: AnswerHandler): RequestHandler | null;
  /** `/api/audit`: the owner's audit view and export. */
  auditRoutes: Router;
  /** The one multipart call, the report e-mail: read, checked, rebuilt, sent and audited. */
  reportEmail(route: UpstreamRoute): RequestHandler;
}
