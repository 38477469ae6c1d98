/**
 * The bridge's end of a screen's live socket, for tests that mock socket.io-client: it answers
 * every subscribe with a snapshot's go-ahead and sends what a test says (`send(event, message)`).
 * Made inside `vi.hoisted` (a mock's factory runs before the test's imports):
 * `const wire = await vi.hoisted(async () => (await import('…/fakeLiveSocket')).fakeLiveSocket('x'))`.
 */
export function fakeLiveSocket(id: string) {
  const handlers = new Map<string, ((msg: unknown) => void)[]>();
  /** Every subscribe the screen sent, in order. */
  const subscribes: unknown[] = [];
  const socket = {
    id,
    connected: true,
    on(event: string, fn: (msg: unknown) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), fn]);
      return socket;
    },
    emit(event: string, req: unknown, ack?: (a: unknown) => void) {
      if (event === 'subscribe') {
        subscribes.push(req);
        ack?.({ ok: true, mode: 'snapshot' });
      }
    },
    disconnect() {
      socket.connected = false;
    },
  };
  return {
    socket,
    subscribes,
    send: (event: string, msg: unknown) => handlers.get(event)?.forEach((fn) => fn(msg)),
  };
}
