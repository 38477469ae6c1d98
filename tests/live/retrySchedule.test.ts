import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createLiveClient, type LiveClient } from '../../client/src/lib/live/liveClient';
import { waitFor } from '../support/screen';

/** A loopback port nothing listens on: every attempt is refused at once, as while a bridge restarts. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const clients: LiveClient[] = [];
afterAll(() => {
  for (const c of clients) c.close();
});

describe("a page's live connection while its bridge is away", () => {
  it('tries again within 0.75 s of each refused attempt, and within 0.4 s of the loss', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const client = createLiveClient({ url });
    clients.push(client);
    // NOTE: each wait is timed from the refusal it follows, not from the client's creation: on a
    // busy machine the first connection's own set-up took 0.5 s once, with no retry late.
    const refused: number[] = [];
    const waits: number[] = [];
    client.socket.on('connect_error', () => refused.push(performance.now()));
    client.socket.io.on('reconnect_attempt', () => waits.push(performance.now() - refused.at(-1)!));
    // Five tries in all (the connection and four retries).
    await waitFor('five tries', () => waits.length >= 4, 10_000);
    client.close();
    expect(waits.length).toBeGreaterThanOrEqual(4);
    // The first retry follows 0.125-0.375 s after the loss; each later one 0.25-0.75 s after the
    // last refusal (0.5 s ± 50%): a bridge back after a restart sees its screens within 0.75 s,
    // however long it was away. The slack is the timers' lateness on a busy machine; socket.io's
    // own defaults (1 s, then up to 5 s) would exceed it.
    expect(waits[0]).toBeLessThan(375 + 150);
    for (const w of waits.slice(1)) expect(w).toBeLessThan(750 + 150);
  });
});
