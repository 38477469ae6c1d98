import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '../observability/logger';
import { guardInbound, listenToScreen, screenListener } from './inboundGuard';
import type { LiveSocket } from './liveServer';

/** A socket as the guard sees it: inbound events, `use` middlewares, and what it emitted. */
function fakeSocket() {
  const inbound = new EventEmitter();
  const emitted: [string, unknown][] = [];
  const middlewares: ((packet: unknown[], next: () => void) => void)[] = [];
  const socket = {
    connected: true,
    // As socket.io does (Node's EventEmitter): a listener is called with the socket as `this`.
    on: (event: string, fn: (...a: unknown[]) => void) =>
      inbound.on(event, (...a: unknown[]) => fn.apply(socket, a)),
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
    listenToScreen(socket, {
      unsubscribe: screenListener(log, 'unsubscribe', () => {
        if (++calls === 1) throw new Error('boom');
      }),
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
    listenToScreen(socket, {
      subscribe: screenListener(log, 'subscribe', async () => {
        throw new Error('store down');
      }),
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

  it('one listener serves every screen: each handler gets the socket its message came from', () => {
    const log = logger();
    const seen: [LiveSocket, unknown][] = [];
    const listeners = {
      subscribe: screenListener(
        log,
        'subscribe',
        (socket, req) => void seen.push([socket, req]),
        (socket, req) => void seen.push([socket, { also: req }]),
      ),
    };
    const a = fakeSocket();
    const b = fakeSocket();
    for (const s of [a, b]) {
      guardInbound(s.socket, log);
      listenToScreen(s.socket, listeners);
    }
    b.receive('subscribe', 'from b');
    a.receive('subscribe', 'from a');
    expect(seen).toEqual([
      [b.socket, 'from b'],
      [b.socket, { also: 'from b' }],
      [a.socket, 'from a'],
      [a.socket, { also: 'from a' }],
    ]);
  });

  it('the checks run in order; a packet one of them refuses reaches neither a later check nor a handler', () => {
    const { socket, receive } = fakeSocket();
    const log = logger();
    const order: string[] = [];
    const handled = vi.fn();
    guardInbound(socket, log, [
      (_s, packet) => (order.push(`rate ${String(packet[0])}`), packet[1] !== 'spent'),
      (_s, packet) => (order.push(`known ${String(packet[0])}`), true),
    ]);
    listenToScreen(socket, { unsubscribe: screenListener(log, 'unsubscribe', handled) });
    receive('unsubscribe', 'spent');
    receive('unsubscribe', 'ok');
    expect(order).toEqual(['rate unsubscribe', 'rate unsubscribe', 'known unsubscribe']);
    expect(handled).toHaveBeenCalledTimes(1);
    expect(handled).toHaveBeenCalledWith(socket, 'ok');
  });
});
