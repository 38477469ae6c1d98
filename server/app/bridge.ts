import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Redis } from 'ioredis';
import type { BridgeConfig } from '../config';
import { createLogger, type Logger } from '../observability/logger';
import { createMetrics } from '../observability/metrics';
import { createMemorySessionStore, createRedisSessionStore } from '../session/sessionStore';
import { createUpstreamClient } from '../upstream/upstreamClient';
import { mountFallback, mountGateway } from '../gateway/mountGateway';
import { attachLive } from '../live/attachLive';
import { createAlarmActions } from '../actions/alarmActions';
import { serveClient } from './serveClient';
import type { BridgeContext } from './bridgeContext';

export interface Bridge {
  ctx: BridgeContext;
  server: Server;
  url: string;
  close(): Promise<void>;
}

export interface BridgeOptions {
  logger?: Logger;
  /** Serve the built client from this folder (default client/dist when it exists). */
  clientDir?: string | null;
}

/** Builds and starts one bridge process: HTTP gateway, live socket.io side, built client. */
export async function startBridge(config: BridgeConfig, opts: BridgeOptions = {}): Promise<Bridge> {
  const logger = opts.logger ?? createLogger(config.LOG_LEVEL);
  const metrics = createMetrics();
  const upstreamUrl = config.UPSTREAM_URL ?? `http://127.0.0.1:${config.SIM_PORT}`;
  const upstream = createUpstreamClient({
    baseUrl: upstreamUrl,
    alarmBaseUrl: config.UPSTREAM_ALARM_URL ?? upstreamUrl,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    observe: (e) => {
      const path = e.path.replace(/^\//, '');
      metrics.upstreamLatency.observe({ path, outcome: e.ok ? 'ok' : (e.failure ?? 'error') }, e.ms / 1000);
      metrics.upstreamBytes.inc({ path }, e.bytes);
      if (!e.ok) metrics.upstreamErrors.inc({ path, kind: e.failure ?? 'error' });
    },
  });
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true })
    : null;
  redis?.on('error', (e) => logger.warn({ err: e.message }, 'redis error'));
  const sessions = redis
    ? createRedisSessionStore(redis, config.REDIS_PREFIX, config.SESSION_TTL)
    : createMemorySessionStore(config.SESSION_TTL);

  const ctx: BridgeContext = { config, logger, metrics, upstream, sessions, redis };
  ctx.actions = createAlarmActions(ctx);
  const app = express();
  app.disable('x-powered-by');
  if (config.TRUST_PROXY > 0) app.set('trust proxy', config.TRUST_PROXY);
  const server = createServer(app);

  ctx.live = await attachLive(server, ctx);
  mountGateway(app, ctx);
  serveClient(app, opts.clientDir);
  mountFallback(app, ctx);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  let closed = false;
  return {
    ctx,
    server,
    url,
    async close() {
      if (closed) return;
      closed = true;
      await ctx.live?.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await sessions.close();
      await ctx.actions?.close();
      redis?.disconnect();
    },
  };
}
