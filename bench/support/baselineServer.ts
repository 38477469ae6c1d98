/**
 * Baseline servers for the fan-out and memory benchmarks, each in its own process:
 * - `raw`: a bare `ws` server that frames a message once and writes the same buffer to every
 *   socket (the floor of what this machine can do);
 * - `sio`: a socket.io server with the bridge's own options (createLiveServer), one room, no
 *   bridge logic (what socket.io itself costs).
 * Driven over IPC: listen, broadcast, count.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as ws from 'ws';
import { loadConfig } from '../../server/config/bridgeConfig';
import { createLiveServer } from '../../server/live/liveServer';
import { wallNow } from './report';

const kind = process.argv[2] as 'raw' | 'sio';
/** ws's own framing (public in ws's exports, absent from @types/ws). */
const { Sender } = ws as unknown as {
  Sender: {
    frame(
      data: Buffer,
      o: { fin: boolean; rsv1: boolean; opcode: number; mask: boolean; readOnly: boolean },
    ): Buffer[];
  };
};
const http = createServer();
const ROOM = 'feed:events:bench';

function payload(seq: number, size: number, at: number) {
  const head = `{"feed":"events","agencyId":"bench","epoch":"baseline","seq":${seq},"upserts":[{"id":"x","pad":"`;
  const tail = `"}],"removes":[],"at":${at}}`;
  // Frame prefix `42/live,["delta",` + `]` is 17 bytes on the socket.io side.
  const pad = Math.max(0, size - head.length - tail.length - (kind === 'sio' ? 18 : 0));
  return head + 'x'.repeat(pad) + tail;
}

/**
 * A broadcast's start, stamped as the bridge stamps a delta's `at`: `Date.now()`, whole
 * milliseconds, on average 0.5 ms before the instant it is taken. `precise` is that instant (the
 * screens' sub-millisecond clock), kept to show what the resolution alone adds to a figure.
 */
function startStamp() {
  const precise = wallNow();
  return { t0: Date.now(), precise };
}

let broadcast: (
  seq: number,
  size: number,
  count?: number,
) => { t0: number; t0Precise: number; sendMs: number };
let count: () => number;

if (kind === 'raw') {
  const wss = new ws.WebSocketServer({ server: http, perMessageDeflate: false });
  broadcast = (seq, size, count = 1) => {
    const { t0, precise } = startStamp();
    for (let i = 0; i < count; i++) {
      // NOTE: framed once; every socket gets the same bytes, with no per-socket encoding.
      const frame = Buffer.concat(
        Sender.frame(Buffer.from(payload(seq + i, size, t0)), {
          fin: true,
          rsv1: false,
          opcode: 1,
          mask: false,
          readOnly: false,
        }),
      );
      for (const c of wss.clients)
        (c as unknown as { _socket: import('node:net').Socket })._socket.write(frame);
    }
    return { t0, t0Precise: precise, sendMs: wallNow() - precise };
  };
  count = () => wss.clients.size;
} else {
  const live = createLiveServer(http, loadConfig({ LOG_LEVEL: 'silent' }), null);
  live.nsp.on('connection', (socket) => {
    socket.on('subscribe', async (_req, ack) => {
      await socket.join(ROOM);
      if (typeof ack === 'function') ack({ ok: true, mode: 'snapshot' });
    });
  });
  broadcast = (seq, size, count = 1) => {
    const { t0, precise } = startStamp();
    for (let i = 0; i < count; i++) live.nsp.to(ROOM).emit('delta', JSON.parse(payload(seq + i, size, t0)));
    return { t0, t0Precise: precise, sendMs: wallNow() - precise };
  };
  count = () => live.nsp.sockets.size;
}

process.on(
  'message',
  async (m: { id: number; cmd: string; args: { seq: number; size: number; count?: number } }) => {
    let result: unknown;
    if (m.cmd === 'listen')
      result = await new Promise((r) =>
        http.listen(0, '127.0.0.1', () => r((http.address() as AddressInfo).port)),
      );
    else if (m.cmd === 'broadcast') result = broadcast(m.args.seq, m.args.size, m.args.count);
    else if (m.cmd === 'count') result = count();
    else if (m.cmd === 'heap') {
      (globalThis as { gc?: () => void }).gc?.();
      result = process.memoryUsage();
    }
    process.send!({ id: m.id, ok: true, result });
  },
);
process.on('disconnect', () => process.exit(0));
