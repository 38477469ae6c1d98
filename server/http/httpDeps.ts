import type { Redis } from 'ioredis';
import type { BridgeConfig } from '../config/bridgeConfig';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import type { BridgeSession, SessionStore } from '../session/sessionStore';
import type { UpstreamClient } from '../upstream/upstreamClient';

/** What the gateway asks of the live side: a session that ended closes its screens. */
export interface SessionSockets {
  closeSession(sessionId: string): Promise<void>;
  /** The session's screens re-read its rights (after a company switch). */
  refreshRights(sessionId: string): Promise<void>;
}

/** What the HTTP gateway is built from; server/app/ hands it over, complete, at construction. */
export interface HttpDeps {
  config: BridgeConfig;
  logger: Logger;
  metrics: Metrics;
  upstream: UpstreamClient;
  sessions: SessionStore;
  /** The shared Redis connection when REDIS_URL is set (sign-in locks, rate limits), else null. */
  redis: Redis | null;
  sockets: SessionSockets;
  /** What else ends with a plain sign-out of one browser (`DELETE /api/session`): its push device. */
  signedOut?(session: BridgeSession): Promise<void>;
  /**
   * What else "Sign out everywhere" (`DELETE /api/session/everywhere`, at `at`) does: the user's
   * schedules pause until confirmed from a newer session; their walls are kept and named.
   */
  signedOutEverywhere?(
    user: { contactNumber: string; username: string; agencyId: string },
    at: number,
  ): Promise<{ pausedSchedules: number; keptWalls: Array<{ id: string; name: string; agencyName: string }> }>;
}
