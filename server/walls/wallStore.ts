import type { WallView } from '../../shared/walls/wallApi';

/** A paired wall display: what its device credential stands for. */
export interface WallDevice {
  id: string;
  /** SHA-256 of the secret the wall's cookie carries (wallCredential.ts). */
  secretHash: string;
  /** The pairing user's own agency when they paired it: the dealer the wall belongs to. */
  dealerId: string;
  /** The agency the wall shows, as the user picked it. */
  agencyId: string;
  /** The id that agency's feeds run under (a corporate account's two ids share one feed). */
  feedAgencyId: string;
  agencyName: string;
  views: WallView[];
  name: string;
  pairedBy: { contactNumber: string; username: string; name: string };
  createdAt: number;
  lastSeenAt: number | null;
  lastAddress: string | null;
}

/** A wall waiting with a code on screen; `deviceId` once a user paired the code. */
export interface PendingPairing {
  id: string;
  secretHash: string;
  code: string;
  createdAt: number;
  expiresAt: number;
  deviceId?: string;
}

/**
 * Where pairing codes and wall credentials live: memory (one process, the embedded default) or
 * Redis (REDIS_URL), so bridge restarts keep the walls paired.
 */
export interface WallStore {
  /** Holds a waiting wall's code until it expires; false when the code is already in use. */
  addPending(p: PendingPairing): Promise<boolean>;
  pending(id: string): Promise<PendingPairing | null>;
  /**
   * Takes a code once: answers its waiting wall and frees the code, so a second claim of the
   * same code finds nothing.
   */
  claimCode(code: string): Promise<PendingPairing | null>;
  /** Gives a claimed code back to its waiting wall (a pairing that failed), unless it expired or was taken. */
  releaseCode(p: PendingPairing): Promise<void>;
  /** Records that a waiting wall was paired (it collects its credential on its next poll). */
  markPaired(pendingId: string, deviceId: string): Promise<void>;
  /** Ends a waiting wall's pairing; answers it as it was, once (a second take finds nothing). */
  takePending(id: string): Promise<PendingPairing | null>;
  save(d: WallDevice): Promise<void>;
  device(id: string): Promise<WallDevice | null>;
  /** Records a connection: when, and from which address. Keeps an idle wall's credential alive. */
  touch(id: string, at: number, address: string): Promise<void>;
  /** Revokes a wall; false when it was already gone. */
  remove(id: string): Promise<boolean>;
  /** Walls showing any of these agencies. */
  byAgencies(agencyIds: Iterable<string>): Promise<WallDevice[]>;
  /** Walls a user paired. */
  byPairer(contactNumber: string): Promise<WallDevice[]>;
  close(): Promise<void>;
}

/** A wall not seen for this long loses its credential (a wall that runs is seen at every connect). */
export const WALL_IDLE_TTL_MS = 30 * 24 * 3_600_000;

/** One-process store: the embedded default. */
export function createMemoryWallStore(now: () => number = Date.now): WallStore {
  const pendings = new Map<string, PendingPairing>();
  const codes = new Map<string, string>();
  const devices = new Map<string, WallDevice>();
  const live = (p: PendingPairing | undefined) => (p && p.expiresAt > now() ? p : null);
  const alive = (d: WallDevice | undefined) =>
    d && (d.lastSeenAt ?? d.createdAt) + WALL_IDLE_TTL_MS > now() ? d : null;
  function sweep() {
    for (const [id, p] of pendings)
      if (p.expiresAt <= now()) {
        pendings.delete(id);
        if (codes.get(p.code) === id) codes.delete(p.code);
      }
  }
  return {
    async addPending(p) {
      sweep();
      if (codes.has(p.code)) return false;
      pendings.set(p.id, p);
      codes.set(p.code, p.id);
      return true;
    },
    async pending(id) {
      return live(pendings.get(id));
    },
    async claimCode(code) {
      sweep();
      const id = codes.get(code);
      if (!id) return null;
      codes.delete(code);
      return live(pendings.get(id));
    },
    async releaseCode(p) {
      if (live(pendings.get(p.id)) && !codes.has(p.code)) codes.set(p.code, p.id);
    },
    async markPaired(pendingId, deviceId) {
      const p = live(pendings.get(pendingId));
      if (p) pendings.set(pendingId, { ...p, deviceId });
    },
    async takePending(id) {
      const p = live(pendings.get(id));
      pendings.delete(id);
      if (p && codes.get(p.code) === id) codes.delete(p.code);
      return p;
    },
    async save(d) {
      devices.set(d.id, d);
    },
    async device(id) {
      return alive(devices.get(id));
    },
    async touch(id, at, address) {
      const d = devices.get(id);
      if (d) devices.set(id, { ...d, lastSeenAt: at, lastAddress: address });
    },
    async remove(id) {
      return devices.delete(id);
    },
    async byAgencies(agencyIds) {
      const ids = new Set(agencyIds);
      return [...devices.values()].filter((d) => alive(d) && ids.has(d.agencyId));
    },
    async byPairer(contactNumber) {
      return [...devices.values()].filter((d) => alive(d) && d.pairedBy.contactNumber === contactNumber);
    },
    async close() {
      pendings.clear();
      codes.clear();
    },
  };
}
