// A hostile screen sends every kind of socket message it can to a bridge running as its own
// process: event names that are members of Object.prototype or socket.io's reserved names, random
// names and payload shapes, acks, binary attachments, broken and oversized frames. The process must
// stay up and keep serving: /healthz answers after every batch, and another dealer's screen still
// gets its new alarm at the end.
import fc from 'fast-check';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, LIVE_NAMESPACE, PROTOCOL_VERSION } from '../../shared/live/protocol';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import { spawnBridge, type BridgeProcess } from '../support/processes';
import { connectScreen, waitFor, type Screen } from '../support/screen';
import { freshAccount, signIn, simPost, startSim, type Simulator } from '../support/stack';

/** socket.io's own names and EventEmitter's: a screen must not reach them either. */
const RESERVED = ['error', 'disconnect', 'disconnecting', 'newListener', 'removeListener', 'connect'];
/** The reserved names socket.io's parser itself refuses, by closing the connection. */
const PARSER_REFUSED = RESERVED.filter((n) => n !== 'error');
/** Names that reach the bridge's own guard. */
const PROTOTYPE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), 'error'];

let sim: Simulator;
let bridge: BridgeProcess;
let ownerCookie: string;
let otherCookie: string;
let otherAgency: string;
const victims: Screen[] = [];

beforeAll(async () => {
  sim = await startSim();
  bridge = await spawnBridge({
    UPSTREAM_URL: sim.url,
    POLL_MS: '200',
    FEED_GRACE_MS: '300',
    RECORD_AGENCIES: 'off',
    AUDIT_FILE: join(tmpdir(), `dlp-hostile-${process.pid}.log`),
    // The rate limits would drop most packets before a handler sees them; this test is about
    // what reaches the handlers.
    LIVE_RATE_SCALE: '10000',
    LOG_LEVEL: 'fatal',
  });
  const owner = await signIn(bridge.url, 'owner', 'owner123');
  ownerCookie = owner.cookie;
  const other = await signIn(bridge.url, 'multi', 'multi123');
  otherCookie = other.cookie;
  otherAgency = [...visibleAgencies(other.profile as never)].find((a) => a !== owner.profile.agencyId)!;
}, 90_000);

afterAll(async () => {
  for (const v of victims) v.close();
  await bridge?.kill('SIGTERM');
  await sim?.close();
});

/** One raw socket.io packet on the live namespace, as the wire carries it. */
type RawPacket = { frame: string } | { frame: string; binary: Uint8Array };

const eventName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES, ...PARSER_REFUSED) },
  { weight: 2, arbitrary: fc.constantFrom(...CLIENT_EVENTS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(null), fc.object({ maxDepth: 1 })) },
);
const payload = fc.oneof(
  fc.anything({ maxDepth: 3, maxKeys: 6 }),
  fc.record({ feed: fc.string(), agencyId: fc.string(), since: fc.anything({ maxDepth: 1 }) }),
  fc.record({ action: fc.string(), value: fc.anything({ maxDepth: 1 }), recording: fc.string() }),
  fc.constantFrom({ __proto__: { polluted: true } }, { constructor: { prototype: { x: 1 } } }),
);
const packet: fc.Arbitrary<RawPacket> = fc.oneof(
  {
    weight: 20,
    arbitrary: fc
      .tuple(eventName, fc.array(payload, { maxLength: 3 }), fc.option(fc.nat({ max: 1e6 })))
      .map(([name, args, ackId]) => ({
        frame: `2${LIVE_NAMESPACE},${ackId ?? ''}${JSON.stringify([name, ...args])}`,
      })),
  },
  {
    // A binary attachment in place of the subscribe's request.
    weight: 2,
    arbitrary: fc.tuple(eventName, fc.uint8Array({ maxLength: 64 })).map(([name, bytes]) => ({
      frame: `51-${LIVE_NAMESPACE},${JSON.stringify([name, { _placeholder: true, num: 0 }])}`,
      binary: bytes,
    })),
  },
  // Broken frames, acks for nothing, other namespaces, and frames over the size cap.
  { weight: 1, arbitrary: fc.string({ maxLength: 80 }).map((s) => ({ frame: s })) },
  { weight: 1, arbitrary: fc.nat().map((id) => ({ frame: `3${LIVE_NAMESPACE},${id}["x"]` })) },
  { weight: 1, arbitrary: eventName.map((n) => ({ frame: `2/nope,${JSON.stringify([n])}` })) },
  {
    weight: 1,
    arbitrary: fc.nat({ max: 40_000 }).map((n) => ({
      frame: `2${LIVE_NAMESPACE},${JSON.stringify(['subscribe', 'x'.repeat(16 * 1024 + n)])}`,
    })),
  },
);

/** The attacker's screen; a broken or oversized frame closes it, so it is opened again as needed. */
let attacker: Socket | null = null;
async function attackerSocket(): Promise<Socket> {
  if (attacker?.connected) return attacker;
  attacker?.close();
  const s = io(`${bridge.url}${LIVE_NAMESPACE}`, {
    transports: ['websocket'],
    extraHeaders: { cookie: ownerCookie },
    auth: { protocol: PROTOCOL_VERSION },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  attacker = s;
  return s;
}

let sent = 0;
async function send(packets: RawPacket[]) {
  for (const p of packets) {
    const s = await attackerSocket();
    // The engine carries socket.io's encoded packets; writing to it skips the client's own checks.
    s.io.engine.write(p.frame);
    if ('binary' in p) s.io.engine.write(p.binary as never);
    sent++;
  }
  // Let the bridge read the batch before it is judged.
  await new Promise((r) => setTimeout(r, 50));
}

async function healthy(): Promise<boolean> {
  if (bridge.child.exitCode !== null || bridge.child.signalCode !== null) return false;
  const res = await fetch(`${bridge.url}/healthz`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
  return res?.ok ?? false;
}

describe('a hostile screen cannot stop the bridge', () => {
  it('every Object.prototype member and "error" as an event is refused and the screen that sent it is still served', async () => {
    const screen = await attackerSocket();
    await send(PROTOTYPE_NAMES.map((n) => ({ frame: `2${LIVE_NAMESPACE},${JSON.stringify([n])}` })));
    await send(
      PROTOTYPE_NAMES.map((n, i) => ({ frame: `2${LIVE_NAMESPACE},${i}${JSON.stringify([n, {}])}` })),
    );
    expect(await healthy(), bridge.output()).toBe(true);
    // The same socket, never reopened: a subscribe on it is answered.
    expect(await attackerSocket()).toBe(screen);
    const ack = (await screen
      .timeout(10_000)
      .emitWithAck('subscribe', { feed: 'alarms', agencyId: 'not-mine' })) as { ok: boolean };
    expect(ack.ok).toBe(false);
  });

  it('a reserved name as an event closes only the screen that sent it, and the process serves the next', async () => {
    // socket.io's parser refuses these names by closing the connection; each frame goes on a
    // socket of its own, and the test waits for the close rather than guessing how long it takes.
    for (const name of PARSER_REFUSED) {
      const screen = await attackerSocket();
      const closed = new Promise<void>((resolve) => screen.once('disconnect', () => resolve()));
      await send([{ frame: `2${LIVE_NAMESPACE},1${JSON.stringify([name, {}])}` }]);
      await closed;
      expect(await healthy(), bridge.output()).toBe(true);
    }
    const next = await attackerSocket();
    const ack = (await next
      .timeout(10_000)
      .emitWithAck('subscribe', { feed: 'alarms', agencyId: 'not-mine' })) as { ok: boolean };
    expect(ack.ok).toBe(false);
  });

  it('thousands of random packets and frames leave it serving other dealers', async () => {
    const victim = connectScreen(bridge.url, otherCookie);
    victims.push(victim);
    await victim.connected();
    const ref = { feed: 'alarms' as const, agencyId: otherAgency };
    expect((await victim.subscribe(ref)).ok).toBe(true);
    await waitFor('the victim screen has its snapshot', () => victim.cursor(ref) !== null);

    const before = sent;
    await fc.assert(
      fc.asyncProperty(fc.array(packet, { minLength: 200, maxLength: 400 }), async (batch) => {
        await send(batch);
        return healthy();
      }),
      { numRuns: 15, seed: Number(process.env.HOSTILE_SEED ?? 21), endOnFailure: true },
    );
    expect(sent - before).toBeGreaterThan(3_000);

    // Another dealer's screen kept its feed through it all: its new alarm arrives.
    const created = (await simPost(sim, '/_sim/signals', {
      csNo: await freshAccount(sim, otherAgency),
      eventId: 'B',
    })) as { alarm?: { id: string | number } };
    const alarmId = String(created.alarm!.id);
    await waitFor('the other dealer sees its new alarm', () => victim.rows(ref).has(alarmId), 15_000);
    expect(victim.stats.gaps).toBe(0);
    expect(await healthy()).toBe(true);
  }, 240_000);
});
