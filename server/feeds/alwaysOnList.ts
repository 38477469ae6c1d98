import type { Redis } from 'ioredis';
import { z } from 'zod';

/**
 * The agencies `ALWAYS_ON_AGENCIES=all` stands for, as one process learnt them from the bridge
 * identity's profile: kept for the other processes (Redis), so they need not sign in to know.
 */
export interface AlwaysOnList {
  load(): Promise<string[] | null>;
  save(agencyIds: readonly string[]): Promise<void>;
}

/** Learnt again this often: a company added to the identity's profile is polled within the hour. */
export const ALWAYS_ON_LIST_TTL_MS = 60 * 60_000;

const listSchema = z.array(z.string().min(1)).min(1);

export function createMemoryAlwaysOnList(now: () => number = Date.now): AlwaysOnList {
  let held: { ids: string[]; until: number } | null = null;
  return {
    async load() {
      return held && held.until > now() ? [...held.ids] : null;
    },
    async save(ids) {
      held = { ids: [...ids], until: now() + ALWAYS_ON_LIST_TTL_MS };
    },
  };
}

export function createRedisAlwaysOnList(redis: Redis, prefix: string): AlwaysOnList {
  const key = `${prefix}alwaysOn:agencies`;
  return {
    async load() {
      const text = await redis.get(key);
      if (!text) return null;
      try {
        const parsed = listSchema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    async save(ids) {
      await redis.set(key, JSON.stringify(ids), 'PX', ALWAYS_ON_LIST_TTL_MS);
    },
  };
}
