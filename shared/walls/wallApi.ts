import { z } from 'zod';
import type { FeedName } from '../live/protocol';

/**
 * The HTTP contract of wall displays (docs/api.md, "Wall displays"): a waiting wall asks for a
 * pairing code, a signed-in user pairs it in Settings, the wall then holds a device credential
 * of its own. Both sides import these schemas; the bridge validates every body with them.
 */

/** What a wall shows, in turn: the active alarms, counts by type, the map. */
export const WALL_VIEWS = ['alarms', 'counts', 'map'] as const;
export type WallView = (typeof WALL_VIEWS)[number];

export const WALL_VIEW_LABELS: Readonly<Record<WallView, string>> = {
  alarms: 'Active alarms',
  counts: 'Counts by type',
  map: 'Map',
};

/** The live feeds each view reads; a wall may subscribe to these and no others. */
const FEEDS_OF_VIEW: Readonly<Record<WallView, readonly FeedName[]>> = {
  alarms: ['alarms'],
  counts: ['alarms', 'events'],
  map: ['alarms'],
};

/** The feeds a wall showing `views` needs. */
export function feedsOfViews(views: readonly WallView[]): Set<FeedName> {
  return new Set(views.flatMap((v) => FEEDS_OF_VIEW[v]));
}

/** Letters and digits nobody misreads across a room: no 0/O, 1/I/L, 5/S, 2/Z, 8/B. */
export const PAIRING_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const PAIRING_CODE_LENGTH = 6;

/** A code as typed (any case, spaces or a dash) in its one spelling, `XXXXXX`; null when it cannot be one. */
export function normalizePairingCode(typed: string): string | null {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '');
  if (plain.length !== PAIRING_CODE_LENGTH) return null;
  for (const ch of plain) if (!PAIRING_ALPHABET.includes(ch)) return null;
  return plain;
}

/** `XXXXXX` as shown on the wall and in the card: `XXX-XXX`. */
export function formatPairingCode(code: string): string {
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}

export const wallViewSchema = z.enum(WALL_VIEWS);

/** `POST /api/walls`: pair a waiting wall. */
export const pairWallSchema = z.strictObject({
  code: z.string().min(1).max(20),
  agencyId: z.string().min(1).max(40),
  views: z.array(wallViewSchema).min(1).max(WALL_VIEWS.length),
  name: z.string().trim().max(60).optional(),
});
export type PairWallRequest = z.infer<typeof pairWallSchema>;

/** A wall as the Settings card lists it. */
export const wallSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  agencyId: z.string(),
  agencyName: z.string(),
  views: z.array(wallViewSchema),
  pairedBy: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number().nullable(),
  lastAddress: z.string().nullable(),
});
export type WallSummary = z.infer<typeof wallSummarySchema>;

export const wallListSchema = z.object({ walls: z.array(wallSummarySchema) });

/** What a paired wall needs to show itself (`GET /api/walls/device`). */
export const wallShowsSchema = z.object({
  name: z.string(),
  agencyId: z.string(),
  agencyName: z.string(),
  views: z.array(wallViewSchema).min(1),
});
export type WallShows = z.infer<typeof wallShowsSchema>;

/** `POST /api/walls/pairing` and `GET /api/walls/pairing`: the waiting wall's state. */
export const pairingStateSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('waiting'), code: z.string(), expiresAt: z.number() }),
  z.object({ state: z.literal('paired'), wall: wallShowsSchema }),
  /** No code is waiting (expired, or never asked for): ask for a new one. */
  z.object({ state: z.literal('none') }),
]);
export type PairingState = z.infer<typeof pairingStateSchema>;

/** `GET /api/walls/device`: whether this browser is a paired wall. */
export const deviceStateSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('paired'), wall: wallShowsSchema }),
  z.object({ state: z.literal('unpaired') }),
]);
export type DeviceState = z.infer<typeof deviceStateSchema>;

/** Every sentence a dealer reads about wall displays (docs/api.md lists them). */
export const WALL_MESSAGES = {
  waiting:
    'To show this agency’s alarms here, open Settings → Wall displays on your computer and enter this code.',
  codeExpires: 'The code changes every 10 minutes.',
  paired: 'Wall display added. It shows the live wall within a few seconds.',
  removed: 'Wall display removed. It shows a new pairing code.',
  codeUnknown:
    'That pairing code is not waiting on any wall display. Check the code on the wall and try again.',
  codeBadShape: 'A pairing code has six letters and digits, like KX4-7HM as shown on the wall.',
  tooManyAttempts: 'Too many pairing attempts. Please wait 10 minutes and try again.',
  tooManyCodes: 'Too many pairing codes asked from this address. Please wait 10 minutes.',
  agencyNotYours: 'You do not have access to that agency.',
  needsLiveView: 'Only users who may see the Live Alarm View can add wall displays.',
  notYourWall: 'Only the user who added this wall display, or the account owner, may remove it.',
  wallGone: 'This wall display was already removed.',
  readOnly: 'A wall display only shows its live views.',
  noWalls: 'No wall displays yet.',
  offline: 'Cannot reach the portal; trying again…',
} as const;
