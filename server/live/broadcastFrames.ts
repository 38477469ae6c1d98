import type { Socket as NetSocket } from 'node:net';
import type { Namespace, Socket } from 'socket.io';

/** The part of socket.io's adapter that frames a broadcast once and hands it to each socket. */
interface FramingAdapter {
  _encode(packet: { id?: number }, opts: { wsPreEncodedFrame?: Buffer[] }): unknown;
  apply(opts: unknown, each: (socket: Socket) => void): void;
}

/** What engine.io and ws keep of a connection, as far as a direct write needs to know. */
interface EngineConnection {
  readyState: string;
  upgrading: boolean;
  writeBuffer: unknown[];
  transport: {
    name: string;
    writable: boolean;
    socket?: { readyState: number; _sender?: { _queue?: unknown[] }; _socket?: NetSocket };
  };
}

/**
 * Writes a broadcast's frame to a screen's TCP socket when nothing of that screen waits in
 * engine.io or ws (no packet buffered, no send in flight), so the frame goes out in the order it
 * was emitted. False when the screen must take the usual way.
 */
function writeDirect(socket: Socket, frame: Buffer): boolean {
  if ((socket as unknown as { _anyOutgoingListeners?: unknown[] })._anyOutgoingListeners?.length)
    return false;
  const conn = (socket.client as unknown as { conn: EngineConnection }).conn;
  const t = conn.transport;
  if (conn.readyState !== 'open' || conn.upgrading || conn.writeBuffer.length > 0) return false;
  if (t.name !== 'websocket' || !t.writable) return false;
  const ws = t.socket;
  const tcp = ws?._socket;
  if (!ws || ws.readyState !== 1 || (ws._sender?._queue?.length ?? 0) > 0 || !tcp?.writable) return false;
  tcp.write(frame);
  return true;
}

/**
 * How a broadcast reaches every screen: framed once (socket.io does that), joined into one
 * buffer, and written to each screen's socket with one plain write. socket.io hands every socket
 * two buffers, which each writes with cork, two writes and uncork, then goes through engine.io's
 * packet, flush and drain bookkeeping and a write callback per screen; the direct write skips
 * all of that wherever nothing else of the screen is queued, and falls back to socket.io's way
 * where something is (`npm run bench:fanout`, docs/decisions.md "One write per screen"). The
 * Redis adapter's local broadcasts go through the same two methods. Call after the adapter is set.
 */
export function broadcastFrames(nsp: Namespace): void {
  const adapter = nsp.adapter as unknown as Partial<FramingAdapter>;
  // A socket.io without these methods broadcasts as it does: screens still get every message.
  if (typeof adapter._encode !== 'function' || typeof adapter.apply !== 'function') return;
  const encode = adapter._encode.bind(adapter);
  const apply = adapter.apply.bind(adapter);
  /** The frame of the broadcast being sent: set by its encode, taken by the apply that follows. */
  let frameOfBroadcast: Buffer | null = null;
  adapter._encode = (packet, opts) => {
    const encoded = encode(packet, opts);
    const frame = opts.wsPreEncodedFrame;
    if (frame && frame.length > 1) opts.wsPreEncodedFrame = [Buffer.concat(frame)];
    // NOTE: socket.io calls apply right after encode; a packet that waits for acks keeps
    // socket.io's way, which registers them.
    if (frame && packet.id === undefined) {
      frameOfBroadcast = opts.wsPreEncodedFrame![0];
      queueMicrotask(() => (frameOfBroadcast = null));
    }
    return encoded;
  };
  adapter.apply = (opts, each) => {
    const frame = frameOfBroadcast;
    frameOfBroadcast = null;
    if (!frame) return apply(opts, each);
    apply(opts, (socket) => {
      if (!writeDirect(socket, frame)) each(socket);
    });
  };
}
