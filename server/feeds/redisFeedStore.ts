import type { Redis } from 'ioredis';
import {
  feedKey,
  type DeltaMessage,
  type FeedRef,
  type FeedRow,
  type SnapshotMessage,
} from '../../shared/live/protocol';
import { sharedReads } from '../support/sharedReads';
import { contiguousAfter, type FeedMeta, type FeedStore } from './feedTypes';

const SET_STATUS = `if redis.call('exists', KEYS[1]) == 1 then
  redis.call('hset', KEYS[1], unpack(ARGV, 2))
  redis.call('expire', KEYS[1], ARGV[1])
  return 1
end
return 0`;

/**
 * Feed state shared by several bridge processes: whichever process holds an agency's poll lease
 * commits here, and any process can answer a subscribe or a resume from it.
 * Keys: {prefix}feed:{feed}:{agency}:meta (hash), :rows (hash id -> row JSON), :deltas (list).
 */
export function createRedisFeedStore(
  redis: Redis,
  prefix: string,
  backlog: number,
  ttlSeconds = 3600,
): FeedStore {
  const k = (ref: FeedRef, part: string) => `${prefix}feed:${feedKey(ref)}:${part}`;
  const metaFields = (m: FeedMeta) => [
    'epoch',
    m.epoch,
    'seq',
    String(m.seq),
    'stale',
    m.stale ? '1' : '0',
    'lastPollAt',
    String(m.lastPollAt ?? ''),
    'reason',
    m.reason ?? '',
    'loadingOlder',
    m.loadingOlder ? '1' : '',
    'intervalMs',
    String(m.intervalMs ?? ''),
  ];
  const readMeta = (h: Record<string, string>): FeedMeta | null =>
    h.epoch
      ? {
          epoch: h.epoch,
          seq: Number(h.seq),
          stale: h.stale === '1',
          lastPollAt: h.lastPollAt ? Number(h.lastPollAt) : null,
          reason: h.reason || undefined,
          loadingOlder: h.loadingOlder === '1' || undefined,
          intervalMs: Number(h.intervalMs) > 0 ? Number(h.intervalMs) : undefined,
        }
      : null;

  // Screens subscribing or resuming in the same turn share one read of a feed (sharedReads.ts).
  const readSnapshot = sharedReads(feedKey, async (ref: FeedRef): Promise<SnapshotMessage | null> => {
    const res = await redis.multi().hgetall(k(ref, 'meta')).hvals(k(ref, 'rows')).exec();
    const meta = readMeta((res?.[0]?.[1] ?? {}) as Record<string, string>);
    if (!meta) return null;
    const rows = ((res?.[1]?.[1] ?? []) as string[]).map((j) => JSON.parse(j) as FeedRow);
    return {
      ...ref,
      epoch: meta.epoch,
      seq: meta.seq,
      rows,
      stale: meta.stale,
      lastPollAt: meta.lastPollAt,
      ...(meta.loadingOlder ? { loadingOlder: true } : {}),
      ...(meta.intervalMs ? { intervalMs: meta.intervalMs } : {}),
    };
  });
  const readBacklog = sharedReads(feedKey, async (ref: FeedRef) => {
    const res = await redis.multi().hgetall(k(ref, 'meta')).lrange(k(ref, 'deltas'), 0, -1).exec();
    const meta = readMeta((res?.[0]?.[1] ?? {}) as Record<string, string>);
    if (!meta) return null;
    const deltas = ((res?.[1]?.[1] ?? []) as string[]).map((j) => JSON.parse(j) as DeltaMessage);
    return { meta, deltas };
  });

  return {
    async load(ref) {
      const res = await redis.multi().hgetall(k(ref, 'meta')).hgetall(k(ref, 'rows')).exec();
      const meta = readMeta((res?.[0]?.[1] ?? {}) as Record<string, string>);
      if (!meta) return null;
      const rows = new Map<string, FeedRow>();
      for (const [id, json] of Object.entries((res?.[1]?.[1] ?? {}) as Record<string, string>))
        rows.set(id, JSON.parse(json) as FeedRow);
      return { meta, rows };
    },
    async commit(ref, meta, change) {
      const m = redis.multi().exists(k(ref, 'meta'));
      if (change.replaceRows) {
        m.del(k(ref, 'rows'), k(ref, 'deltas'));
        const flat: string[] = [];
        for (const [id, row] of change.replaceRows) flat.push(id, JSON.stringify(row));
        if (flat.length) m.hset(k(ref, 'rows'), ...flat);
      }
      const d = change.delta;
      if (d) {
        if (!change.replaceRows) {
          if (d.removes.length) m.hdel(k(ref, 'rows'), ...d.removes);
          if (d.upserts.length)
            m.hset(k(ref, 'rows'), ...d.upserts.flatMap((r) => [r.id, JSON.stringify(r)]));
        }
        m.rpush(k(ref, 'deltas'), JSON.stringify(d));
        m.ltrim(k(ref, 'deltas'), -backlog, -1);
      }
      m.hset(k(ref, 'meta'), ...metaFields(meta));
      for (const part of ['meta', 'rows', 'deltas']) m.expire(k(ref, part), ttlSeconds);
      const res = await m.exec();
      if (!res || res.some(([err]) => err)) throw new Error('feed commit failed');
      return res[0][1] === 1;
    },
    async setStatus(ref, meta) {
      // NOTE: only a feed Redis still holds: writing meta into an emptied Redis would make a feed
      // without rows look intact to the next commit and the next poller.
      await redis.eval(SET_STATUS, 1, k(ref, 'meta'), String(ttlSeconds), ...metaFields(meta));
    },
    snapshot: readSnapshot,
    async deltasSince(ref, epoch, seq) {
      const held = await readBacklog(ref);
      if (!held || held.meta.epoch !== epoch || seq > held.meta.seq) return null;
      if (seq === held.meta.seq) return [];
      return contiguousAfter(
        held.deltas.filter((d) => d.epoch === epoch),
        seq,
        held.meta.seq,
      );
    },
    async drop(ref) {
      await redis.del(k(ref, 'meta'), k(ref, 'rows'), k(ref, 'deltas'));
    },
  };
}
