import {
  feedRoom,
  presenceSchema,
  subscribeSchema,
  type ErrorMessage,
  type PresenceMessage,
} from '../../shared/live/protocol';
import { FEED_KINDS, PRESENCE_FEEDS } from '../feeds/feedKinds';
import type { Logger } from '../observability/logger';
import type { BridgeSession } from '../session/sessionStore';
import { feedAgencyOf } from '../rights/feedAgency';
import type { ScreenHandler } from './inboundGuard';
import type { LiveNamespace, LiveSocket } from './liveServer';
import type { PresenceStore } from './presenceStore';

interface Deps {
  nsp: LiveNamespace;
  logger: Logger;
  /** Who has which alarm dialog open; in Redis when several processes share screens. */
  store: PresenceStore;
}

/** The name other screens show: first and last name, else the sign-in name. */
export function presenceName(session: Pick<BridgeSession, 'username' | 'profile'>): string {
  const name = [session.profile.firstName, session.profile.lastName]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
  return name || session.username;
}

const broadcastTo = (nsp: LiveNamespace, msg: PresenceMessage) =>
  nsp.to(PRESENCE_FEEDS.map((feed) => feedRoom({ feed, agencyId: msg.agencyId }))).emit('presence', msg);

/**
 * A stopping bridge ends the presences of its screens in one go, as each screen's disconnect
 * would: the screens of other processes hear 'none' at once, not after the entries' TTL.
 */
export async function endPresencesHere(nsp: LiveNamespace, store: PresenceStore): Promise<void> {
  await Promise.all(
    store.heldHere().map(async (entry) => {
      const before = await store.clear(entry.agencyId, entry.socketId).catch(() => entry);
      broadcastTo(nsp, { ...(before ?? entry), action: 'none' });
    }),
  );
}

/**
 * "Who is handling it" (issue 6): a screen with a dispatch, cancel or place-on-test dialog open
 * sends `presence` {agencyId, alarmId, action}; every screen of that agency's alarms room gets
 * `presence` {agencyId, alarmId, userName, action, socketId}. Action 'none', another alarm, or the
 * screen's disconnect (`leave`) clears it (a 'none' goes out). A screen subscribing to an agency's
 * alarms gets that agency's current presences. Built once, each handler takes the screen's socket.
 */
export function createPresenceHandlers(d: Deps): {
  presence: ScreenHandler<'presence'>;
  subscribe: ScreenHandler<'subscribe'>;
  leave(socket: LiveSocket): Promise<void>;
} {
  const { store } = d;
  /** Agencies where a screen has an entry, by socket id; only screens that announced a dialog. */
  const held = new Map<string, Set<string>>();

  const broadcast = (msg: PresenceMessage) => broadcastTo(d.nsp, msg);
  const refuse = (socket: LiveSocket, code: ErrorMessage['code'], message: string) =>
    socket.emit('error', { code, message, about: 'presence' });
  const failed = (socket: LiveSocket, e: unknown) => {
    d.logger.warn({ err: String(e) }, 'presence failed');
    refuse(socket, 'internal', 'Presence is not available right now.');
  };

  return {
    async presence(socket, req) {
      const parsed = presenceSchema().safeParse(req);
      if (!parsed.success)
        return refuse(
          socket,
          'bad_request',
          `Invalid presence: ${parsed.error.issues[0]?.message ?? 'bad shape'}`,
        );
      const { alarmId, action } = parsed.data;
      if (!socket.data.visible.has(parsed.data.agencyId))
        return refuse(socket, 'forbidden', 'You may not see this agency.');
      // Heard in the agency's one feed room, whichever id of a corporate account the screen uses.
      const agencyId = feedAgencyOf(socket.data.session.profile, parsed.data.agencyId);
      try {
        if (action === 'none') {
          // Only the dialog that announced it ends it: a late 'none' for another alarm changes nothing.
          const current = await store.get(agencyId, socket.id);
          if (current?.alarmId !== alarmId) return;
          await store.clear(agencyId, socket.id);
          const mine = held.get(socket.id);
          mine?.delete(agencyId);
          // A screen that left is forgotten by `leave`, which may be walking this set.
          if (mine?.size === 0 && socket.connected) held.delete(socket.id);
          broadcast({ ...current, action: 'none' });
          return;
        }
        const entry: PresenceMessage = {
          agencyId,
          alarmId,
          action,
          userName: presenceName(socket.data.session),
          socketId: socket.id,
        };
        const before = await store.set(entry);
        let mine = held.get(socket.id);
        // NOTE: a screen already gone gets no new set (it would never be forgotten); one whose
        // `leave` is still walking its set adds to it, and is cleared there.
        if (!mine && socket.connected) held.set(socket.id, (mine = new Set()));
        mine?.add(agencyId);
        if (before && before.alarmId !== alarmId) broadcast({ ...before, action: 'none' });
        broadcast(entry);
      } catch (e) {
        failed(socket, e);
      }
    },

    // Alongside the feed handlers' own subscribe: a screen that starts watching an agency's alarms
    // learns who is already handling which of them.
    async subscribe(socket, req) {
      const parsed = subscribeSchema().safeParse(req);
      if (
        !parsed.success ||
        !FEED_KINDS[parsed.data.feed].presence ||
        !socket.data.visible.has(parsed.data.agencyId)
      )
        return;
      try {
        for (const entry of await store.list(feedAgencyOf(socket.data.session.profile, parsed.data.agencyId)))
          if (entry.socketId !== socket.id) socket.emit('presence', entry);
      } catch (e) {
        // NOTE: best effort: the subscribe itself stands, and the screen hears the next changes.
        d.logger.warn({ err: String(e) }, 'listing presences failed');
      }
    },

    /** A screen's disconnect clears its entries; the other screens hear 'none'. */
    async leave(socket) {
      const mine = held.get(socket.id);
      if (!mine) return;
      for (const agencyId of mine) {
        try {
          const before = await store.clear(agencyId, socket.id);
          if (before) broadcast({ ...before, action: 'none' });
        } catch (e) {
          d.logger.warn({ err: String(e) }, 'clearing presence failed');
        }
      }
      held.delete(socket.id);
    },
  };
}
