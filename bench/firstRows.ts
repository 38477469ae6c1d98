/**
 * First rows of a large agency (issue 14): a cold event-history feed whose 24 h window holds about
 * 100,000 rows. A screen subscribes; measured: subscribe to its first snapshot (the newest rows),
 * and to the whole window held (the status that drops `loadingOlder`), with every row of the
 * window equal to the simulator's truth; meanwhile a screen of a second large agency subscribes
 * and its first snapshot is timed too (it must not wait behind the first agency's older pages).
 * Baseline, same run and simulator: reading the whole window page by page (500 a page, parsed and
 * validated) before a first snapshot, as the bridge did. The bridge runs in this process.
 * Usage: npm run bench:firstRows -- [--rows 100000] [--poll-ms 1000]
 */
import { io, type Socket } from 'socket.io-client';
import { startBridge } from '../server/app/bridge';
import { loadConfig } from '../server/config/bridgeConfig';
import { createFeedReplica } from '../shared/live/feedReplica';
import {
  LIVE_NAMESPACE,
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../shared/live/protocol';
import { envelopeSchema } from '../shared/upstream/envelope';
import { eventLogRowSchema, eventLogsRequest, eventLogsResultSchema } from '../shared/upstream/eventLogRow';
import { benchSignIn, startBenchSim } from './support/benchSim';
import { jsonLine, machine, machineAtStart, numFlag, section, sleep, verdict } from './support/report';

const ROWS = numFlag('rows', 100_000);
const POLL_MS = numFlag('poll-ms', 1000);

/** Reads the agency's whole 24 h window from the upstream, 500 rows a page, as the old first load did. */
async function readWholeWindow(url: string, session: string, agencyId: string) {
  const started = performance.now();
  const result = eventLogsResultSchema(eventLogRowSchema());
  let rows = 0;
  let pages = 0;
  for (let page = 1; ; page++) {
    const res = await fetch(`${url}/AlarmBuffer/GetEventLogs?CurentsessionId=${session}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: session },
      body: JSON.stringify(
        eventLogsRequest({
          session,
          agencyId,
          dueValue: 1,
          page,
          count: 500,
          sortColumn: 'eventDate',
          installServcoType: 'D',
        }),
      ),
    });
    const list = result.parse(envelopeSchema().parse(JSON.parse(await res.text())).result).eventLogList;
    pages++;
    rows += list.length;
    if (list.length < 500) break;
  }
  return { ms: performance.now() - started, rows, pages };
}

/** One screen on one agency's event history: when its first snapshot came, and when the window was whole. */
function watchHistory(bridgeUrl: string, cookie: string, agencyId: string) {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(`${bridgeUrl}${LIVE_NAMESPACE}`, {
    transports: ['websocket'],
    extraHeaders: { cookie },
    auth: { protocol: PROTOCOL_VERSION },
    reconnection: false,
    forceNew: true,
  });
  const replica = createFeedReplica();
  const out = {
    subscribedAt: 0,
    snapshotMs: -1,
    snapshotRows: 0,
    snapshotLoadingOlder: false,
    wholeMs: -1,
    deltas: 0,
    gaps: 0,
  };
  let resolveWhole: () => void = () => {};
  const whole = new Promise<void>((r) => (resolveWhole = r));
  socket.on('snapshot', (m) => {
    if (out.snapshotMs < 0) {
      out.snapshotMs = performance.now() - out.subscribedAt;
      out.snapshotRows = m.rows.length;
      out.snapshotLoadingOlder = m.loadingOlder === true;
    }
    replica.snapshot(m);
    if (!m.loadingOlder && !m.restFollows) {
      out.wholeMs = performance.now() - out.subscribedAt;
      resolveWhole();
    }
  });
  socket.on('snapshot.rest', (m) => {
    replica.rest(m);
    if (out.wholeMs < 0 && !out.snapshotLoadingOlder) {
      out.wholeMs = performance.now() - out.subscribedAt;
      resolveWhole();
    }
  });
  socket.on('delta', (m) => {
    out.deltas++;
    if (replica.delta(m) === 'gap') out.gaps++;
  });
  socket.on('status', (m) => {
    if (replica.status(m) === 'gap') out.gaps++;
    if (out.snapshotMs >= 0 && out.wholeMs < 0 && !m.loadingOlder) {
      out.wholeMs = performance.now() - out.subscribedAt;
      resolveWhole();
    }
  });
  return {
    out,
    replica,
    whole,
    async subscribe() {
      await new Promise<void>((r) => socket.on('connect', () => r()));
      out.subscribedAt = performance.now();
      replica.beginSync(false);
      socket.emit('subscribe', { feed: 'events', agencyId });
    },
    close: () => socket.close(),
  };
}

async function main() {
  const started = Date.now();
  console.log(`firstRows: ${ROWS} rows in the 24 h window of two agencies, POLL_MS ${POLL_MS}`);
  console.log(JSON.stringify(await machineAtStart()));
  const bs = await startBenchSim({
    agencies: 3,
    sitesPerAgency: 3000,
    historyDays: 1,
    historyPerAgencyPerDay: ROWS,
  });
  const [big, other] = bs.dealers;
  const session = await bs.upstreamLogin(0);
  const baseline = await readWholeWindow(bs.url, session, big);
  console.log(
    `baseline read: ${baseline.rows} rows in ${baseline.pages} pages, ${baseline.ms.toFixed(0)} ms`,
  );

  const bridge = await startBridge(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      UPSTREAM_URL: bs.url,
      LOG_LEVEL: 'silent',
      POLL_MS: String(POLL_MS),
      FEED_RECONCILE_MS: '600000',
    }),
    { clientDir: null },
  );
  const a = await benchSignIn(bridge.url, 0);
  const b = await benchSignIn(bridge.url, 1);
  const first = watchHistory(bridge.url, a.cookie, big);
  await first.subscribe();
  // The second agency subscribes while the first one's older pages are being read.
  await sleep(1500);
  const second = watchHistory(bridge.url, b.cookie, other);
  await second.subscribe();
  await Promise.race([Promise.all([first.whole, second.whole]), sleep(300_000)]);
  const truth = await bs.truth(big, 'events');
  const truthIds = new Set(truth.map((r) => String(r.id)));
  const held = first.replica.rows;
  // NOTE: the bridge cuts its window at its last poll's clock; rows in the first minute of the
  // simulator's window may fall either side of that cut, so they are counted apart.
  const edge = Date.now() - 24 * 3_600_000 + 60_000;
  let missing = 0;
  let missingAtEdge = 0;
  for (const r of truth)
    if (!held.has(String(r.id))) {
      if (Date.parse(String(r.eventDateTime ?? r.eventDate)) < edge) missingAtEdge++;
      else missing++;
    }
  let extra = 0;
  for (const id of held.keys()) if (!truthIds.has(id)) extra++;
  first.close();
  second.close();
  await bridge.close();
  await bs.close();

  const targets = {
    firstRowsLe1s: verdict(first.out.snapshotMs >= 0 && first.out.snapshotMs <= 1000),
    otherAgencyFirstRowsLe1s: verdict(second.out.snapshotMs >= 0 && second.out.snapshotMs <= 1000),
    wholeWindowEqualsTruth: verdict(
      first.out.wholeMs >= 0 && missing === 0 && extra === 0 && first.out.gaps === 0,
    ),
  };
  section(`cold feed, ${baseline.rows} rows in the window`, {
    'subscribe to first snapshot (ms)': Number(first.out.snapshotMs.toFixed(0)),
    'rows in it / loadingOlder': `${first.out.snapshotRows} / ${first.out.snapshotLoadingOlder}`,
    'subscribe to whole window held (ms)': Number(first.out.wholeMs.toFixed(0)),
    'deltas that brought the older rows': first.out.deltas,
    'rows held vs truth: missing / extra / gaps': `${missing} / ${extra} / ${first.out.gaps}`,
    "not held in the window's first minute (the cut's clock)": missingAtEdge,
    'second agency, subscribed 1.5 s later: first snapshot (ms)': Number(second.out.snapshotMs.toFixed(0)),
    'second agency: whole window held (ms)': Number(second.out.wholeMs.toFixed(0)),
    'baseline: whole window read before a first snapshot (ms)': Number(baseline.ms.toFixed(0)),
    'first rows vs baseline': `${(baseline.ms / Math.max(1, first.out.snapshotMs)).toFixed(1)}x sooner`,
    targets,
  });
  console.log(
    `\nconditions: bridge and simulator in this process; took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  jsonLine('firstRows', {
    machine: machine(),
    rows: ROWS,
    pollMs: POLL_MS,
    windowRows: baseline.rows,
    first: first.out,
    second: second.out,
    missing,
    missingAtEdge,
    extra,
    baseline,
    targets,
  });
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
