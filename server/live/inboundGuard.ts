import { CLIENT_EVENTS, type ClientToServerEvents, type ErrorMessage } from '../../shared/live/protocol';
import type { Logger } from '../observability/logger';
import type { LiveSocket } from './liveServer';

/** What a screen reads when the bridge failed while handling its message. */
const HANDLER_FAILED = 'The bridge could not handle this request; try again.';
/** What a screen reads when it sent an event the protocol does not have. */
const UNKNOWN_EVENT = 'Unknown message.';

/** Answers a packet with an `error` event and, when it asked for one, a failed ack. */
export function refusePacket(socket: LiveSocket, packet: unknown[], error: ErrorMessage) {
  if (!socket.connected) return;
  socket.emit('error', error);
  const ack = packet[packet.length - 1];
  // NOTE: an ack can throw (already answered); the refusal must not become a second failure.
  if (typeof ack === 'function')
    try {
      (ack as (a: unknown) => void)({ ok: false, error });
    } catch {
      /* the screen already had its answer */
    }
}

/** A name safe to log and echo: a hostile screen chooses it. */
function eventLabel(event: unknown): string {
  return typeof event === 'string' ? event.slice(0, 64) : typeof event;
}

/**
 * A look at an inbound packet before any handler: true lets it on; false means the check refused
 * it (and answered the screen itself).
 */
export type PacketCheck = (socket: LiveSocket, packet: unknown[]) => boolean;

/** Only the protocol's own events (CLIENT_EVENTS): `toString`, `__proto__`, `error` and the like are refused. */
export const protocolEventsOnly: PacketCheck = (socket, packet) => {
  const event: unknown = packet[0];
  if (typeof event === 'string' && CLIENT_EVENTS.has(event)) return true;
  refusePacket(socket, packet, { code: 'bad_request', message: UNKNOWN_EVENT, about: eventLabel(event) });
  return false;
};

const PROTOCOL_ONLY: readonly PacketCheck[] = [protocolEventsOnly];

/**
 * The one socket middleware of a screen: the checks in order (rate limits, the protocol's own
 * events, a wall's read-only rule), then the handler; a handler that throws while called refuses
 * its packet, is logged, and the bridge keeps serving.
 */
export function guardInbound(
  socket: LiveSocket,
  logger: Logger,
  checks: readonly PacketCheck[] = PROTOCOL_ONLY,
): void {
  // NOTE: socket.io calls a middleware without its socket: this closure is the one per screen.
  socket.use((packet, next) => {
    for (const check of checks) if (!check(socket, packet)) return;
    try {
      next();
    } catch (err) {
      logger.error({ err, event: packet[0] }, 'screen message failed');
      refusePacket(socket, packet, {
        code: 'internal',
        message: HANDLER_FAILED,
        about: eventLabel(packet[0]),
      });
    }
  });
}

/** Handles one event of a screen: its socket, then the event's own arguments. */
export type ScreenHandler<E extends keyof ClientToServerEvents> = (
  socket: LiveSocket,
  ...args: Parameters<ClientToServerEvents[E]>
) => unknown;

/** A listener of one event, one function for every screen: socket.io calls it with the socket as `this`. */
export type ScreenListener<E extends keyof ClientToServerEvents> = (
  this: LiveSocket,
  ...args: Parameters<ClientToServerEvents[E]>
) => void;

export type ScreenListeners = { [E in keyof ClientToServerEvents]?: ScreenListener<E> };

/**
 * The listener of a screen's message, built once and shared by every socket; it runs each handler
 * in turn, and a handler's failure, thrown or rejected, refuses that packet and is logged instead
 * of reaching the process as an unhandled rejection.
 */
export function screenListener<E extends keyof ClientToServerEvents>(
  logger: Logger,
  event: E,
  ...handlers: ScreenHandler<E>[]
): ScreenListener<E> {
  // NOTE: Node's EventEmitter calls a listener with its emitter as `this`, here the socket: one
  // function serves every screen, where a closure per socket and event cost memory per screen.
  return function (this: LiveSocket, ...args) {
    const fail = (err: unknown) => {
      logger.error({ err, event }, 'screen message failed');
      refusePacket(this, args, { code: 'internal', message: HANDLER_FAILED, about: event });
    };
    for (const handler of handlers)
      try {
        const result = handler(this, ...args);
        if (result instanceof Promise) result.catch(fail);
      } catch (err) {
        fail(err);
      }
  };
}

/** Adds the shared listeners to one screen's socket. */
export function listenToScreen(socket: LiveSocket, listeners: ScreenListeners): void {
  for (const event of Object.keys(listeners) as (keyof ClientToServerEvents)[])
    // NOTE: socket.io's typed `on` cannot relate a generic event to its listener; each listener
    // has exactly the parameters of its event.
    socket.on(event, listeners[event] as never);
}

/** Handlers of some of a screen's messages (feeds, presence, replay), and what ends with the screen. */
export type MessageHandlers = { [E in keyof ClientToServerEvents]?: ScreenHandler<E> } & {
  leave?(socket: LiveSocket): unknown;
};

/** One listener per message of the handler sets, each running the sets' handlers in their order. */
export function listenersOf(logger: Logger, sets: readonly MessageHandlers[]): ScreenListeners {
  const listeners: Record<string, unknown> = {};
  const events = new Set(sets.flatMap((s) => Object.keys(s).filter((k) => k !== 'leave')));
  for (const event of events as Set<keyof ClientToServerEvents>) {
    const handlers = sets.flatMap((s) => (s[event] ? [s[event]] : []));
    listeners[event] = screenListener(logger, event, ...(handlers as ScreenHandler<typeof event>[]));
  }
  return listeners as ScreenListeners;
}
