import type { PushMessage } from '../../shared/push/pushApi';
import type { Logger } from '../observability/logger';
import { inQuietHours } from './alarmMatch';
import type { SendOutcome, PushSender } from './pushSender';
import type { PushRecord, PushStore } from './pushStore';

/** A notification for one user's devices (`notifyUser`). */
export interface UserNotification {
  title: string;
  body: string;
  /** A path of the portal the notification opens (default `/`). */
  url?: string;
  /** Notifications with one tag replace each other on a device. */
  tag?: string;
  /** Sent even in a device's quiet hours (default false: quiet hours are kept). */
  ignoreQuietHours?: boolean;
  /** How long the push service may hold it for an offline device (default 1 hour). */
  ttlSec?: number;
}

export interface NotifyResult {
  sent: number;
  /** Devices the push service refused as gone: they are removed. */
  gone: number;
  failed: number;
  /** Devices skipped for their quiet hours. */
  quiet: number;
}

const DEFAULT_TTL_SEC = 3600;

/**
 * Delivers pushes to stored devices and removes a device its push service calls gone.
 * `notifyUser` is the entry point for other parts of the bridge (test-expiry reminders).
 */
export function createPushNotifier(d: {
  store: PushStore;
  sender: PushSender;
  logger: Logger;
  clock?: () => number;
}) {
  const clock = d.clock ?? Date.now;

  async function deliver(
    record: PushRecord,
    msg: PushMessage,
    opts: { ttlSec: number; urgent: boolean },
  ): Promise<SendOutcome> {
    const outcome = await d.sender.send(record.subscription, msg, opts);
    if (outcome === 'gone') {
      await d.store.remove(record.id);
      d.logger.info({ device: record.id }, 'push device gone: removed');
    }
    return outcome;
  }

  /**
   * Pushes one notification to every device of one user (`userRef`: the login record's
   * contactNumber), keeping each device's quiet hours unless told otherwise. Never throws.
   */
  async function notifyUser(userRef: string, n: UserNotification): Promise<NotifyResult> {
    const result: NotifyResult = { sent: 0, gone: 0, failed: 0, quiet: 0 };
    let devices: PushRecord[];
    try {
      devices = await d.store.byUser(userRef);
    } catch (e) {
      d.logger.warn({ err: String(e) }, 'push devices unavailable');
      return { ...result, failed: 1 };
    }
    const msg: PushMessage = {
      title: n.title,
      body: n.body,
      url: n.url ?? '/',
      ...(n.tag ? { tag: n.tag } : {}),
    };
    await Promise.all(
      devices.map(async (r) => {
        if (!n.ignoreQuietHours && inQuietHours(r.preferences.quietHours, r.preferences.timeZone, clock())) {
          result.quiet++;
          return;
        }
        const outcome = await deliver(r, msg, { ttlSec: n.ttlSec ?? DEFAULT_TTL_SEC, urgent: false }).catch(
          () => 'failed' as const,
        );
        result[outcome]++;
      }),
    );
    return result;
  }

  return { deliver, notifyUser };
}
export type PushNotifier = ReturnType<typeof createPushNotifier>;
