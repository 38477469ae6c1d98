import {
  deviceStateSchema,
  pairingStateSchema,
  type DeviceState,
  type PairingState,
} from '../../../../../shared/walls/wallApi';
import { UNABLE_TO_PROCESS } from '../../../../../machines/messages';
import { get, post } from '../../../lib/api/apiClient';
import { ApiError } from '../../../lib/api/apiError';
import { takeWallDeviceAtLoad } from './wallDeviceAtLoad';

/**
 * The calls of a wall display without a session (docs/api.md, "Wall displays"). Its
 * credentials are HttpOnly cookies the bridge sets; no answer here is a session expiry.
 */
export interface WallPairingApi {
  /** Whether this browser is a paired wall, and what it shows. */
  device(): Promise<DeviceState>;
  /** A code to show (the same one while it still waits). */
  requestCode(): Promise<PairingState>;
  /** The waiting wall's state; `paired` once a user paired its code. */
  poll(): Promise<PairingState>;
}

export const wallPairingApi: WallPairingApi = {
  async device() {
    // The first check takes the answer asked for as the page opened (wallDeviceAtLoad.ts).
    const early = takeWallDeviceAtLoad();
    if (!early) return get('/api/walls/device', { schema: deviceStateSchema, expiryIsSignal: false });
    const checked = deviceStateSchema.safeParse(await early);
    if (!checked.success) throw new ApiError(200, 'bad_response', UNABLE_TO_PROCESS);
    return checked.data;
  },
  requestCode: () =>
    post('/api/walls/pairing', undefined, { schema: pairingStateSchema, expiryIsSignal: false }),
  poll: () => get('/api/walls/pairing', { schema: pairingStateSchema, expiryIsSignal: false }),
};
