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
  /** Opens one; false when that account's episode of that kind is open already (another process). */
  create(e: AnomalyEpisode): Promise<boolean>;
  /** Changes an open episode (nothing when it was closed meanwhile). */
  update(e: AnomalyEpisode): Promise<void>;
  /** Closes one; true only for the caller that closed it. */
  close(e: AnomalyEpisode): Promise<boolean>;
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

export function createMemoryAnomalyStore(): AnomalyStore {
  const episodes = new Map<string, Map<string, AnomalyEpisode>>();
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
    async create(e) {
      const m = of(e.agencyId);
      if (m.has(episodeKey(e))) return false;
      m.set(episodeKey(e), e);
      return true;
    },
    async update(e) {
      const m = of(e.agencyId);
      if (m.get(episodeKey(e))?.id === e.id) m.set(episodeKey(e), e);
    },
    async close(e) {
      const m = of(e.agencyId);
      if (m.get(episodeKey(e))?.id !== e.id) return false;
      return m.delete(episodeKey(e));
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

// KEYS: the agency's episodes hash. ARGV: field, episode id.
const CLOSE = `local cur = redis.call('hget', KEYS[1], ARGV[1])
if not cur then return 0 end
if cjson.decode(cur).id ~= ARGV[2] then return 0 end
return redis.call('hdel', KEYS[1], ARGV[1])`;

export function createRedisAnomalyStore(redis: Redis, prefix: string): AnomalyStore {
  const episodesKey = (agencyId: string) => `${prefix}anomalies:episodes:${agencyId}`;
  const thresholdsKey = `${prefix}anomalies:thresholds`;
  return {
    async open(agencyId) {
      const all = await redis.hgetall(episodesKey(agencyId));
      return Object.values(all)
        .map(parseEpisode)
        .filter((e): e is AnomalyEpisode => e != null);
    },
    async create(e) {
      // NOTE: HSETNX is the once: of two processes that find the same account, one opens it.
      return (await redis.hsetnx(episodesKey(e.agencyId), episodeKey(e), JSON.stringify(e))) === 1;
    },
    async update(e) {
      await redis.eval(UPDATE, 1, episodesKey(e.agencyId), episodeKey(e), e.id, JSON.stringify(e));
    },
    async close(e) {
      return (await redis.eval(CLOSE, 1, episodesKey(e.agencyId), episodeKey(e), e.id)) === 1;
    },
    async thresholds(agencyId) {
      return withDefaults(parseThresholds(await redis.hget(thresholdsKey, agencyId)));
    },
    async setThresholds(agencyId, t) {
      await redis.hset(thresholdsKey, agencyId, JSON.stringify(t));
    },
  };
}
