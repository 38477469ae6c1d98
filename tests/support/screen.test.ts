// The test screen must notice a bridge that stops in the middle of its handshake: the soak's
// screens reconnect only when their connect settles, and one that waited for good once held 31
// screens "reconnecting" through a whole rolling restart.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, expect, it } from 'vitest';
import { LIVE_NAMESPACE } from '../../shared/live/protocol';
import { connectScreen } from './screen';

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

it('a connection closed before the bridge answers its handshake rejects, and does not wait for good', async () => {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'] });
  let reached!: () => void;
  const inHandshake = new Promise<void>((r) => (reached = r));
  // A handshake step that never answers, as a bridge stopped while it read the session.
  io.of(LIVE_NAMESPACE).use(() => reached());
  const connections: { close(): void }[] = [];
  io.engine.on('connection', (c: { close(): void }) => connections.push(c));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  close = () => new Promise((r) => void io.close(() => r()));
  const { port } = http.address() as AddressInfo;

  const screen = connectScreen(`http://127.0.0.1:${port}`, 'sid=x');
  const settled = screen.connected().then(
    () => 'connected',
    (e: Error) => e.message,
  );
  await inHandshake;
  // Closing the engine connections is what a stopping bridge does to a screen not yet admitted.
  for (const c of connections) c.close();

  expect(await settled).toMatch(/^closed before the handshake ended/);
  screen.close();
});
