import type { RequestHandler, Router } from 'express';
import type { Redis } from 'ioredis';
import type { BridgeConfig } from '../config';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import type { SessionStore } from '../session/sessionStore';
import type { UpstreamClient } from '../upstream/upstreamClient';

/** What the gateway asks of the live side: a session that ended closes its screens. */
export interface SessionSockets {
  closeSession(sessionId: string): Promise<void>;
}

/** What the HTTP gateway is built from; server/app/ hands it over, complete, at construction. */
export interface GatewayDeps {
  config: BridgeConfig;
  logger: Logger;
  metrics: Metrics;
  upstream: UpstreamClient;
  sessions: SessionStore;
  /** The shared Redis connection when REDIS_URL is set (sign-in locks, rate limits), else null. */
  redis: Redis | null;
  sockets: SessionSockets;
}

/** The steps of acting on alarms and tests (server/actions), mounted by the gateway. */
export interface ActionSteps {
  /** In front of `POST /api/MASAPI/APIRequest`. */
  gateway: RequestHandler;
  /** In front of an allowlisted upstream route that acts, or null for a read. */
  route(path: string): RequestHandler | null;
  /** `/api/audit`: the owner's audit view and export. */
  auditRoutes: Router;
}
