import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '../observability/logger';
import { guardInbound, onScreenMessage } from './inboundGuard';
import type { LiveSocket } from './liveServer';

/** A socket as the guard sees it: inbound events, `use` middlewares, and what it emitted. */
function fakeSocket() {
  const inbound = new EventEmitter();
  const emitted: [string, unknown][] = [];
  const middlewares: ((packet: unknown[], next: () => void) => void)[] = [];
  const socket = {
    connected: true,
    on: (event: string, fn: (...a: unknown[]) => void) => inbound.on(event, fn),
    use: (fn: (typeof middlewares)[number]) => middlewares.push(fn),
    emit: (event: string, msg: unknown) => emitted.push([event, msg]),
  };
  /** Delivers a packet as socket.io does: through the middlewares, then to the listeners. */
  const receive = (...packet: unknown[]) => {
    const run = (i: number) =>
      i < middlewares.length
        ? middlewares[i]!(packet, () => run(i + 1))
        : inbound.emit(String(packet[0]), ...packet.slice(1));
    run(0);
  };
  return { socket: socket as unknown as LiveSocket, emitted, receive };
}

const logger = () => ({ error: vi.fn() }) as unknown as Logger & { error: ReturnType<typeof vi.fn> };

describe('inbound messages of a screen', () => {
  it('an event named like an Object.prototype member is refused and reaches no handler', () => {
    const { socket, emitted, receive } = fakeSocket();
    guardInbound(socket, logger());
    const ack = vi.fn();
    const names = Object.getOwnPropertyNames(Object.prototype);
    for (const name of names) receive(name, {}, ack);
    expect(ack).toHaveBeenCalledTimes(names.length);
    expect(ack).toHaveBeenLastCalledWith({
      ok: false,
      error: { code: 'bad_request', message: 'Unknown message.', about: names.at(-1) },
    });
    expect(emitted.every(([e]) => e === 'error')).toBe(true);
  });

  it('a handler that throws refuses its packet, is logged, and the next packet is served', () => {
    const { socket, emitted, receive } = fakeSocket();
    const log = logger();
    guardInbound(socket, log);
    let calls = 0;
    onScreenMessage(socket, log, 'unsubscribe', () => {
      if (++calls === 1) throw new Error('boom');
    });
    const ack = vi.fn();
    expect(() => receive('unsubscribe', {}, ack)).not.toThrow();
    expect(ack).toHaveBeenCalledWith({
      ok: false,
      error: {
        code: 'internal',
        message: 'The bridge could not handle this request; try again.',
        about: 'unsubscribe',
      },
    });
    expect(log.error).toHaveBeenCalledTimes(1);
    receive('unsubscribe', {});
    expect(calls).toBe(2);
    expect(emitted).toHaveLength(1);
  });

  it('a handler whose promise rejects refuses its packet instead of an unhandled rejection', async () => {
    const { socket, receive } = fakeSocket();
    const log = logger();
    onScreenMessage(socket, log, 'subscribe', async () => {
      throw new Error('store down');
    });
    const ack = vi.fn();
    receive('subscribe', {}, ack);
    await vi.waitFor(() => expect(ack).toHaveBeenCalled());
    expect(ack.mock.calls[0]![0]).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'subscribe' }),
      'screen message failed',
    );
  });
});
