import { createServer, type Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveClient, type LiveClient } from '../../client/src/lib/live/liveClient';
import type { Bridge } from '../../server/app/bridge';
import {
  LIVE_NAMESPACE,
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type DeltaMessage,
  type FeedRef,
  type ServerToClientEvents,
  type SnapshotMessage,
  type SubscribeAck,
  type SubscribedMessage,
} from '../../shared/live/protocol';
import { waitFor } from '../support/screen';
import { freshAccount, simPost, type Simulator } from '../support/stack';
import { startTwoDealers, type Dealer, type TwoDealers } from '../support/twoDealers';

/**
 * Protocol 4: a page's subscribes may ride in the handshake (`auth.subscribe`), so a page
 * reconnecting after a bridge restart is live again without a message of its own per feed.
 */
let stack: TwoDealers;
let sim: Simulator;
let bridge: Bridge;
let owner: Dealer;
let other: Dealer;
const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
const clients: LiveClient[] = [];

/** A socket whose handshake carries `auth` as given; it records what the bridge sends. */
function rawScreen(cookie: string, auth: Record<string, unknown>) {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(`${bridge.url}${LIVE_NAMESPACE}`, {
    transports: ['websocket'],
    extraHeaders: { cookie },
    auth,
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const got = {
    subscribed: [] as SubscribedMessage[],
    deltas: [] as DeltaMessage[],
    snapshots: [] as SnapshotMessage[],
    errors: [] as string[],
  };
  socket.on('subscribed', (m) => got.subscribed.push(m));
  socket.on('delta', (m) => got.deltas.push(m));
  socket.on('snapshot', (m) => got.snapshots.push(m));
  socket.on('error', (e) => got.errors.push(e.code));
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, got, connected };
}

beforeAll(async () => {
  stack = await startTwoDealers({ FEED_BACKLOG: '50' });
  ({ sim, bridge, owner, other } = stack);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  for (const c of clients) c.close();
  await stack?.close();
});

describe('subscribes carried by the handshake', () => {
  it('a screen reconnecting with its cursor in the handshake gets exactly the missed deltas, then its answer', async () => {
    const ref = { feed: 'alarms' as const, agencyId: owner.agencyId };
    const watcher = stack.screen(owner.cookie); // keeps the feed polled and tells its position
    await watcher.connected();
    await watcher.subscribe(ref);
    await waitFor('snapshot', () => watcher.cursor(ref) !== null);
    const cursor = watcher.cursor(ref)!;
    for (let i = 0; i < 2; i++) {
      const before = watcher.cursor(ref)!.seq;
      await simPost(sim, '/_sim/signals', { csNo: await freshAccount(sim, owner.agencyId), eventId: 'B' });
      await waitFor('a delta', () => watcher.cursor(ref)!.seq > before);
    }

    const back = rawScreen(owner.cookie, {
      protocol: PROTOCOL_VERSION,
      subscribe: [{ ...ref, since: cursor }],
    });
    await back.connected;
    await waitFor('the answer', () => back.got.subscribed.length === 1);
    expect(back.got.subscribed[0]).toEqual({ ...ref, ack: { ok: true, mode: 'resume' } });
    // The missed deltas came before the answer, in order, and no snapshot.
    expect(back.got.deltas.map((d) => d.seq)).toEqual(
      Array.from({ length: watcher.cursor(ref)!.seq - cursor.seq }, (_, i) => cursor.seq + 1 + i),
    );
    expect(back.got.snapshots).toHaveLength(0);
  });

  it('a handshake subscribe is authorized as an event is: another dealer’s agency is refused', async () => {
    const mine = { feed: 'events' as const, agencyId: owner.agencyId };
    const theirs = { feed: 'alarms' as const, agencyId: other.agencyId };
    const s = rawScreen(owner.cookie, { protocol: PROTOCOL_VERSION, subscribe: [theirs, mine] });
    await s.connected;
    await waitFor('both answers', () => s.got.subscribed.length === 2);
    const byFeed = new Map(s.got.subscribed.map((m) => [m.feed, m.ack]));
    const refused = byFeed.get('alarms') as Extract<SubscribeAck, { ok: false }>;
    expect(refused.ok).toBe(false);
    expect(refused.error.code).toBe('forbidden');
    expect(byFeed.get('events')).toEqual({ ok: true, mode: 'snapshot' });
    await waitFor('its own snapshot', () => s.got.snapshots.length === 1);
    expect(s.got.snapshots.map((m) => m.agencyId)).toEqual([owner.agencyId]);
    expect(s.got.errors).toContain('forbidden');
  });

  it('a handshake with more subscribes than a socket may hold is refused as not this protocol', async () => {
    const many = Array.from({ length: 9 }, () => ({ feed: 'events', agencyId: owner.agencyId }));
    const s = rawScreen(owner.cookie, { protocol: PROTOCOL_VERSION, subscribe: many });
    await expect(s.connected).rejects.toThrow(/protocol_mismatch/);
  });

  it('a page of the previous build (protocol 3) still subscribes by events after the connect', async () => {
    const ref = { feed: 'alarms' as const, agencyId: owner.agencyId };
    const s = rawScreen(owner.cookie, { protocol: 3 });
    await s.connected;
    const ack = await new Promise<SubscribeAck>((resolve) => s.socket.emit('subscribe', ref, resolve));
    expect(ack).toEqual({ ok: true, mode: 'snapshot' });
    await waitFor('snapshot', () => s.got.snapshots.length === 1);
    expect(s.got.subscribed).toHaveLength(0);
  });

  it("the portal's live client subscribes in the handshake and resumes there after a reconnect", async () => {
    const ref: FeedRef = { feed: 'alarms', agencyId: owner.agencyId };
    const client = createLiveClient({
      url: bridge.url,
      socketOptions: { extraHeaders: { cookie: owner.cookie } },
    });
    clients.push(client);
    const sent: string[] = [];
    client.socket.onAnyOutgoing((event: string) => sent.push(event));
    const answers: SubscribedMessage[] = [];
    client.socket.on('subscribed', (m) => answers.push(m));
    const { handle } = client.feed(ref);
    await waitFor('live', () => handle.getSnapshot().state === 'live');
    const cursor = handle.cursor!;

    client.socket.io.engine.close(); // the connection drops; the client reconnects by itself
    await waitFor('offline', () => handle.getSnapshot().state !== 'live');
    await simPost(sim, '/_sim/signals', { csNo: await freshAccount(sim, owner.agencyId), eventId: 'B' });
    await waitFor(
      'live again, past the missed change',
      () => {
        const c = handle.cursor;
        return handle.getSnapshot().state === 'live' && c !== null && c.seq > cursor.seq;
      },
      15_000,
    );
    expect(answers.map((m) => m.ack)).toContainEqual({ ok: true, mode: 'resume' });
    // Neither the first connect nor the reconnect sent a subscribe of its own.
    expect(sent).not.toContain('subscribe');
  });
});

describe('a page of this build against a bridge of the previous build', () => {
  let http: HttpServer;
  let url: string;
  beforeAll(async () => {
    // The previous protocol's bridge, as far as a page sees it: version 3 only, subscribes by events.
    http = createServer();
    const server = new Server<ClientToServerEvents, ServerToClientEvents>(http, {
      transports: ['websocket'],
    });
    const nsp = server.of(LIVE_NAMESPACE);
    nsp.use((socket, next) =>
      (socket.handshake.auth as { protocol?: unknown }).protocol === 3
        ? next()
        : next(new Error('protocol_mismatch')),
    );
    nsp.on('connection', (socket) =>
      socket.on('subscribe', (req, ack) => {
        const ref = req as FeedRef;
        socket.emit('snapshot', { ...ref, epoch: 'e1', seq: 1, rows: [], stale: false, lastPollAt: 1 });
        ack?.({ ok: true, mode: 'snapshot' });
      }),
    );
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
    return () => new Promise<void>((r) => server.close(() => r()));
  });

  it('speaks the previous protocol after the refusal and goes live', async () => {
    const client = createLiveClient({ url });
    clients.push(client);
    const { handle } = client.feed({ feed: 'alarms', agencyId: '1001' });
    await waitFor('live', () => handle.getSnapshot().state === 'live', 5000);
    expect(handle.cursor).toEqual({ epoch: 'e1', seq: 1 });
  });
});
