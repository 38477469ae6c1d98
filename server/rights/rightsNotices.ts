import type { Redis } from 'ioredis';
import { z } from 'zod';

/** What the dealer's account owner is told: something of a user stopped or was kept, and why. */
export const rightsNoticeSchema = z.object({
  at: z.number(),
  /** The agency the work belonged to: the owner who sees it is told. */
  agencyId: z.string(),
  /** The user behind the work. */
  user: z.string(),
  text: z.string(),
});
export type RightsNotice = z.infer<typeof rightsNoticeSchema>;

/** Notices kept per agency, newest first, for this long. */
export const NOTICES_KEPT = 50;
export const NOTICE_DAYS = 30;
const DAY_MS = 86_400_000;

/** Where the owner's notices live: this process, or Redis for several (`<prefix>rights-notices:`). */
export interface RightsNotices {
  add(n: RightsNotice): Promise<void>;
  /** The notices of these agencies, newest first. */
  of(agencyIds: Iterable<string>): Promise<RightsNotice[]>;
}

const newestFirst = (all: RightsNotice[]) => all.sort((a, b) => b.at - a.at).slice(0, NOTICES_KEPT);

export function createMemoryRightsNotices(now: () => number = Date.now): RightsNotices {
  const byAgency = new Map<string, RightsNotice[]>();
  const fresh = (list: RightsNotice[]) => list.filter((n) => now() - n.at < NOTICE_DAYS * DAY_MS);
  return {
    async add(n) {
      byAgency.set(n.agencyId, fresh([n, ...(byAgency.get(n.agencyId) ?? [])]).slice(0, NOTICES_KEPT));
    },
    async of(agencyIds) {
      return newestFirst([...new Set(agencyIds)].flatMap((a) => fresh(byAgency.get(a) ?? [])));
    },
  };
}

export function createRedisRightsNotices(redis: Redis, prefix: string): RightsNotices {
  const key = (agencyId: string) => `${prefix}rights-notices:${agencyId}`;
  return {
    async add(n) {
      await redis
        .multi()
        .lpush(key(n.agencyId), JSON.stringify(n))
        .ltrim(key(n.agencyId), 0, NOTICES_KEPT - 1)
        .pexpire(key(n.agencyId), NOTICE_DAYS * DAY_MS)
        .exec();
    },
    async of(agencyIds) {
      const lists = await Promise.all([...new Set(agencyIds)].map((a) => redis.lrange(key(a), 0, -1)));
      const all: RightsNotice[] = [];
      for (const text of lists.flat()) {
        try {
          const n = rightsNoticeSchema.safeParse(JSON.parse(text));
          if (n.success) all.push(n.data);
        } catch {
          // a torn entry is skipped
        }
      }
      return newestFirst(all);
    },
  };
}
