import type { LiveSocket, SocketData } from './liveServer';
import type { PacketCheck, ScreenListeners } from './inboundGuard';

/**
 * One kind of socket the live namespace serves: a signed-in screen (screenSocket.ts), a paired
 * wall display (server/walls/wallSocket.ts). The composition root hands attachLive the kinds it
 * serves, in the order a handshake tries them; a new kind is one more of these, and no existing
 * handler changes.
 */
export interface SocketKind {
  /** For logs. */
  name: string;
  /** The socket's data when its handshake is of this kind (a session, a wall's cookie), else null. */
  admit(socket: LiveSocket): Promise<SocketData | null>;
  /** Checks of each message after the rate limits and the protocol's own events (a wall's read-only rule). */
  checks: readonly PacketCheck[];
  /** Its messages' listeners, built once and shared by every socket of the kind. */
  listeners: ScreenListeners;
  /** A socket of this kind connected (after every handshake step). */
  connected?(socket: LiveSocket): void;
  /** It disconnected: what was kept for it ends. */
  left(socket: LiveSocket): void;
  /** Whether it may stay, asked every 30 s: a session still held, a wall still paired. */
  stillAllowed(socket: LiveSocket): Promise<boolean>;
}
