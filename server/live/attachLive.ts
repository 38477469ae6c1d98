import { PROTOCOL_VERSION } from '../../shared/live/protocol';
import type { BridgeConfig } from '../config/bridgeConfig';
import type { FeedManager } from '../feeds/feedManager';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { guardInbound, listenToScreen, type PacketCheck } from './inboundGuard';
import type { LiveNamespace, LiveSocket } from './liveServer';
import type { ScreenCount } from './screenCount';
import { createScreenLimits } from './screenLimits';
import type { SocketKind } from './socketKind';

const SESSION_RECHECK_MS = 30_000;

/** What the live namespace is served with; built by server/app/. */
export interface LiveDeps {
  nsp: LiveNamespace;
  config: Pick<BridgeConfig, 'LIVE_SCREENS_PER_SESSION' | 'LIVE_RATE_SCALE'>;
  logger: Logger;
  metrics: Metrics;
  feeds: Pick<FeedManager, 'unwatchAll'>;
  /** The kinds of socket served, in the order a handshake tries them (socketKind.ts). */
  kinds: readonly SocketKind[];
  /** Counts each sign-in's screens across processes (Redis); this process's alone when absent. */
  screenCount?: ScreenCount;
}

/**
 * The live side (socket.io namespace /live): the handshake checks the protocol and admits the
 * socket as the first kind that knows it; each socket gets the rate limits, the protocol's own
 * events only, and its kind's checks and handlers; one whose session or pairing ended is told and
 * closed. Protocol: docs/protocol.md.
 */
export function attachLive(d: LiveDeps) {
  const { nsp, config, logger, metrics, feeds, kinds } = d;
  const kindOf = new WeakMap<LiveSocket, SocketKind>();

  nsp.use(async (socket, next) => {
    try {
      const auth = (socket.handshake.auth ?? {}) as { protocol?: unknown };
      if (auth.protocol !== undefined && auth.protocol !== PROTOCOL_VERSION)
        return next(new Error('protocol_mismatch'));
      for (const kind of kinds) {
        const data = await kind.admit(socket);
        if (!data) continue;
        socket.data = data;
        kindOf.set(socket, kind);
        return next();
      }
      next(new Error('no_session'));
    } catch (e) {
      logger.warn({ err: (e as Error).message }, 'live handshake failed');
      next(new Error('unavailable'));
    }
  });
  // At most 20 screens per session, and per-session rate limits on every message (issue 10).
  const limits = createScreenLimits({
    maxScreens: config.LIVE_SCREENS_PER_SESSION,
    rateScale: config.LIVE_RATE_SCALE,
    count: d.screenCount,
    onCountError: (e) => logger.warn({ err: String(e) }, 'screen count failed'),
  });
  nsp.use((socket, next) => void limits.admit(socket, next));

  // NOTE: the checks and listeners are built once per kind and shared by every socket of it (the
  // socket comes as an argument, or as `this`); per socket there is one middleware closure.
  // Rate limits first (unknown events count too), then the kind's checks.
  const checksOf = new Map<SocketKind, PacketCheck[]>(
    kinds.map((k) => [k, [limits.withinRate, ...k.checks]]),
  );
  function left(this: LiveSocket) {
    limits.release(this);
    kindOf.get(this)?.left(this);
    metrics.screens.dec();
    feeds.unwatchAll(this.id);
  }

  nsp.on('connection', (socket) => {
    const kind = kindOf.get(socket);
    if (!kind) return void socket.disconnect(true);
    metrics.screens.inc();
    kind.connected?.(socket);
    guardInbound(socket, logger, checksOf.get(kind));
    listenToScreen(socket, kind.listeners);
    socket.on('disconnect', left);
  });

  // Sessions end by expiry too, walls by being unpaired: such a socket is told and closed.
  const recheck = setInterval(async () => {
    for (const socket of nsp.sockets.values()) {
      const kind = kindOf.get(socket);
      if (kind && (await kind.stillAllowed(socket))) continue;
      socket.emit('session.expired');
      socket.disconnect(true);
    }
  }, SESSION_RECHECK_MS);
  recheck.unref();

  return {
    screens: () => nsp.sockets.size,
    close() {
      clearInterval(recheck);
      limits.close();
    },
  };
}
