import { createHash } from 'node:crypto';
import { z } from 'zod';
import { browserSubscriptionSchema, pushPreferencesSchema } from '../../shared/push/pushApi';

/** One subscribed device: whose it is, where its pushes go, and what it wants to hear. */
export const pushRecordSchema = z.object({
  id: z.string(),
  /** The user (the login record's contactNumber). */
  userRef: z.string(),
  /** A hash of the bridge session that subscribed it ("sign out everywhere" ends it). */
  sessionRef: z.string(),
  label: z.string(),
  createdAt: z.number(),
  subscription: browserSubscriptionSchema,
  preferences: pushPreferencesSchema,
});
export type PushRecord = z.infer<typeof pushRecordSchema>;

/** Where subscriptions live: this process, or Redis for several (`<prefix>push:`). */
export interface PushStore {
  /** Adds or replaces a device (one record per push endpoint). */
  put(r: PushRecord): Promise<void>;
  get(id: string): Promise<PushRecord | null>;
  remove(id: string): Promise<void>;
  byUser(userRef: string): Promise<PushRecord[]>;
  byAgency(agencyId: string): Promise<PushRecord[]>;
  /** True the first time `key` is claimed within `ttlMs`, on every process: one push per key. */
  claimOnce(key: string, ttlMs: number): Promise<boolean>;
}

/** A device's id: the same browser subscribing again replaces its record. */
export function deviceIdOf(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('base64url').slice(0, 22);
}

/** What a subscription remembers of the session that made it: never the session id itself. */
export function sessionRefOf(sessionId: string): string {
  return createHash('sha256').update(`push:${sessionId}`).digest('base64url').slice(0, 22);
}

/** One-process store: the embedded default. */
export function createMemoryPushStore(now: () => number = Date.now): PushStore {
  const records = new Map<string, PushRecord>();
  const claimed = new Map<string, number>();
  return {
    async put(r) {
      records.set(r.id, r);
    },
    async get(id) {
      return records.get(id) ?? null;
    },
    async remove(id) {
      records.delete(id);
    },
    async byUser(userRef) {
      return [...records.values()].filter((r) => r.userRef === userRef);
    },
    async byAgency(agencyId) {
      return [...records.values()].filter((r) => r.preferences.agencies.includes(agencyId));
    },
    async claimOnce(key, ttlMs) {
      const t = now();
      if (claimed.size > 10_000) for (const [k, until] of claimed) if (until <= t) claimed.delete(k);
      const until = claimed.get(key);
      if (until !== undefined && until > t) return false;
      claimed.set(key, t + ttlMs);
      return true;
    },
  };
}
