import type { Redis } from 'ioredis';

/**
 * Makes a failed publish on the socket.io adapter's connection a logged error, never an unhandled
 * rejection. NOTE: the adapter publishes a broadcast without awaiting it; a screen leaving while
 * the bridge closes broadcasts its 'none' after the connection quit, and the rejection ("Connection
 * is closed.") would otherwise reach the crash policy. Callers that await still see it reject.
 */
export function catchAdapterPublishes(pub: Redis, onError: (e: unknown) => void): void {
  const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<number>;
  pub.publish = ((...args: unknown[]) => {
    const sent = publish(...args);
    sent.catch(onError);
    return sent;
  }) as Redis['publish'];
}
