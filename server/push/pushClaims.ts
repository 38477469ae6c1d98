import { z } from 'zod';
import { pushMessageSchema } from '../../shared/push/pushApi';

/**
 * One alarm push while it is being sent: enough to send it again should its sender die. `key` is
 * `alarm:<alarmId>:<deviceId>`, one per alarm and device on every process.
 */
export const pendingPushSchema = z.object({
  key: z.string(),
  deviceId: z.string(),
  /** What the alarm was matched on, matched again against the device's choices at a retry. */
  alarm: z.object({ agencyIds: z.array(z.string()), type: z.string() }),
  message: pushMessageSchema,
  ttlSec: z.number(),
  urgent: z.boolean(),
  /** No longer news after this (ms since the epoch): given up, not sent. */
  notAfter: z.number(),
  /** A live anomaly's push (server/anomalies), matched on the device's "Anomalies" choice. */
  anomaly: z.boolean().optional(),
});
export type PendingPush = z.infer<typeof pendingPushSchema>;

/**
 * Where alarm pushes are claimed (docs/decisions.md, "Push goes only to push services, once"): a
 * claim is short (`leaseMs`) and records the push as pending; it becomes done only when settled,
 * after the push service answered. A claim whose holder died runs out, and any process's sweep
 * (`reclaimExpired`) takes it over and sends it.
 */
export interface PushClaims {
  /** Claims one push for `leaseMs`; false when it is pending (claimed) or done already. */
  claim(p: PendingPush, leaseMs: number): Promise<boolean>;
  /** The push is done (sent, gone, failed or given up): never claimed again for `keepMs`. */
  settle(key: string, keepMs: number): Promise<void>;
  /** Takes over at most `max` pending pushes whose claim ran out, each for `leaseMs` more. */
  reclaimExpired(leaseMs: number, max: number): Promise<PendingPush[]>;
}

/** One process: the embedded default (a process that dies takes its claims with it). */
export function createMemoryPushClaims(now: () => number = Date.now): PushClaims {
  const pending = new Map<string, { p: PendingPush; until: number }>();
  const done = new Map<string, number>();
  return {
    async claim(p, leaseMs) {
      const t = now();
      if (done.size > 10_000) for (const [k, until] of done) if (until <= t) done.delete(k);
      if ((done.get(p.key) ?? 0) > t || pending.has(p.key)) return false;
      pending.set(p.key, { p, until: t + leaseMs });
      return true;
    },
    async settle(key, keepMs) {
      pending.delete(key);
      done.set(key, now() + keepMs);
    },
    async reclaimExpired(leaseMs, max) {
      const t = now();
      const out: PendingPush[] = [];
      for (const entry of pending.values()) {
        if (out.length >= max) break;
        if (entry.until > t) continue;
        entry.until = t + leaseMs;
        out.push(entry.p);
      }
      return out;
    },
  };
}
