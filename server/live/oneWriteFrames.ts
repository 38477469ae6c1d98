import type { Namespace } from 'socket.io';

/** The part of socket.io's adapter that frames a broadcast once for every WebSocket. */
interface FramingAdapter {
  _encode(packet: unknown, opts: { wsPreEncodedFrame?: Buffer[] }): unknown;
}

/**
 * Joins the WebSocket frame socket.io builds once per broadcast into one buffer. socket.io hands
 * every socket the same two buffers (header, payload), which each socket writes with cork, two
 * writes and uncork (a writev); one buffer is one plain write per screen: less CPU on every delta
 * to every screen (`npm run bench:fanout`, docs/decisions.md "One write per screen"). The Redis
 * adapter's local broadcasts go through the same method. Call after the adapter is set.
 */
export function oneWriteFrames(nsp: Namespace): void {
  const adapter = nsp.adapter as unknown as Partial<FramingAdapter>;
  // A socket.io without this method frames as it does: screens still get every message.
  if (typeof adapter._encode !== 'function') return;
  const encode = adapter._encode.bind(adapter);
  adapter._encode = (packet, opts) => {
    const encoded = encode(packet, opts);
    const frame = opts.wsPreEncodedFrame;
    if (frame && frame.length > 1) opts.wsPreEncodedFrame = [Buffer.concat(frame)];
    return encoded;
  };
}
