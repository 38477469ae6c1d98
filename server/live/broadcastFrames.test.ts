import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server, type Namespace, type Socket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { broadcastFrames } from './broadcastFrames';

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function serverWithScreens(n: number) {
  const http = createServer();
  const io = new Server(http, { perMessageDeflate: false });
  const nsp = io.of('/live');
  broadcastFrames(nsp);
  const joined: Socket[] = [];
  nsp.on('connection', (s) => {
    void s.join('room');
    joined.push(s);
  });
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
  // The server's sockets in the order of `screens`.
  const servers = screens.map((c) => joined.find((s) => s.id === c.id)!);
  return { nsp, screens, servers };
}

/** Counts, per server socket, the packets that took socket.io's own way to the engine. */
function countEngineWrites(servers: Socket[]) {
  const counts = servers.map(() => 0);
  servers.forEach((s, i) => {
    const client = s.client as unknown as { writeToEngine(...a: unknown[]): void };
    const own = client.writeToEngine.bind(client);
    client.writeToEngine = (...a) => {
      counts[i]++;
      own(...a);
    };
  });
  return counts;
}

/** The events a screen receives, in order. */
function received(screen: ClientSocket) {
  const got: [string, unknown][] = [];
  screen.onAny((event: string, m: unknown) => got.push([event, m]));
  return got;
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

function encodedFrames(nsp: Namespace) {
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
  return frames;
}

describe('broadcast frames', () => {
  it('frames a broadcast once as one buffer, writes it straight to each idle screen, and every screen reads it whole', async () => {
    const { nsp, screens, servers } = await serverWithScreens(3);
    const frames = encodedFrames(nsp);
    const engineWrites = countEngineWrites(servers);
    const delta = { seq: 7, upserts: [{ id: 'a', text: 'é'.repeat(1500) }], removes: [] };
    const got = screens.map((s) => new Promise((r) => s.once('delta', r)));
    nsp.to('room').emit('delta', delta);
    expect(await Promise.all(got)).toEqual([delta, delta, delta]);
    expect(frames).toEqual([1]);
    expect(engineWrites).toEqual([0, 0, 0]);
  });

  it('keeps the order of a screen whose earlier message is still being written, and of messages after', async () => {
    const { nsp, screens, servers } = await serverWithScreens(2);
    const engineWrites = countEngineWrites(servers);
    const first = received(screens[0]);
    const second = received(screens[1]);
    // The first screen's own message is in flight (its transport waits for the write callback),
    // so the broadcast right after must queue behind it, not overtake it.
    servers[0].emit('own', 'x'.repeat(200_000));
    nsp.to('room').emit('delta', { seq: 1 });
    servers[0].emit('after', 1);
    nsp.to('room').emit('delta', { seq: 2 });
    await until(() => first.length === 4 && second.length === 2);
    expect(first.map(([e, m]) => (e === 'own' ? 'own' : `${e}:${JSON.stringify(m)}`))).toEqual([
      'own',
      'delta:{"seq":1}',
      'after:1',
      'delta:{"seq":2}',
    ]);
    expect(second).toEqual([
      ['delta', { seq: 1 }],
      ['delta', { seq: 2 }],
    ]);
    expect(engineWrites[0]).toBeGreaterThan(0);
    expect(engineWrites[1]).toBe(0);
  });

  it('leaves out the screens a broadcast excepts', async () => {
    const { nsp, screens } = await serverWithScreens(2);
    const a = received(screens[0]);
    const b = received(screens[1]);
    nsp.to('room').except(screens[0].id!).emit('delta', { seq: 3 });
    nsp.to('room').emit('delta', { seq: 4 });
    await until(() => a.length === 1 && b.length === 2);
    expect(a).toEqual([['delta', { seq: 4 }]]);
    expect(b).toEqual([
      ['delta', { seq: 3 }],
      ['delta', { seq: 4 }],
    ]);
  });

  it('still collects the answers of a broadcast that asks for them', async () => {
    const { nsp, screens } = await serverWithScreens(2);
    screens.forEach((s, i) => s.on('ask', (q: number, answer: (a: number) => void) => answer(q + i)));
    const answers = await nsp.to('room').timeout(2000).emitWithAck('ask', 10);
    expect([...answers].sort()).toEqual([10, 11]);
    // A broadcast after it is written straight again.
    const got = screens.map((s) => new Promise((r) => s.once('delta', r)));
    nsp.to('room').emit('delta', { seq: 5 });
    expect(await Promise.all(got)).toEqual([{ seq: 5 }, { seq: 5 }]);
  });
});
