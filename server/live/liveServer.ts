import { randomUUID } from 'node:crypto';
import { ServerResponse, type Server as HttpServer, type IncomingMessage } from 'node:http';
import { Server, type Namespace, type Socket } from 'socket.io';
import {
  LIVE_NAMESPACE,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../shared/live/protocol';
import type { BridgeConfig } from '../config/bridgeConfig';
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

/** What a handshake's headers and query hold once the namespace's middlewares have read them. */
const FORGOTTEN: Readonly<Record<string, never>> = Object.freeze({});

/**
 * socket.io keeps each connection's first HTTP request (for a screen, the websocket upgrade: its
 * headers, raw headers, URL and stream state) for the connection's whole life, and engine.io's
 * stand-in response to an upgrade keeps it too, about 1 KB a screen. Both are let go once the
 * namespace's middlewares, which read the handshake, have run; after that nothing reads
 * `socket.request` or `socket.handshake.headers` (docs/decisions.md, "Memory per screen").
 */
function forgetRequests(io: Server, nsp: LiveNamespace) {
  const upgradeResponses = new WeakMap<IncomingMessage, { req: unknown }>();
  io.engine.use((req: IncomingMessage, res: ServerResponse | { req: unknown }, next: () => void) => {
    if (!(res instanceof ServerResponse)) upgradeResponses.set(req, res);
    next();
  });
  nsp.on('connection', (socket) => {
    const req = socket.conn.request;
    const res = upgradeResponses.get(req);
    if (res) {
      res.req = null;
      upgradeResponses.delete(req);
    }
    // NOTE: the handshake was built from the request when this connection was made; a screen's
    // only namespace is this one, so no later handshake on the connection needs the request.
    (socket.conn as { request: IncomingMessage | null }).request = null;
    socket.handshake.headers = FORGOTTEN;
    socket.handshake.query = FORGOTTEN;
  });
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
  // NOTE: engine.io's own ids (base64id) cost five times a random UUID's CPU, tens of ms in a
  // reconnect storm; a UUID is as unguessable.
  io.engine.generateId = () => randomUUID();
  const nsp: LiveNamespace = io.of(LIVE_NAMESPACE);
  forgetRequests(io, nsp);
  return {
    io,
    nsp,
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((r) => io.close(() => r()));
    },
  };
}
