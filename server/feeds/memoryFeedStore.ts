import { applyChanges } from '../../shared/live/diff';
import { feedKey, type DeltaMessage, type FeedRow, type SnapshotMessage } from '../../shared/live/protocol';
import { contiguousAfter, type FeedMeta, type FeedStore } from './feedTypes';

interface Entry {
  meta: FeedMeta;
  rows: Map<string, FeedRow>;
  backlog: DeltaMessage[];
}

/** One-process feed store: the embedded default. Keeps the last `backlog` deltas per feed. */
export function createMemoryFeedStore(backlog: number): FeedStore {
  const feeds = new Map<string, Entry>();
  return {
    async load(ref) {
      const e = feeds.get(feedKey(ref));
      return e ? { meta: { ...e.meta }, rows: new Map(e.rows) } : null;
    },
    async commit(ref, meta, change) {
      const key = feedKey(ref);
      let e = feeds.get(key);
      const intact = !!e;
      if (!e || e.meta.epoch !== meta.epoch || change.replaceRows) {
        e = { meta, rows: new Map(change.replaceRows ?? e?.rows ?? []), backlog: [] };
        feeds.set(key, e);
      }
      if (change.delta) {
        applyChanges(e.rows, change.delta);
        e.backlog.push(change.delta);
        if (e.backlog.length > backlog) e.backlog.splice(0, e.backlog.length - backlog);
      }
      e.meta = { ...meta };
      return intact;
    },
    async setStatus(ref, meta) {
      const e = feeds.get(feedKey(ref));
      if (e) e.meta = { ...meta };
    },
    async snapshot(ref): Promise<SnapshotMessage | null> {
      const e = feeds.get(feedKey(ref));
      if (!e) return null;
      return {
        ...ref,
        epoch: e.meta.epoch,
        seq: e.meta.seq,
        rows: [...e.rows.values()],
        stale: e.meta.stale,
        lastPollAt: e.meta.lastPollAt,
        ...(e.meta.loadingOlder ? { loadingOlder: true } : {}),
        ...(e.meta.intervalMs ? { intervalMs: e.meta.intervalMs } : {}),
      };
    },
    async deltasSince(ref, epoch, seq) {
      const e = feeds.get(feedKey(ref));
      if (!e || e.meta.epoch !== epoch || seq > e.meta.seq) return null;
      if (seq === e.meta.seq) return [];
      return contiguousAfter(e.backlog, seq, e.meta.seq);
    },
    async drop(ref) {
      feeds.delete(feedKey(ref));
    },
  };
}
