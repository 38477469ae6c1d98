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
export function createMemoryPushStore(): PushStore {
  const records = new Map<string, PushRecord>();
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
  };
}
