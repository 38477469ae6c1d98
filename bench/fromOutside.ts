/**
 * Signal to screen against a bridge that is already running, measured from outside as a browser
 * sees it: this process imports no server code. It signs in as demo users through the bridge's
 * own API (POST /api/session, the cookie a browser would keep), opens socket.io screens on the
 * live namespace, subscribes to the active alarms and event history of every dealer agency each
 * user may see, injects signals with the simulator's control API (POST /_sim/signals) and times
 * when the new row reaches the last screen. The baseline printed beside it is the delivery part
 * alone: from the end of the poll that found the row (the delta's `at`, the bridge's clock, the
 * same machine) to the last screen; the rest is waiting for that poll.
 * Run `npm start` in one terminal (6 simulated agencies, bridge on 8080, simulator on 8090), then:
 *   npm run bench:fromOutside -- [--url http://127.0.0.1:8080] [--sim-url http://127.0.0.1:8090]
 *     [--users owner:owner123,multi:multi123] [--screens 2] [--signals 30] [--runs 3]
 * Target: p50 <= 300 ms from the signal to the last screen.
 */
import { io, type Socket } from 'socket.io-client';
import {
  LIVE_NAMESPACE,
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type DeltaMessage,
  type ServerToClientEvents,
  type SubscribeAck,
} from '../shared/live/protocol';
import {
  flag,
  jsonLine,
  machine,
  machineAtStart,
  numFlag,
  section,
  sleep,
  summary,
  verdict,
} from './support/report';

const URL_ = flag('url', 'http://127.0.0.1:8080');
const SIM_URL = flag('sim-url', 'http://127.0.0.1:8090');
const USERS = flag('users', 'owner:owner123,multi:multi123')
  .split(',')
  .map((u) => u.split(':') as [string, string]);
const SCREENS = numFlag('screens', 2);
const SIGNALS = numFlag('signals', 30);
const RUNS = numFlag('runs', 3);
const P50_TARGET_MS = 300;
const WAIT_MS = 10_000;

type Feed = 'events' | 'alarms';
type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Where each row id first reached each screen, and the `at` of the delta that carried it. */
interface Seen {
  at: number;
  times: Map<number, number>;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(username: string, password: string): Promise<string> {
  const res = await fetch(`${URL_}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(URL_).origin },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

function openScreen(cookie: string, screen: number, seen: Map<string, Seen>): Promise<LiveSocket> {
  const socket: LiveSocket = io(`${URL_}${LIVE_NAMESPACE}`, {
    transports: ['websocket'],
    extraHeaders: { cookie, origin: new URL(URL_).origin },
    auth: { protocol: PROTOCOL_VERSION },
    reconnection: false,
    forceNew: true,
  });
  socket.on('delta', (m: DeltaMessage) => {
    const t = Date.now();
    for (const row of m.upserts) {
      const key = `${m.feed}:${String(row.id)}`;
      let s = seen.get(key);
      if (!s) seen.set(key, (s = { at: m.at, times: new Map() }));
      if (!s.times.has(screen)) s.times.set(screen, t);
    }
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const subscribe = (socket: LiveSocket, feed: Feed, agencyId: string) =>
  new Promise<SubscribeAck>((resolve) => socket.emit('subscribe', { feed, agencyId }, resolve));

async function main() {
  const started = Date.now();
  console.log(
    `from outside: bridge ${URL_}, simulator ${SIM_URL}; users ${USERS.map((u) => u[0]).join(', ')}, ${SCREENS} screens each; ${RUNS} runs of ${SIGNALS} signals`,
  );
  console.log(JSON.stringify(await machineAtStart()));
  const world = await json<{ agencies: { agencyId: string; type: string }[] }>(
    await fetch(`${SIM_URL}/_sim/world`),
  );
  const dealers = world.agencies.filter((a) => a.type !== 'C').map((a) => a.agencyId);

  // Screens: each user's screens subscribe to both feeds of every dealer agency the user may see.
  const seen = new Map<string, Seen>();
  const sockets: LiveSocket[] = [];
  const screensOf = new Map<string, number>();
  for (const [username, password] of USERS) {
    const cookie = await signIn(username, password);
    for (let i = 0; i < SCREENS; i++) {
      const socket = await openScreen(cookie, sockets.length, seen);
      sockets.push(socket);
      for (const agencyId of dealers) {
        const acks = await Promise.all(
          (['events', 'alarms'] as const).map((f) => subscribe(socket, f, agencyId)),
        );
        if (acks.every((a) => a.ok)) screensOf.set(agencyId, (screensOf.get(agencyId) ?? 0) + 1);
      }
    }
  }
  const agencies = [...screensOf.keys()];
  if (agencies.length === 0) throw new Error('no agency could be subscribed to');
  // Accounts to signal, per agency, from the simulator's own rows.
  const accounts = new Map<string, string[]>();
  for (const agencyId of agencies) {
    const truth = await json<{ rows: { cS_: string }[] }>(
      await fetch(`${SIM_URL}/_sim/truth?agencyId=${agencyId}&feed=events`),
    );
    accounts.set(agencyId, [...new Set(truth.rows.map((r) => r.cS_))]);
  }
  console.log(`agencies on screen: ${agencies.map((a) => `${a} (${screensOf.get(a)} screens)`).join(', ')}`);
  await sleep(1000);

  const runs = [];
  let k = 0;
  for (let run = 1; run <= RUNS; run++) {
    const sent: { agencyId: string; t0: number; ids: Partial<Record<Feed, string>> }[] = [];
    for (let i = 0; i < SIGNALS; i++) {
      await sleep(150 + Math.random() * 350);
      const agencyId = agencies[k % agencies.length];
      const list = accounts.get(agencyId)!;
      const csNo = list[Math.floor(k / agencies.length) % list.length];
      k++;
      const t0 = Date.now();
      const res = await json<{ event: { id: unknown }; alarm?: { id: unknown } }>(
        await fetch(`${SIM_URL}/_sim/signals`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ csNo, eventId: 'B' }),
        }),
      );
      sent.push({
        agencyId,
        t0,
        ids: { events: String(res.event.id), ...(res.alarm ? { alarms: String(res.alarm.id) } : {}) },
      });
    }
    await sleep(3000);
    const deadline = Date.now() + WAIT_MS;
    const last: Record<Feed, number[]> = { events: [], alarms: [] };
    const delivery: number[] = [];
    let missed = 0;
    for (const s of sent)
      for (const feed of ['events', 'alarms'] as const) {
        const id = s.ids[feed];
        if (!id) continue;
        const want = screensOf.get(s.agencyId)!;
        let hit = seen.get(`${feed}:${id}`);
        while ((!hit || hit.times.size < want) && Date.now() < deadline) {
          await sleep(50);
          hit = seen.get(`${feed}:${id}`);
        }
        if (!hit || hit.times.size < want) {
          missed++;
          continue;
        }
        const lastAt = Math.max(...hit.times.values());
        last[feed].push(lastAt - s.t0);
        delivery.push(lastAt - hit.at);
      }
    const r = {
      signals: sent.length,
      missed,
      lastScreen: summary([...last.alarms, ...last.events]),
      alarms: summary(last.alarms),
      events: summary(last.events),
      baselineDelivery: summary(delivery),
    };
    runs.push(r);
    section(`run ${run}`, {
      'signal to last screen (ms), both feeds': r.lastScreen,
      '  active alarms': r.alarms,
      '  event history': r.events,
      'baseline: end of poll to last screen (ms)': r.baselineDelivery,
      'signals / rows missed': `${r.signals} / ${r.missed}`,
    });
  }
  for (const s of sockets) s.disconnect();
  const worst = {
    p50: Math.max(...runs.map((r) => r.lastScreen.p50)),
    p99: Math.max(...runs.map((r) => r.lastScreen.p99)),
    alarmsP50: Math.max(...runs.map((r) => r.alarms.p50)),
    deliveryP50: Math.max(...runs.map((r) => r.baselineDelivery.p50)),
    missed: runs.reduce((n, r) => n + r.missed, 0),
  };
  section(`worst of ${RUNS} runs`, {
    [`signal to last screen p50 <= ${P50_TARGET_MS} ms, both feeds`]: `${verdict(worst.p50 <= P50_TARGET_MS)} (${worst.p50}; p99 ${worst.p99})`,
    '  active alarms only': `${verdict(worst.alarmsP50 <= P50_TARGET_MS)} (${worst.alarmsP50})`,
    'no row missed': verdict(worst.missed === 0),
  });
  console.log(
    `\nconditions: an already running bridge and simulator; clocks: this machine's; took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  jsonLine('fromOutside', {
    machine: machine(),
    url: URL_,
    simUrl: SIM_URL,
    screens: sockets.length,
    runs,
    worst,
  });
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
