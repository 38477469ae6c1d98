import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { oneWriteFrames } from './oneWriteFrames';

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function serverWithScreens(n: number) {
  const http = createServer();
  const io = new Server(http, { perMessageDeflate: false });
  const nsp = io.of('/live');
  oneWriteFrames(nsp);
  nsp.on('connection', (s) => void s.join('room'));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise<void>((r) => io.close(() => r())));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/live`;
  const screens: ClientSocket[] = [];
  for (let i = 0; i < n; i++) {
    const s = connect(url, { transports: ['websocket'], forceNew: true });
    closers.push(() => s.close());
    await new Promise<void>((r) => s.once('connect', () => r()));
    screens.push(s);
  }
  // Joined on the server before the test broadcasts.
  await new Promise((r) => setTimeout(r, 50));
  return { nsp, screens };
}

describe('one write per screen', () => {
  it('hands every WebSocket one buffer per broadcast, and every screen reads the message whole', async () => {
    const { nsp, screens } = await serverWithScreens(3);
    const frames: number[] = [];
    const adapter = nsp.adapter as unknown as {
      _encode(p: unknown, o: { wsPreEncodedFrame?: Buffer[] }): unknown;
    };
    const joined = adapter._encode.bind(adapter);
    adapter._encode = (p, o) => {
      const out = joined(p, o);
      frames.push(o.wsPreEncodedFrame?.length ?? 0);
      return out;
    };
    const delta = { seq: 7, upserts: [{ id: 'a', text: 'é'.repeat(1500) }], removes: [] };
    const got = screens.map((s) => new Promise((r) => s.once('delta', r)));
    nsp.to('room').emit('delta', delta);
    expect(await Promise.all(got)).toEqual([delta, delta, delta]);
    expect(frames).toEqual([1]);
  });
});
