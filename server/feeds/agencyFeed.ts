import { randomUUID } from 'node:crypto';
import {
  feedKey,
  type DeltaMessage,
  type FeedRef,
  type FeedRow,
  type StatusMessage,
} from '../../shared/live/protocol';
import { applyChanges, isEmptyChanges, type RowChanges } from '../../shared/live/diff';
import { isUpstreamError } from '../upstream/upstreamError';
import type { Logger } from '../observability/logger';
import { NO_SESSION, type CredentialPool } from './credentialPool';
import { createFeedPoller } from './feedPoller';
import { realTimers, type Timers } from '../support/timers';
import type { FeedMeta, FeedStore, PollOutcome, PollRead } from './feedTypes';
import type { PollLease } from './pollLease';

/** Where a feed's messages go: the agency's room on every bridge process. */
export interface FeedPublisher {
  delta(ref: FeedRef, msg: DeltaMessage): void;
  status(ref: FeedRef, msg: StatusMessage): void;
}

export interface FeedSource {
  poll(state: ReadonlyMap<string, FeedRow>, read: PollRead): Promise<PollOutcome>;
  reset(): void;
}

export interface PollReport {
  ref: FeedRef;
  ms: number;
  ok: boolean;
  requests: number;
  bytes: number;
  changes?: RowChanges<FeedRow>;
  delta?: DeltaMessage;
  /** True for the first load of a feed; `rows` then holds its whole state. */
  full?: boolean;
  /**
   * True for the first poll of a feed this process took over with its state (another process
   * polled it before): `rows` then holds its whole state too, so a recording starts whole.
   */
  resumed?: boolean;
  rows?: ReadonlyMap<string, FeedRow>;
  /** Rows this poll added to a loaded feed (not on a first load, when every row is new to it). */
  added?: readonly FeedRow[];
  /** The feed's position after this poll: a recording that lost lines catches up from it (server/recordings). */
  position?: { epoch: string; seq: number };
  at: number;
}

export interface AgencyFeedDeps {
  ref: FeedRef;
  /** Reads the upstream; each poll hands it the credential it reads with (PollRead). */
  source: FeedSource;
  credentials: CredentialPool;
  store: FeedStore;
  lease: PollLease;
  publish: FeedPublisher;
  /** POLL_MS: the interval without a scheduler, and the base of the back-off after failures. */
  intervalMs: number;
  /** The poll scheduler's pace for this feed: its interval now, and the next poll's delay. */
  pace?: { intervalMs(): number; nextDelayMs(): number };
  /** A poll running longer than this (the upstream's timeout) turns the feed stale at once. */
  slowPollMs?: number;
  leaseRenewMs: number;
  heartbeatMs: number;
  onSessionExpired(bridgeSessionIds: string[]): void;
  onPoll?(r: PollReport): void;
  onLeaseChange?(held: boolean): void;
  logger: Logger;
  clock?: () => number;
  timers?: Timers;
  random?: () => number;
}

class NoCredentialError extends Error {
  constructor(reason = NO_SESSION) {
    super(reason);
  }
}

/** What screens read while a poll has waited longer than the upstream's timeout. */
export const SLOW_UPSTREAM = 'The monitoring center is slow to answer.';

function reasonOf(err: unknown): string {
  if (err instanceof NoCredentialError) return err.message;
  if (isUpstreamError(err)) return err.message;
  return 'The monitoring center could not be read.';
}

/**
 * One agency feed (its event history, or its active alarms) on one bridge process. It polls only
 * while it holds the agency's poll lease; it turns each poll into at most one numbered delta,
 * commits it to the feed store, then publishes it to the agency's room.
 */
export function createAgencyFeed(d: AgencyFeedDeps) {
  const clock = d.clock ?? Date.now;
  const timers = d.timers ?? realTimers;
  const random = d.random ?? Math.random;
  const key = feedKey(d.ref);
  const log = d.logger.child({ agency: d.ref.agencyId, feed: d.ref.feed });

  let state = new Map<string, FeedRow>();
  let meta: FeedMeta = { epoch: '', seq: 0, stale: false, lastPollAt: null };
  let loaded = false;
  let resumedFromStore = false;
  let holding = false;
  let stopped = true;
  let leaseTimer: unknown = null;
  let heartbeatTimer: unknown = null;

  const statusMsg = (): StatusMessage => ({
    ...d.ref,
    stale: meta.stale,
    lastPollAt: meta.lastPollAt,
    reason: meta.stale ? meta.reason : undefined,
    epoch: meta.epoch,
    seq: meta.seq,
    ...(meta.loadingOlder ? { loadingOlder: true } : {}),
    ...(meta.intervalMs ? { intervalMs: meta.intervalMs } : {}),
  });

  async function pollOnce(signal: AbortSignal) {
    const started = clock();
    // A process that was paused past its lease (a long GC, a starved core) must not poll: the
    // lease loop may not have run yet to tell it so.
    if (!(await d.lease.acquire(key))) {
      stepDown();
      return;
    }
    let outcome: PollOutcome | null = null;
    for (;;) {
      const cred = await d.credentials.pick();
      if (!cred) throw new NoCredentialError(d.credentials.noneReason());
      try {
        outcome = await d.source.poll(state, { credential: cred, signal });
        break;
      } catch (e) {
        if (isUpstreamError(e) && e.kind === 'session_expired') {
          d.onSessionExpired(d.credentials.expire(cred.upstreamSessionId));
          continue;
        }
        throw e;
      }
    }
    if (signal.aborted || stopped) return;
    // NOTE: fencing. A process that lost its lease while polling (a pause longer than the lease)
    // must not commit: another process is the poller now.
    if (!(await d.lease.acquire(key))) {
      stepDown();
      return;
    }
    const now = clock();
    const wasStale = meta.stale;
    const fresh: FeedMeta = {
      ...meta,
      stale: false,
      reason: undefined,
      lastPollAt: now,
      loadingOlder: outcome.olderPending || undefined,
      intervalMs: d.pace?.intervalMs(),
    };
    // Screens show "loading older rows" until the status that says the window is whole.
    const olderDone = !!meta.loadingOlder && !fresh.loadingOlder;
    let delta: DeltaMessage | undefined;
    let added: FeedRow[] | undefined;
    const firstLoad = !loaded;
    // NOTE: the sequence and the rows advance only once the store holds the change: a commit
    // that fails (Redis away) leaves them as they were, the poll fails, and the next poll makes
    // the same change again under the same number. Advancing first would leave a number no store
    // holds, and screens resuming across it would resync forever.
    if (!loaded) {
      const next = new Map(state);
      applyChanges(next, outcome.changes);
      await d.store.commit(d.ref, fresh, { delta: null, replaceRows: next });
      state = next;
      meta = fresh;
      loaded = true;
      d.publish.status(d.ref, statusMsg());
    } else if (!isEmptyChanges(outcome.changes)) {
      const next: FeedMeta = { ...fresh, seq: fresh.seq + 1 };
      delta = {
        ...d.ref,
        epoch: next.epoch,
        seq: next.seq,
        upserts: outcome.changes.upserts,
        removes: outcome.changes.removes,
        at: now,
      };
      const intact = await d.store.commit(d.ref, next, { delta }).catch((e: unknown) => {
        // The source may have moved its own bookkeeping on; the next poll reads the whole set.
        d.source.reset();
        throw e;
      });
      added = outcome.changes.upserts.filter((r) => !state.has(r.id));
      applyChanges(state, outcome.changes);
      meta = next;
      if (!intact) await d.store.commit(d.ref, meta, { delta: null, replaceRows: state });
      d.publish.delta(d.ref, delta);
      if (wasStale || olderDone) d.publish.status(d.ref, statusMsg());
    } else if (wasStale || olderDone) {
      await d.store.setStatus(d.ref, fresh);
      meta = fresh;
      d.publish.status(d.ref, statusMsg());
    } else {
      meta = fresh;
    }
    // NOTE: a first load that read only the newest page goes on reading older pages at once.
    if (outcome.olderPending) poller.pollSoon();
    const resumed = resumedFromStore && !firstLoad;
    resumedFromStore = false;
    d.onPoll?.({
      ref: d.ref,
      ms: clock() - started,
      ok: true,
      requests: outcome.requests,
      bytes: outcome.bytes,
      changes: outcome.changes,
      delta,
      full: firstLoad,
      resumed: resumed || undefined,
      rows: firstLoad || resumed ? state : undefined,
      added: added?.length ? added : undefined,
      position: { epoch: meta.epoch, seq: meta.seq },
      at: now,
    });
  }

  const poller = createFeedPoller({
    intervalMs: d.intervalMs,
    nextDelayMs: d.pace?.nextDelayMs,
    initialDelayMs: 0,
    // NOTE: a short cap, so a feed is fresh again within seconds of the upstream recovering.
    maxBackoffMs: Math.max(4000, 2 * d.intervalMs),
    pollOnce,
    timers,
    clock,
    random,
    waitAfter: (err) => (isUpstreamError(err) ? (err.details.retryAfterMs ?? 0) : 0),
    onError(err, failures) {
      log.warn({ failures, err: err instanceof Error ? err.message : String(err) }, 'feed poll failed');
      d.onPoll?.({ ref: d.ref, ms: 0, ok: false, requests: 0, bytes: 0, at: clock() });
      turnStale(reasonOf(err));
    },
    slowAfterMs: d.slowPollMs,
    onSlow: () => turnStale(SLOW_UPSTREAM),
  });

  function turnStale(reason: string) {
    if (meta.stale || !loaded || !holding) return;
    meta = { ...meta, stale: true, reason };
    void d.store.setStatus(d.ref, meta).catch(() => {});
    d.publish.status(d.ref, statusMsg());
  }

  async function becomeHolder() {
    holding = true;
    d.onLeaseChange?.(true);
    const saved = await d.store.load(d.ref).catch(() => null);
    if (saved && saved.meta.epoch) {
      // Take over where the last poller left off: same epoch, same sequence, so no screen resyncs.
      state = saved.rows;
      meta = saved.meta;
      loaded = true;
      resumedFromStore = true;
    } else {
      state = new Map();
      meta = { epoch: randomUUID(), seq: 0, stale: false, lastPollAt: null };
      loaded = false;
    }
    d.source.reset();
    log.info({ epoch: meta.epoch, seq: meta.seq }, 'polling');
    // NOTE: a feed handed over moments ago (a graceful restart: last poll under two intervals
    // old) polls again one interval after the takeover, as a crashed poller's feed waits out the
    // lease. The restarted bridge's first work is then its screens reconnecting: polls landing
    // amid 1,000 reconnects delayed the last of them by about 0.6 s (docs/performance.md).
    const sinceLast = loaded && meta.lastPollAt != null ? clock() - meta.lastPollAt : Infinity;
    poller.start(sinceLast < 2 * d.intervalMs ? d.intervalMs : 0);
    heartbeat();
  }

  function stepDown() {
    if (!holding) return;
    holding = false;
    poller.stop();
    if (heartbeatTimer != null) timers.clearTimeout(heartbeatTimer);
    heartbeatTimer = null;
    d.onLeaseChange?.(false);
    log.info('stopped polling');
  }

  /** Tells screens the feed's position and freshness now and then, so a quiet feed shows its age. */
  function heartbeat() {
    heartbeatTimer = timers.setTimeout(() => {
      if (!holding) return;
      if (loaded) {
        // The interval follows the budget: screens hear it change with the feed's age.
        if (d.pace) meta = { ...meta, intervalMs: d.pace.intervalMs() };
        void d.store.setStatus(d.ref, meta).catch(() => {});
        d.publish.status(d.ref, statusMsg());
      }
      heartbeat();
    }, d.heartbeatMs);
  }

  async function leaseLoop() {
    leaseTimer = null;
    if (stopped) return;
    try {
      const held = await d.lease.acquire(key);
      if (stopped) {
        if (held) await d.lease.release(key);
        return;
      }
      if (held && !holding) await becomeHolder();
      else if (!held && holding) stepDown();
    } catch (e) {
      log.warn({ err: (e as Error).message }, 'lease check failed');
    }
    if (!stopped)
      leaseTimer = timers.setTimeout(() => void leaseLoop(), d.leaseRenewMs * (0.8 + 0.4 * random()));
  }

  return {
    ref: d.ref,
    start() {
      if (!stopped) return;
      stopped = false;
      void leaseLoop();
    },
    async stop() {
      stopped = true;
      if (leaseTimer != null) timers.clearTimeout(leaseTimer);
      leaseTimer = null;
      const wasHolding = holding;
      stepDown();
      if (!wasHolding) return;
      // The next poller keeps the cadence from the last poll, which a quiet feed has not stored.
      if (loaded) await d.store.setStatus(d.ref, meta).catch(() => {});
      await d.lease.release(key);
    },
    pollSoon() {
      if (holding) poller.pollSoon();
    },
    /** Polls early (news in a sibling feed), no sooner than `minGapMs` after the last poll. */
    nudge(minGapMs: number) {
      if (holding) poller.nudge(minGapMs);
    },
    get holding() {
      return holding;
    },
    get position() {
      return { epoch: meta.epoch, seq: meta.seq, stale: meta.stale, loaded };
    },
  };
}
export type AgencyFeed = ReturnType<typeof createAgencyFeed>;
