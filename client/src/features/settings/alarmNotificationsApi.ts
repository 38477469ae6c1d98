import {
  pushDeviceListSchema,
  pushDeviceSchema,
  pushKeySchema,
  type PushDevice,
  type SubscribeDeviceRequest,
} from '../../../../shared/push/pushApi';
import { del, get, post } from '../../lib/api/apiClient';
import { deviceIdOf, thisDeviceSubscription } from '../../lib/pwa/serviceWorker';

/** The Settings side of alarm notifications (docs/api.md, "Alarm notifications"). */
export const PUSH_DEVICES_PATH = '/api/push/devices';

export async function loadPushKey(signal?: AbortSignal): Promise<string> {
  return (await get('/api/push/key', { schema: pushKeySchema, signal })).publicKey;
}

export async function loadPushDevices(signal: AbortSignal): Promise<PushDevice[]> {
  return (await get(PUSH_DEVICES_PATH, { schema: pushDeviceListSchema, signal })).devices;
}

export function savePushDevice(request: SubscribeDeviceRequest): Promise<PushDevice> {
  return post(PUSH_DEVICES_PATH, request, { schema: pushDeviceSchema });
}

export async function removePushDevice(id: string): Promise<void> {
  await del(`${PUSH_DEVICES_PATH}/${encodeURIComponent(id)}`);
}

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
