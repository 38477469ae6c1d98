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
    const t0 = performance.now();
    const client = createLiveClient({ url });
    clients.push(client);
    const attempts: number[] = [];
    client.socket.io.on('reconnect_attempt', () => attempts.push(performance.now()));
    // Five tries in all; the gaps between them are checked below.
    await waitFor('five tries', () => attempts.length >= 5, 10_000);
    client.close();
    // The first try is the connection itself; the first retry follows 0.125-0.375 s later.
    expect(attempts.length).toBeGreaterThanOrEqual(5);
    expect(attempts[0] - t0).toBeLessThan(400 + 100);
    const gaps = attempts.slice(1).map((t, i) => t - attempts[i]);
    // At most 0.5 s ± 50% between tries (and the few ms a refusal takes): a bridge back after a
    // restart sees its screens within 0.75 s, however long it was away.
    for (const g of gaps) expect(g).toBeLessThan(750 + 100);
  });
});
