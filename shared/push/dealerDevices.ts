import { z } from 'zod';
import { pushDeviceSchema } from './pushApi';

/**
 * A push device as the dealer's account owner sees it in Settings (`GET /api/push/dealer-devices`):
 * any user's device that hears one of the owner's agencies, with whose it is (the user's contact
 * number) and only the owner's agencies among those it hears.
 */
export const dealerDeviceSchema = pushDeviceSchema.extend({ user: z.string() });
export type DealerDevice = z.infer<typeof dealerDeviceSchema>;

export const dealerDeviceListSchema = z.object({ devices: z.array(dealerDeviceSchema) });
