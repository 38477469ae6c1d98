import type { IncomingHttpHeaders } from 'node:http';
import { feedsOfViews, WALL_MESSAGES } from '../../shared/walls/wallApi';
import type { FeedManager } from '../feeds/feedManager';
import type { LiveNamespace, LiveSocket, SocketData } from '../live/liveServer';
import type { BridgeSession } from '../session/sessionStore';
import { cookieFromHeader, WALL_COOKIE } from './wallCredential';
import type { Walls } from './walls';
import type { WallDevice } from './wallStore';
import { createFeedHandlers, type FeedHandlerDeps } from '../live/feedHandlers';
import { listenersOf, protocolEventsOnly, refusePacket } from '../live/inboundGuard';
import { HANDSHAKE_READ_MS } from '../live/screenLimits';
import type { SocketKind } from '../live/socketKind';
import { withinDeadline } from '../support/withinDeadline';

/**
 * The live side of a wall display: its handshake by device cookie, the socket data the feed
 * handlers read, and what it may not send. A wall is read-only: it subscribes to its agency's
 * feeds of its views, and nothing else (no presence, no replay).
 */

/** The screens of one wall share this id where the live side keys by session (limits, rooms). */
export const wallSessionId = (deviceId: string) => `wall:${deviceId}`;

/**
 * A wall's stand-in for a bridge session: no upstream session (its feeds poll with the bridge's
 * own identity), no user, and a login record that only maps the wall's agency to its feed
 * (a corporate account's second id, feedAgency.ts).
 */
function wallSession(d: WallDevice): BridgeSession {
  const corporate = d.feedAgencyId !== d.agencyId;
  return {
    id: wallSessionId(d.id),
    username: `wall:${d.name}`,
    upstreamSessionId: '',
    createdAt: d.createdAt,
    expiresAt: Number.MAX_SAFE_INTEGER,
    profile: {
      loginGUID: '',
      agencyId: d.agencyId,
      servco_no: d.agencyId,
      install_servco_Type: 'D',
      contactNumber: d.pairedBy.contactNumber,
      firstName: null,
      lastName: null,
      dataManagementTool: 0,
      accountInfo: [],
      serviceCompanyList: corporate
        ? [
            {
              servco_name: d.agencyName,
              servco_Type: 'C',
              servco_no: d.agencyId,
              install_servco_no: d.feedAgencyId,
            },
          ]
        : [],
    },
  };
}

/** The socket data of a wall's screen: only its agency (and that agency's feed id) is visible. */
export function wallSocketData(d: WallDevice): SocketData {
  return {
    session: wallSession(d),
    visible: new Set([d.agencyId, d.feedAgencyId]),
    subs: new Set(),
    wall: { id: d.id, feeds: feedsOfViews(d.views) },
  };
}

/** The address a handshake came from, as the HTTP side reads it (TRUST_PROXY hops). */
export function handshakeAddress(
  h: { address: string; headers: IncomingHttpHeaders },
  trustProxy: number,
): string {
  const forwarded = h.headers['x-forwarded-for'];
  if (trustProxy <= 0 || typeof forwarded !== 'string') return h.address;
  const hops = forwarded.split(',').map((s) => s.trim());
  return hops[Math.max(0, hops.length - trustProxy)] ?? h.address;
}

/** The paired wall a handshake's device cookie stands for; null when it has none that holds. */
export async function admitWall(
  walls: Pick<Walls, 'admit'>,
  h: { address: string; headers: IncomingHttpHeaders },
  trustProxy: number,
): Promise<SocketData | null> {
  const token = cookieFromHeader(h.headers.cookie, WALL_COOKIE);
  const device = token ? await walls.admit(token, handshakeAddress(h, trustProxy)) : null;
  return device ? wallSocketData(device) : null;
}

/**
 * A wall's feeds are read with no user session: the feed manager polls them with the bridge's
 * own upstream identity (the contract of `watch(ref, watcher, null)`).
 */
export function wallFeeds(feeds: FeedManager): FeedManager {
  return { ...feeds, watch: (ref, watcherId) => feeds.watch(ref, watcherId, null) };
}

const WALL_REFUSED = new Set(['presence', 'replay.list', 'replay.start', 'replay.control']);

/**
 * A wall's screen is read-only (a PacketCheck of inboundGuard.ts): presence and replay are
 * refused, and a subscribe to a feed its views do not read. (Its agency is checked by the feed
 * handlers, as for any screen.)
 */
export function wallReadOnly(socket: LiveSocket, packet: unknown[]): boolean {
  const [event, payload] = packet;
  const feed: unknown =
    event === 'subscribe' && payload && typeof payload === 'object'
      ? (payload as { feed?: unknown }).feed
      : undefined;
  const feeds = socket.data.wall?.feeds;
  const refused =
    (typeof event === 'string' && WALL_REFUSED.has(event)) ||
    (event === 'subscribe' && (typeof feed !== 'string' || !feeds?.has(feed)));
  if (!refused) return true;
  refusePacket(socket, packet, {
    code: 'forbidden',
    message: WALL_MESSAGES.readOnly,
    about: typeof event === 'string' ? event.slice(0, 64) : 'message',
  });
  return false;
}

/** Tells a removed wall's screens, on every bridge process, and closes them. */
export function closeWallSockets(nsp: LiveNamespace, deviceId: string): void {
  const room = `session:${wallSessionId(deviceId)}`;
  nsp.to(room).emit('session.expired');
  nsp.in(room).disconnectSockets(true);
}

/**
 * The wall display's kind of socket (live/socketKind.ts): admitted by its device cookie, it reads
 * its agency's feeds of its views with the bridge's own identity (never a user's session), sends
 * nothing else, and is closed once unpaired.
 */
export function createWallSocket(
  d: Omit<FeedHandlerDeps, 'feeds'> & {
    feeds: FeedManager;
    walls: Pick<Walls, 'admit' | 'stillPaired'>;
    trustProxy: number;
  },
): SocketKind {
  const { feeds, walls, trustProxy, ...rest } = d;
  const handlers = createFeedHandlers({ ...rest, feeds: wallFeeds(feeds) });
  return {
    name: 'wall',
    admit: async (socket) => {
      const wall = await withinDeadline(
        admitWall(walls, socket.handshake, trustProxy),
        HANDSHAKE_READ_MS,
        'wall read',
      );
      if (wall) void socket.join(`session:${wall.session.id}`);
      return wall;
    },
    checks: [protocolEventsOnly, wallReadOnly],
    listeners: listenersOf(d.logger, [handlers]),
    left: () => undefined,
    stillAllowed: async (socket) =>
      !!socket.data.wall && (await walls.stillPaired(socket.data.wall.id).catch(() => true)),
  };
}
