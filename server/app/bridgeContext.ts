import type { Redis } from 'ioredis';
import type { AlarmActions } from '../actions/alarmActions';
import type { FeedRef } from '../../shared/live/protocol';
import type { BridgeConfig } from '../config';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import type { SessionStore } from '../session/sessionStore';
import type { UpstreamClient } from '../upstream/upstreamClient';

/** What the live side offers the HTTP side (sign-out closes that session's sockets). */
export interface LiveControl {
  closeSession(sessionId: string): Promise<void>;
  screens(): number;
  /** Polls a feed right away if this process polls it (after an action changed the upstream). */
  refresh(ref: FeedRef): void;
  close(): Promise<void>;
}

/** The bridge's shared parts, handed to the gateway routes and the live side. */
export interface BridgeContext {
  config: BridgeConfig;
  logger: Logger;
  metrics: Metrics;
  upstream: UpstreamClient;
  sessions: SessionStore;
  /** The shared Redis connection when REDIS_URL is set (sign-in locks live there too). */
  redis?: Redis | null;
  /** Set once the live side is attached. */
  live?: LiveControl;
  /** The per-alarm action lock and the audit log (server/actions). */
  actions?: AlarmActions;
}
