import {
  deviceStateSchema,
  pairingStateSchema,
  type DeviceState,
  type PairingState,
} from '../../../../../shared/walls/wallApi';
import { get, post } from '../../../lib/api/apiClient';

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
  device: () => get('/api/walls/device', { schema: deviceStateSchema, expiryIsSignal: false }),
  requestCode: () =>
    post('/api/walls/pairing', undefined, { schema: pairingStateSchema, expiryIsSignal: false }),
  poll: () => get('/api/walls/pairing', { schema: pairingStateSchema, expiryIsSignal: false }),
};
