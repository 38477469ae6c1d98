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
 * Socket middleware, last in line: only the protocol's own events (CLIENT_EVENTS) reach a
 * handler, so `toString`, `__proto__`, `error`, `disconnect` and the like are refused here; a
 * handler that throws while called refuses its packet, is logged, and the bridge keeps serving.
 */
export function guardInbound(socket: LiveSocket, logger: Logger): void {
  socket.use((packet, next) => {
    const event: unknown = packet[0];
    if (typeof event !== 'string' || !CLIENT_EVENTS.has(event))
      return refusePacket(socket, packet, {
        code: 'bad_request',
        message: UNKNOWN_EVENT,
        about: eventLabel(event),
      });
    try {
      next();
    } catch (err) {
      logger.error({ err, event }, 'screen message failed');
      refusePacket(socket, packet, { code: 'internal', message: HANDLER_FAILED, about: event });
    }
  });
}

/**
 * Registers a handler of a screen's message whose failure, thrown or rejected, refuses that
 * packet and is logged, instead of reaching the process as an unhandled rejection.
 */
export function onScreenMessage<E extends keyof ClientToServerEvents>(
  socket: LiveSocket,
  logger: Logger,
  event: E,
  handler: (...args: Parameters<ClientToServerEvents[E]>) => unknown,
): void {
  const listener = (...args: Parameters<ClientToServerEvents[E]>) => {
    const fail = (err: unknown) => {
      logger.error({ err, event }, 'screen message failed');
      refusePacket(socket, args, { code: 'internal', message: HANDLER_FAILED, about: event });
    };
    try {
      const result = handler(...args);
      if (result instanceof Promise) result.catch(fail);
    } catch (err) {
      fail(err);
    }
  };
  // NOTE: socket.io's typed `on` cannot relate a generic event to its listener; the listener has
  // exactly the parameters of that event.
  socket.on(event, listener as never);
}
