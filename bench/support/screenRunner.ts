/**
 * A child process that holds many screens (or baseline pollers) for a benchmark, so that the
 * bridge and its screens do not share a CPU thread. Driven over IPC by `runner.ts`.
 */
import { connectScreen, type Screen } from '../../tests/support/screen';
// NOTE: tsx maps stack traces to the sources; the thousands of connection errors of a reconnect
// storm would each pay for it, which a browser tab does not.
process.setSourceMapsEnabled(false);
import type { DeltaMessage, FeedRef } from '../../shared/live/protocol';
import { Arrivals } from './arrivals';
import { fingerprint } from './fingerprint';
import { LightScreen, RawScreen } from './lightScreen';
import { pollAllOnce, startPollers, type PollerSpec } from './pollers';
import { wallNow } from './report';
import { LiveClients } from './liveClients';

export interface ScreenGroup {
  cookie: string;
  refs: FeedRef[];
  count: number;
}

const arrivals = new Arrivals();
const light: LightScreen[] = [];
const raw: RawScreen[] = [];
const sio: Screen[] = [];
const clients = new LiveClients();
let pollers: ReturnType<typeof startPollers> | null = null;

/** Runs `make` for `total` items, at most `concurrency` at a time; counts failures. */
async function inBatches(total: number, concurrency: number, make: (i: number) => Promise<void>) {
  let next = 0;
  let failed = 0;
  let firstError = '';
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) {
        const i = next++;
        try {
          await make(i);
        } catch (e) {
          failed++;
          firstError ||= (e as Error).message;
        }
      }
    }),
  );
  return { failed, firstError };
}

function expand(groups: ScreenGroup[]) {
  return groups.flatMap((g) => Array.from({ length: g.count }, () => g));
}

const handlers: Record<string, (a: never) => unknown> = {
  async 'light.connect'(a: { url: string; groups: ScreenGroup[]; concurrency?: number }) {
    const list = expand(a.groups);
    const started = wallNow();
    const r = await inBatches(list.length, a.concurrency ?? 64, async (i) => {
      const s = new LightScreen({
        url: a.url,
        cookie: list[i].cookie,
        onDelta: (_s, x) => arrivals.add(x, () => x.text),
      });
      light.push(s);
      await s.connected();
      for (const ref of list[i].refs) {
        const ack = (await s.subscribe(ref)) as { ok: boolean; error?: { message: string } };
        if (!ack.ok) throw new Error(`subscribe refused: ${ack.error?.message}`);
      }
    });
    return { screens: list.length, ms: wallNow() - started, ...r };
  },
  async 'raw.connect'(a: { url: string; count: number; concurrency?: number }) {
    const started = wallNow();
    const r = await inBatches(a.count, a.concurrency ?? 64, async () => {
      const s = new RawScreen(a.url, (x) => arrivals.add(x, () => x.text));
      raw.push(s);
      await s.connected();
    });
    return { screens: a.count, ms: wallNow() - started, ...r };
  },
  async 'sio.connect'(a: { url: string; groups: ScreenGroup[]; concurrency?: number }) {
    const list = expand(a.groups);
    const started = wallNow();
    const r = await inBatches(list.length, a.concurrency ?? 32, async (i) => {
      const s = connectScreen(a.url, list[i].cookie);
      // NOTE: onAny runs before the screen's own handlers, so the time is the arrival time.
      s.socket.onAny((event: string, m: DeltaMessage) => {
        if (event !== 'delta') return;
        const t = wallNow();
        const key = `${m.feed}:${m.agencyId}`;
        // The frame's size, computed once per delta (`42/live,` + the encoded event).
        const bytes = arrivals.get(key, m.seq) ? 0 : 8 + Buffer.byteLength(JSON.stringify(['delta', m]));
        arrivals.add({ key, seq: m.seq, t, bytes }, () =>
          JSON.stringify({ at: m.at, ids: [...m.upserts.map((u) => String(u.id)), ...m.removes] }),
        );
      });
      sio.push(s);
      await s.connected();
      for (const ref of list[i].refs) {
        const ack = await s.subscribe(ref);
        if (!ack.ok) throw new Error(`subscribe refused: ${ack.error.message}`);
      }
    });
    return { screens: list.length, ms: wallNow() - started, ...r };
  },
  async 'client.connect'(a: { url: string; groups: ScreenGroup[]; concurrency?: number }) {
    const list = expand(a.groups);
    const started = wallNow();
    const r = await inBatches(list.length, a.concurrency ?? 32, (i) =>
      clients.open(a.url, list[i].cookie, list[i].refs),
    );
    return { screens: list.length, ms: wallNow() - started, ...r };
  },
  'client.waitLive': (a: { timeoutMs: number }) => clients.waitLive(a.timeoutMs),
  'client.report': (a: { since: number }) => clients.report(a.since),
  'client.fingerprints': () => clients.fingerprints(),
  'arrivals.complete': async (a: { key: string; after: number; expected: number; timeoutMs: number }) => {
    const until = Date.now() + a.timeoutMs;
    for (;;) {
      const c = arrivals.complete(a.key, a.after, a.expected);
      if (c) return c;
      if (Date.now() > until) return null;
      await new Promise((r) => setTimeout(r, 5));
    }
  },
  'arrivals.list': (a: { key: string }) => arrivals.list(a.key),
  'arrivals.get': (a: { key: string; seq: number }) => arrivals.get(a.key, a.seq),
  'arrivals.keys': () => arrivals.keys(),
  'arrivals.clear': () => arrivals.clear(),
  /** Delta messages per screen per feed, as min/max/total over the screens. */
  counts: () => {
    const out: Record<string, { screens: number; min: number; max: number; total: number }> = {};
    const all = [...light.map((s) => s.counts), ...sio.map((s) => countsOf(s))];
    const keys = new Set(all.flatMap((m) => [...m.keys()]));
    for (const k of keys) {
      const v = all.map((m) => m.get(k) ?? 0);
      out[k] = {
        screens: v.length,
        min: Math.min(...v),
        max: Math.max(...v),
        total: v.reduce((x, y) => x + y, 0),
      };
    }
    return out;
  },
  /** Sequence checks over the light screens: gaps, duplicates, and deltas per screen (every feed). */
  'light.gaps': () => {
    let gaps = 0;
    let duplicates = 0;
    let deltasMin = Infinity;
    let deltasMax = 0;
    for (const s of light) {
      gaps += s.gaps;
      duplicates += s.duplicates;
      let n = 0;
      for (const c of s.counts.values()) n += c;
      deltasMin = Math.min(deltasMin, n);
      deltasMax = Math.max(deltasMax, n);
    }
    return { screens: light.length, gaps, duplicates, deltasMin: light.length ? deltasMin : 0, deltasMax };
  },
  'counts.reset': () => {
    for (const s of light) s.counts.clear();
    for (const s of sio) s.stats.deltaSeqs.clear();
  },
  /** Feed fingerprints over the socket.io screens: how many screens hold each distinct state. */
  'sio.fingerprints': () => {
    const out: Record<string, Record<string, number>> = {};
    for (const s of sio) {
      for (const [k, r] of s.replicas) {
        const fp = fingerprint(r.rows.values());
        (out[k] ??= {})[fp] = (out[k][fp] ?? 0) + 1;
      }
    }
    return out;
  },
  'sio.stats': () => ({
    gaps: sio.reduce((n, s) => n + s.stats.gaps, 0),
    duplicates: sio.reduce((n, s) => n + s.stats.duplicates, 0),
    snapshots: sio.reduce((n, s) => n + s.stats.snapshots, 0),
  }),
  'poll.start': (a: { pollers: PollerSpec[]; periodMs: number; recordIds: boolean }) => {
    pollers = startPollers(a.pollers, a.periodMs, a.recordIds);
    return { pollers: a.pollers.length };
  },
  'poll.once': (a: { pollers: PollerSpec[] }) => pollAllOnce(a.pollers),
  'poll.stop': async () => (pollers ? await pollers.stop() : []),
  mem: () => process.memoryUsage(),
  close: async () => {
    for (const s of light) s.close();
    for (const s of raw) s.close();
    for (const s of sio) s.close();
    clients.close();
    light.length = raw.length = sio.length = 0;
    return true;
  },
};

function countsOf(s: Screen): Map<string, number> {
  return new Map([...s.stats.deltaSeqs].map(([k, v]) => [k, v.length]));
}

process.on('message', async (msg: { id: number; cmd: string; args: unknown }) => {
  const h = handlers[msg.cmd];
  try {
    if (!h) throw new Error(`unknown command ${msg.cmd}`);
    const result = await h(msg.args as never);
    process.send!({ id: msg.id, ok: true, result });
  } catch (e) {
    process.send!({ id: msg.id, ok: false, error: (e as Error).stack ?? String(e) });
  }
});
process.on('disconnect', () => process.exit(0));
