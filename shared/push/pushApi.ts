import { z } from 'zod';

/**
 * The HTTP contract of alarm notifications (docs/api.md, "Alarm notifications"): a browser
 * subscribes itself with the bridge's VAPID key and the user's choices; the bridge pushes a
 * notification per new matching alarm. Both sides import these schemas; the bridge validates
 * every body with them.
 */

/**
 * Alarm types the card offers, as the upstream spells its event descriptions (`event_Descr`);
 * a subscription with none chosen hears every type.
 */
export const ALARM_TYPE_CHOICES = [
  'BURGLARY ALARM',
  'FIRE ALARM',
  'WATERFLOW ALARM',
  'HOLDUP ALARM',
  'DURESS ALARM',
  'PANIC ALARM',
  'MEDICAL ALARM',
  'TAMPER',
  'ZONE TROUBLE',
  'COMMUNICATION TROUBLE',
] as const;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM');

/** An IANA time zone the runtime knows (quiet hours are read in it). */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'an IANA time zone');

/** Quiet hours: no push from `from` until `to` (wrapping midnight when `to` is earlier). */
export const quietHoursSchema = z.strictObject({ from: clock, to: clock });
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** What one device wants to hear. */
export const pushPreferencesSchema = z.strictObject({
  /** Upper-case event descriptions; empty: every type. */
  alarmTypes: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(60)
        .transform((s) => s.toUpperCase()),
    )
    .max(50),
  /** Agencies the user may see (checked by the bridge); at least one. */
  agencies: z.array(z.string().min(1).max(40)).min(1).max(200),
  quietHours: quietHoursSchema.nullable(),
  timeZone: timeZoneSchema,
  /** Live anomalies (runaway systems, repeat alarms) of its agencies too; absent: no. */
  anomalies: z.boolean().optional(),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

/** The browser's `PushSubscription.toJSON()`. */
export const browserSubscriptionSchema = z.object({
  endpoint: z.string().url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type BrowserSubscription = z.infer<typeof browserSubscriptionSchema>;

/** `POST /api/push/devices`: subscribe this browser (or change its choices). */
export const subscribeDeviceSchema = z.strictObject({
  subscription: browserSubscriptionSchema,
  preferences: pushPreferencesSchema,
  label: z.string().trim().max(80).optional(),
});
export type SubscribeDeviceRequest = z.infer<typeof subscribeDeviceSchema>;

/** A device as the Settings card lists it (never its endpoint or keys). */
export const pushDeviceSchema = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: z.number(),
  preferences: pushPreferencesSchema,
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDeviceListSchema = z.object({ devices: z.array(pushDeviceSchema) });

/** `GET /api/push/key`: the bridge's VAPID public key (base64url). */
export const pushKeySchema = z.object({ publicKey: z.string() });

/**
 * What a push carries: only what a lock screen may show. `url` is a path of the portal the
 * notification opens; `tag` folds repeats of one alarm into one notification.
 */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().startsWith('/'),
  tag: z.string().optional(),
  alarm: z
    .object({
      id: z.string(),
      agencyId: z.string(),
      type: z.string(),
      siteName: z.string(),
      csNo: z.string(),
      at: z.string(),
    })
    .optional(),
  /** A live anomaly's push (issue 39): which episode, of which agency's account. */
  anomaly: z
    .object({
      id: z.string(),
      agencyId: z.string(),
      kind: z.enum(['runaway', 'repeatAlarms']),
      csNo: z.string(),
    })
    .optional(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** The Live Alarm View opened on one alarm. */
export function alarmLink(agencyId: string, alarmId: string): string {
  return `/dashboardDetails?${new URLSearchParams({ agency: agencyId, alarm: alarmId }).toString()}`;
}
