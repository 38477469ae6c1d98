import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_NAMESPACE } from '../../shared/live/protocol';
import { createLiveServer } from './liveServer';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let http: HttpServer;
let live: ReturnType<typeof createLiveServer>;
const clients: ClientSocket[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  await live?.close();
});

/**
 * A live server whose namespace middleware reads the cookie from the handshake, as the bridge's
 * does (attachLive.ts), and keeps only a weak reference to the request the screen came in with.
 */
async function start() {
  http = createServer();
  live = createLiveServer(http, { ALLOWED_ORIGINS: [] }, null);
  const requests: WeakRef<IncomingMessage>[] = [];
  const cookies: (string | undefined)[] = [];
  live.nsp.use((socket, next) => {
    requests.push(new WeakRef(socket.request));
    cookies.push(socket.handshake.headers.cookie);
    next();
  });
  live.nsp.on('connection', (socket) => {
    socket.on('unsubscribe', (_req, ack) => ack?.({ ok: true }));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}${LIVE_NAMESPACE}`;
  return { url, requests, cookies };
}

async function released(ref: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 5 && ref.deref(); i++) {
    // A weak reference holds its target until the current job ends.
    await new Promise((r) => setImmediate(r));
    gc();
  }
  return ref.deref() === undefined;
}

describe('the live server keeps no request a screen came in with', () => {
  for (const transports of [['websocket'], ['polling', 'websocket']] as const)
    it(`lets the request go once the screen is connected, and the screen is still served (${transports.join(' then ')})`, async () => {
      const { url, requests, cookies } = await start();
      const client = connect(url, {
        transports: [...transports],
        extraHeaders: { cookie: 'dlp_session=abc' },
        reconnection: false,
      });
      clients.push(client);
      await new Promise<void>((resolve, reject) => {
        client.once('connect', resolve);
        client.once('connect_error', reject);
      });
      // The middleware read the handshake before the request was let go.
      expect(cookies).toEqual(['dlp_session=abc']);
      const ack = await new Promise((r) => client.emit('unsubscribe', {}, r));
      expect(ack).toEqual({ ok: true });
      expect(await released(requests[0]!)).toBe(true);
      // Still served after the request is gone.
      expect(await new Promise((r) => client.emit('unsubscribe', {}, r))).toEqual({ ok: true });
    });
});
