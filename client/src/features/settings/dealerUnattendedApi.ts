import { z } from 'zod';
import { dealerDeviceListSchema, type DealerDevice } from '../../../../shared/push/dealerDevices';
import { del, get } from '../../lib/api/apiClient';

/** The account owner's view of the dealer's unattended work (docs/api.md, "Unattended work"). */
export const DEALER_DEVICES_PATH = '/api/push/dealer-devices';
export const NOTICES_PATH = '/api/unattended/notices';

const noticeListSchema = z.object({
  notices: z.array(z.object({ at: z.string(), user: z.string(), text: z.string() })),
});
export type UnattendedNotice = z.infer<typeof noticeListSchema>['notices'][number];

export async function loadDealerDevices(signal: AbortSignal): Promise<DealerDevice[]> {
  return (await get(DEALER_DEVICES_PATH, { schema: dealerDeviceListSchema, signal })).devices;
}

export async function removeDealerDevice(id: string): Promise<void> {
  await del(`${DEALER_DEVICES_PATH}/${encodeURIComponent(id)}`);
}

/** Notices have no id of their own: each gets its place in the list, newest first. */
export async function loadNotices(signal: AbortSignal): Promise<Array<UnattendedNotice & { id: string }>> {
  const { notices } = await get(NOTICES_PATH, { schema: noticeListSchema, signal });
  return notices.map((n, i) => ({ ...n, id: `${i}` }));
}
