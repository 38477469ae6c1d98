import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server, type Namespace, type Socket } from 'socket.io';
import {
  LIVE_NAMESPACE,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../shared/live/protocol';
import type { BridgeConfig } from '../config';
import type { BridgeSession } from '../session/sessionStore';

export interface SocketData {
  session: BridgeSession;
  visible: Set<string>;
  subs: Set<string>;
  /** A paired wall display's screen (read-only: these feeds of its agency; server/walls). */
  wall?: { id: string; feeds: ReadonlySet<string> };
}
/** Messages between bridge processes (Redis adapter): a session's rights changed (sessionRights.ts). */
export interface InterServerEvents {
  'session.rights': (sessionId: string) => void;
}
export type LiveNamespace = Namespace<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** Inbound socket messages are small: a subscribe is well under 1 KB. */
const MAX_MESSAGE_BYTES = 16 * 1024;

/**
 * A websocket upgrade from a browser always carries Origin; the `cors` option does not stop
 * cross-origin websockets (FACTS.md), so the handshake checks it here.
 */
export function originAllowed(req: IncomingMessage, allowed: string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** The socket.io server, with the Redis adapter when several bridge processes share screens. */
export function createLiveServer(
  http: HttpServer,
  config: Pick<BridgeConfig, 'ALLOWED_ORIGINS'>,
  adapter: Parameters<Server['adapter']>[0] | null,
) {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>(http, {
    path: '/socket.io',
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    // NOTE: compression would cost CPU per screen and defeat encode-once broadcasts (FACTS.md).
    perMessageDeflate: false,
    httpCompression: false,
    pingInterval: 10_000,
    pingTimeout: 10_000,
    serveClient: false,
    allowRequest: (req, cb) => cb(null, originAllowed(req, config.ALLOWED_ORIGINS)),
  });
  if (adapter) io.adapter(adapter);
  const nsp: LiveNamespace = io.of(LIVE_NAMESPACE);
  return {
    io,
    nsp,
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((r) => io.close(() => r()));
    },
  };
}
