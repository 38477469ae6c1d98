import { del } from '../../lib/api/apiClient';
import { deviceIdOf, thisDeviceSubscription } from '../../lib/pwa/serviceWorker';

// NOTE: apart from alarmNotificationsApi.ts, whose schemas (shared/push/pushApi.ts) a sign-out
// needs none of: the session's code imports this at start, so they stay out of the first chunk.

/** The bridge's alarm-notification devices (docs/api.md, "Alarm notifications"). */
export const PUSH_DEVICES_PATH = '/api/push/devices';

/**
 * A sign-out the user chose: this browser is no longer notified. The bridge ends the device the
 * session subscribed; this removes it too when an earlier session of the user subscribed it, and
 * drops the browser's subscription, so that its endpoint is dead for anyone who learnt it.
 */
export async function forgetThisBrowser(): Promise<void> {
  const sub = await thisDeviceSubscription().catch(() => null);
  if (!sub) return;
  const id = await deviceIdOf(sub.endpoint);
  await del(`${PUSH_DEVICES_PATH}/${encodeURIComponent(id)}`, { expiryIsSignal: false }).catch(
    () => undefined,
  );
  await sub.unsubscribe().catch(() => false);
}
