import {
  pushDeviceListSchema,
  pushDeviceSchema,
  pushKeySchema,
  type PushDevice,
  type SubscribeDeviceRequest,
} from '../../../../shared/push/pushApi';
import { del, get, post } from '../../lib/api/apiClient';
import { PUSH_DEVICES_PATH } from './forgetThisBrowser';

/** The Settings side of alarm notifications (docs/api.md, "Alarm notifications"). */

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
