import type { Redis } from 'ioredis';
import {
  anomalyEpisodeSchema,
  anomalyThresholdsSchema,
  DEFAULT_THRESHOLDS,
  type AnomalyEpisode,
  type AnomalyThresholds,
} from '../../shared/anomalies/anomalyApi';
import { episodeKey } from './episodeChanges';

/**
 * Where the open episodes and each dealer's thresholds live: Redis when set (every bridge shares
 * them, so an episode is opened, and alerted, once), else this process's memory.
 */
export interface AnomalyStore {
  /** The agency's open episodes. */
  open(agencyId: string): Promise<AnomalyEpisode[]>;
  /** The agency's open episodes and the revision of that set, read together. */
  listed(agencyId: string): Promise<{ episodes: AnomalyEpisode[]; rev: number }>;
  /**
   * Opens one: the agency's revision after it; 0 when that account's episode of that kind is open
   * already (another process).
   */
  create(e: AnomalyEpisode): Promise<number>;
  /** Changes an open episode (nothing when it was closed meanwhile; the revision stays). */
  update(e: AnomalyEpisode): Promise<void>;
  /** Closes one: the agency's revision after it, only for the caller that closed it; else 0. */
  close(e: AnomalyEpisode): Promise<number>;
  thresholds(agencyId: string): Promise<{ thresholds: AnomalyThresholds; defaults: boolean }>;
  setThresholds(agencyId: string, t: AnomalyThresholds): Promise<void>;
}

function parseEpisode(text: unknown): AnomalyEpisode | null {
  if (typeof text !== 'string') return null;
  try {
    const r = anomalyEpisodeSchema().safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

function parseThresholds(text: unknown): AnomalyThresholds | null {
  if (typeof text !== 'string') return null;
  try {
    const r = anomalyThresholdsSchema().safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

const withDefaults = (t: AnomalyThresholds | null) =>
  t ? { thresholds: t, defaults: false } : { thresholds: { ...DEFAULT_THRESHOLDS }, defaults: true };

/**
 * NOTE: the revision counts the openings and closings of an agency's episodes, so a screen can
 * apply one (`anomalies.changed`) to the list it holds and tell a gap (docs/protocol.md).
 */
export function createMemoryAnomalyStore(): AnomalyStore {
  const episodes = new Map<string, Map<string, AnomalyEpisode>>();
  const revs = new Map<string, number>();
  const bump = (agencyId: string) => {
    const rev = (revs.get(agencyId) ?? 0) + 1;
    revs.set(agencyId, rev);
    return rev;
  };
  const limits = new Map<string, AnomalyThresholds>();
  const of = (agencyId: string) => {
    let m = episodes.get(agencyId);
    if (!m) episodes.set(agencyId, (m = new Map()));
    return m;
  };
  return {
    async open(agencyId) {
      return [...of(agencyId).values()];
    },
    async listed(agencyId) {
      return { episodes: [...of(agencyId).values()], rev: revs.get(agencyId) ?? 0 };
    },
    async create(e) {
      const m = of(e.agencyId);
      if (m.has(episodeKey(e))) return 0;
      m.set(episodeKey(e), e);
      return bump(e.agencyId);
    },
    async update(e) {
      const m = of(e.agencyId);
      if (m.get(episodeKey(e))?.id === e.id) m.set(episodeKey(e), e);
    },
    async close(e) {
      const m = of(e.agencyId);
      if (m.get(episodeKey(e))?.id !== e.id) return 0;
      m.delete(episodeKey(e));
      return bump(e.agencyId);
    },
    async thresholds(agencyId) {
      return withDefaults(limits.get(agencyId) ?? null);
    },
    async setThresholds(agencyId, t) {
      limits.set(agencyId, t);
    },
  };
}

// KEYS: the agency's episodes hash. ARGV: field, episode id, JSON. Changes the episode only while
// the one open under that field is still the same episode.
const UPDATE = `local cur = redis.call('hget', KEYS[1], ARGV[1])
if not cur then return 0 end
if cjson.decode(cur).id ~= ARGV[2] then return 0 end
redis.call('hset', KEYS[1], ARGV[1], ARGV[3])
return 1`;

// KEYS: the agency's episodes hash, its revision. ARGV: field, episode id. The revision after, or 0.
const CLOSE = `local cur = redis.call('hget', KEYS[1], ARGV[1])
if not cur then return 0 end
if cjson.decode(cur).id ~= ARGV[2] then return 0 end
redis.call('hdel', KEYS[1], ARGV[1])
return redis.call('incr', KEYS[2])`;

// KEYS: the agency's episodes hash, its revision. The revision (false when none) and the episodes.
const LISTED = `return { redis.call('get', KEYS[2]), redis.call('hvals', KEYS[1]) }`;

// KEYS: the agency's episodes hash, its revision. ARGV: field, JSON. HSETNX is the once: of two
// processes that find the same account, one opens it. The revision after, or 0.
const CREATE = `if redis.call('hsetnx', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
return redis.call('incr', KEYS[2])`;

export function createRedisAnomalyStore(redis: Redis, prefix: string): AnomalyStore {
  const episodesKey = (agencyId: string) => `${prefix}anomalies:episodes:${agencyId}`;
  const revKey = (agencyId: string) => `${prefix}anomalies:rev:${agencyId}`;
  const thresholdsKey = `${prefix}anomalies:thresholds`;
  const parsed = (values: string[]) => values.map(parseEpisode).filter((e): e is AnomalyEpisode => e != null);
  return {
    async open(agencyId) {
      return parsed(await redis.hvals(episodesKey(agencyId)));
    },
    async listed(agencyId) {
      // NOTE: one script, so the list is the set of that revision. Not MULTI: a transaction's
      // queued commands were rejected unheard when the connection closed under it.
      const [rev, values] = (await redis.eval(LISTED, 2, episodesKey(agencyId), revKey(agencyId))) as [
        unknown,
        unknown[],
      ];
      return { episodes: parsed(values.map(String)), rev: Number(rev ?? 0) };
    },
    async create(e) {
      const key = episodesKey(e.agencyId);
      return Number(await redis.eval(CREATE, 2, key, revKey(e.agencyId), episodeKey(e), JSON.stringify(e)));
    },
    async update(e) {
      await redis.eval(UPDATE, 1, episodesKey(e.agencyId), episodeKey(e), e.id, JSON.stringify(e));
    },
    async close(e) {
      const key = episodesKey(e.agencyId);
      return Number(await redis.eval(CLOSE, 2, key, revKey(e.agencyId), episodeKey(e), e.id));
    },
    async thresholds(agencyId) {
      return withDefaults(parseThresholds(await redis.hget(thresholdsKey, agencyId)));
    },
    async setThresholds(agencyId, t) {
      await redis.hset(thresholdsKey, agencyId, JSON.stringify(t));
    },
  };
}
