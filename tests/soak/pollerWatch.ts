import { Redis } from 'ioredis';
import type { FeedRef } from '../../shared/live/protocol';

const key = (r: FeedRef) => `${r.feed}:${r.agencyId}`;

/** A feed's committed position and freshness, as the poller last wrote them to Redis. */
export interface FeedPosition {
  epoch: string;
  seq: number;
  stale: boolean;
  lastPollAt: number;
}

export interface PollObservation {
  t: number;
  bridge: number;
  ok: boolean;
}

interface FeedWatch {
  /** Lease owner (a bridge process id) at the last sample; null when nobody held it. */
  owner: string | null;
  lastOwner: string | null;
  /** Times the lease went from one process to another. */
  ownerChanges: number;
  unownedSince: number | null;
  /** Periods in which nobody held the lease (nobody polled). */
  unowned: { from: number; to: number }[];
  polls: PollObservation[];
}

/**
 * Samples, every `everyMs`, who may poll each feed and who did: the lease keys and committed feed
 * positions in Redis (`{prefix}lease:{feed}:{agency}`, `{prefix}feed:{feed}:{agency}:meta`), and
 * each bridge's /metrics: `bridge_feeds{feed}` (feeds it believes it polls) and
 * `bridge_polls_total{feed,agency}` (polls it made).
 */
export function createPollerWatch(o: {
  redisUrl: string;
  prefix: string;
  bridgeUrls: string[];
  feeds: FeedRef[];
  everyMs?: number;
}) {
  const everyMs = o.everyMs ?? 250;
  const redis = new Redis(o.redisUrl, {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    connectTimeout: 500,
    retryStrategy: () => 200,
  });
  redis.on('error', () => {});
  const feeds = new Map<string, FeedWatch>(
    o.feeds.map((f) => [
      key(f),
      { owner: null, lastOwner: null, ownerChanges: 0, unownedSince: null, unowned: [], polls: [] },
    ]),
  );
  /** Committed position of each feed at the last sample. */
  const positions = new Map<string, FeedPosition>();
  const lastCounters = o.bridgeUrls.map(() => new Map<string, number>());
  /** Each bridge's process start time at the last sample: a new one means its counters restarted. */
  const startedAt = o.bridgeUrls.map((): string | null => null);
  /** Consecutive samples in which the bridges together believed they held more feeds than exist. */
  let overHeldRun = 0;
  let overHeldLongestRun = 0;
  const heldPerKind = { events: 0, alarms: 0, maxEvents: 0, maxAlarms: 0 };
  const agencies = new Set(o.feeds.map((f) => f.agencyId)).size;
  let overHeldSamples = 0;
  const overHeld: { t: number; held: string }[] = [];
  let samples = 0;
  let redisMisses = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  async function sampleRedis(now: number) {
    const p = redis.pipeline();
    for (const k of feeds.keys()) {
      p.get(`${o.prefix}lease:${k}`);
      p.hmget(`${o.prefix}feed:${k}:meta`, 'epoch', 'seq', 'stale', 'lastPollAt');
    }
    const res = await p.exec();
    if (!res) throw new Error('no answer');
    let i = 0;
    for (const [k, f] of feeds) {
      const owner = (res[i++][1] as string | null) ?? null;
      const [epoch, seq, stale, lastPollAt] = res[i++][1] as (string | null)[];
      if (epoch && seq != null)
        positions.set(k, {
          epoch,
          seq: Number(seq),
          stale: stale === '1',
          lastPollAt: lastPollAt ? Number(lastPollAt) : 0,
        });
      else positions.delete(k);
      if (owner !== f.owner) {
        if (owner === null) f.unownedSince ??= now;
        else {
          if (f.unownedSince != null) f.unowned.push({ from: f.unownedSince, to: now });
          f.unownedSince = null;
          if (f.lastOwner !== null && f.lastOwner !== owner) f.ownerChanges++;
          f.lastOwner = owner;
        }
        f.owner = owner;
      }
    }
  }

  async function sampleBridge(b: number, now: number) {
    const res = await fetch(`${o.bridgeUrls[b]}/metrics`, { signal: AbortSignal.timeout(1000) });
    const text = await res.text();
    const held = { events: 0, alarms: 0 };
    // NOTE: counters restart only with the process. A sample that timed out (a busy bridge) must
    // not reset them: the next one would then count every poll the bridge ever made, on every feed
    // it ever polled, as made just now (phantom polls that looked like two pollers at once).
    const start = /^process_start_time_seconds (\S+)/m.exec(text)?.[1] ?? null;
    if (start !== startedAt[b]) {
      if (startedAt[b] !== null) lastCounters[b].clear();
      startedAt[b] = start;
    }
    for (const line of text.split('\n')) {
      let m = /^bridge_feeds\{feed="(events|alarms)"\} (\S+)/.exec(line);
      if (m) {
        held[m[1] as 'events' | 'alarms'] = Number(m[2]);
        continue;
      }
      m = /^bridge_polls_total\{(.*)\} (\S+)/.exec(line);
      if (!m) continue;
      const labels = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
      const fk = `${labels.feed}:${labels.agency}`;
      const counter = `${fk}:${labels.outcome}`;
      const value = Number(m[2]);
      const before = lastCounters[b].get(counter) ?? 0;
      lastCounters[b].set(counter, value);
      // A restarted bridge starts its counters at zero again.
      const polled = value < before ? value : value - before;
      if (polled > 0) feeds.get(fk)?.polls.push({ t: now, bridge: b, ok: labels.outcome === 'ok' });
    }
    return held;
  }

  async function sample() {
    const now = Date.now();
    await sampleRedis(now).catch(() => {
      // Redis is away: no process can hold a lease, so nobody polls, and no position is known.
      redisMisses++;
      positions.clear();
      for (const f of feeds.values()) {
        f.owner = null;
        f.unownedSince ??= now;
      }
    });
    const held = await Promise.all(
      o.bridgeUrls.map((_, b) =>
        // A bridge that is down (or too busy to answer in time) is counted as holding nothing;
        // its counters are kept until its process start time says it restarted.
        sampleBridge(b, now).catch(() => ({ events: 0, alarms: 0 })),
      ),
    );
    heldPerKind.events = held.reduce((n, h) => n + h.events, 0);
    heldPerKind.alarms = held.reduce((n, h) => n + h.alarms, 0);
    heldPerKind.maxEvents = Math.max(heldPerKind.maxEvents, heldPerKind.events);
    heldPerKind.maxAlarms = Math.max(heldPerKind.maxAlarms, heldPerKind.alarms);
    if (heldPerKind.events > agencies || heldPerKind.alarms > agencies) {
      overHeldSamples++;
      overHeldLongestRun = Math.max(overHeldLongestRun, ++overHeldRun);
      if (overHeld.length < 50)
        overHeld.push({
          t: now,
          held: held.map((h, b) => `${'AB'[b]}: ${h.events} events + ${h.alarms} alarms`).join(', '),
        });
    } else overHeldRun = 0;
    samples++;
  }

  async function loop() {
    if (stopped) return;
    const started = Date.now();
    await sample().catch(() => {});
    if (!stopped) timer = setTimeout(() => void loop(), Math.max(0, everyMs - (Date.now() - started)));
  }

  /**
   * Episodes where two bridges polled one feed at the same time: within any 3 s, both made at
   * least two polls and their spans overlap by more than one sample. A clean handover (the old
   * poller's last poll, then the new one's first) never overlaps like that.
   *
   * `trailing` is how many polls the bridge that polled first made after the other's first poll in
   * the window. The bridge checks its lease before each poll and aborts the poll in flight when its
   * lease loop finds the lease gone, so a bridge that stalled past its lease (a busy event loop)
   * can still finish the one poll it had started, but commits nothing (fenced) and starts no
   * other: one trailing poll is that bounded overlap; more would be two pollers.
   */
  function overlaps(windowMs = 3000) {
    const out: {
      feed: string;
      at: number;
      bridges: [number, number];
      overlapMs: number;
      trailing: number;
    }[] = [];
    for (const [fk, f] of feeds) {
      const polls = [...f.polls].sort((a, b) => a.t - b.t);
      let lastReported = -Infinity;
      for (let i = 0; i < polls.length; i++) {
        const inWindow = polls.filter((p) => p.t >= polls[i].t && p.t <= polls[i].t + windowMs);
        const spans = new Map<number, { first: number; last: number; n: number }>();
        for (const p of inWindow) {
          const s = spans.get(p.bridge) ?? { first: p.t, last: p.t, n: 0 };
          s.last = p.t;
          s.n++;
          spans.set(p.bridge, s);
        }
        const busy = [...spans.entries()].filter(([, s]) => s.n >= 2);
        for (let a = 0; a < busy.length; a++)
          for (let b = a + 1; b < busy.length; b++) {
            const overlapMs =
              Math.min(busy[a][1].last, busy[b][1].last) - Math.max(busy[a][1].first, busy[b][1].first);
            if (overlapMs > everyMs && polls[i].t > lastReported + windowMs) {
              const [older, newer] =
                busy[a][1].first <= busy[b][1].first ? [busy[a], busy[b]] : [busy[b], busy[a]];
              const trailing = inWindow.filter((p) => p.bridge === older[0] && p.t > newer[1].first).length;
              out.push({ feed: fk, at: polls[i].t, bridges: [older[0], newer[0]], overlapMs, trailing });
              lastReported = polls[i].t;
            }
          }
      }
    }
    return out;
  }

  return {
    start() {
      void loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      redis.disconnect();
    },
    positions: () => positions as ReadonlyMap<string, FeedPosition>,
    /** True when every feed has polled the upstream successfully since `t` (fresh again). */
    freshSince: (t: number) =>
      [...feeds.keys()].every((k) => {
        const p = positions.get(k);
        return !!p && !p.stale && p.lastPollAt >= t;
      }),
    /** Periods in which a feed had no poller, including one still open. */
    unownedPeriods(now = Date.now()) {
      return [...feeds.entries()].flatMap(([k, f]) =>
        [...f.unowned, ...(f.unownedSince != null ? [{ from: f.unownedSince, to: now }] : [])].map((p) => ({
          feed: k,
          ...p,
        })),
      );
    },
    /** The longest time any feed went without a poll (ok or failed) in [from, to]. */
    longestPollGap(from: number, to: number) {
      let worst = { feed: '', ms: 0 };
      for (const [k, f] of feeds) {
        const ts = f.polls
          .map((p) => p.t)
          .filter((t) => t >= from && t <= to)
          .sort((a, b) => a - b);
        const edges = [from, ...ts, to];
        for (let i = 1; i < edges.length; i++)
          if (edges[i] - edges[i - 1] > worst.ms) worst = { feed: k, ms: edges[i] - edges[i - 1] };
      }
      return worst;
    },
    /** Per feed: how long after `t` its first successful poll came (a feed backing off comes late). */
    firstOkPollAfter(t: number) {
      return [...feeds.entries()].map(([k, f]) => {
        const first = f.polls.filter((p) => p.ok && p.t >= t).sort((a, b) => a.t - b.t)[0];
        const lastFailed = f.polls.filter((p) => !p.ok && p.t < t).sort((a, b) => b.t - a.t)[0];
        return {
          feed: k,
          ms: first ? first.t - t : null,
          lastFailedBefore: lastFailed ? t - lastFailed.t : null,
        };
      });
    },
    report() {
      const perFeed = [...feeds.entries()].map(([k, f]) => ({
        feed: k,
        ownerChanges: f.ownerChanges,
        polls: f.polls.length,
        timeline: f.polls.map((p) => `${p.t}:${'AB'[p.bridge] ?? p.bridge}:${p.ok ? 'ok' : 'failed'}`),
      }));
      return {
        samples,
        redisMisses,
        agencies,
        maxHeld: { events: heldPerKind.maxEvents, alarms: heldPerKind.maxAlarms },
        overHeldSamples,
        overHeldLongestRun,
        overHeld,
        overlaps: overlaps(),
        perFeed,
      };
    },
  };
}
export type PollerWatch = ReturnType<typeof createPollerWatch>;
