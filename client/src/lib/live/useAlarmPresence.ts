import { useCallback, useSyncExternalStore } from 'react';
import type { PresenceMessage } from '../../../../shared/live/protocol';
import { useLiveClient } from './LiveProvider';
import type { LiveClient } from './liveClient';

/** Someone else's screen has a dialog open on an alarm (docs/protocol.md, `presence`). */
export interface AlarmPresence {
  userName: string;
  action: Exclude<PresenceMessage['action'], 'none'>;
  socketId: string;
}

/** Alarm id (`alarminc_No`) → who is handling it, other screens only. */
export type AgencyPresence = ReadonlyMap<string, readonly AlarmPresence[]>;

const NONE: AgencyPresence = new Map();

/**
 * The presences one live connection has heard, per agency. The bridge sends an agency's current
 * presences when the screen subscribes to its alarms, then every change; a disconnect forgets
 * them all (the bridge sends them again after the resubscribe).
 */
function createPresenceBook(live: LiveClient) {
  // agency → socket → entry (one dialog per screen).
  const agencies = new Map<string, Map<string, PresenceMessage>>();
  const views = new Map<string, AgencyPresence>();
  /**
   * The id a screen subscribed with → the agency's feed id, where they differ: the bridge speaks
   * of a corporate account's presences by its install id (SnapshotMessage.subscribedAs).
   */
  const feedAgency = new Map<string, string>();
  const listeners = new Set<() => void>();
  const changed = (agencyId: string | null) => {
    if (agencyId === null) views.clear();
    else {
      views.delete(agencyId);
      for (const [asked, feed] of feedAgency) if (feed === agencyId) views.delete(asked);
    }
    for (const l of listeners) l();
  };

  live.socket.on('presence', (msg) => {
    // NOTE: this screen's own dialog is not news to it.
    if (msg.socketId === live.socket.id) return;
    let screens = agencies.get(msg.agencyId);
    if (msg.action === 'none') {
      if (screens?.get(msg.socketId)?.alarmId !== msg.alarmId) return;
      screens.delete(msg.socketId);
    } else {
      if (!screens) agencies.set(msg.agencyId, (screens = new Map()));
      screens.set(msg.socketId, msg);
    }
    changed(msg.agencyId);
  });
  live.socket.on('snapshot', (m) => {
    if (m.subscribedAs && feedAgency.get(m.subscribedAs) !== m.agencyId) {
      feedAgency.set(m.subscribedAs, m.agencyId);
      changed(m.subscribedAs);
    }
  });
  live.socket.on('disconnect', () => {
    agencies.clear();
    changed(null);
  });

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    view(agencyId: string): AgencyPresence {
      let view = views.get(agencyId);
      if (!view) {
        const byAlarm = new Map<string, AlarmPresence[]>();
        for (const m of agencies.get(feedAgency.get(agencyId) ?? agencyId)?.values() ?? []) {
          if (m.action === 'none') continue;
          const list = byAlarm.get(m.alarmId) ?? [];
          list.push({ userName: m.userName, action: m.action, socketId: m.socketId });
          byAlarm.set(m.alarmId, list);
        }
        view = byAlarm;
        views.set(agencyId, view);
      }
      return view;
    },
  };
}

const books = new WeakMap<LiveClient, ReturnType<typeof createPresenceBook>>();
function bookOf(live: LiveClient) {
  let book = books.get(live);
  if (!book) books.set(live, (book = createPresenceBook(live)));
  return book;
}

/**
 * Who is handling which alarm of an agency right now, from the other screens of the agency:
 * `presence.get(row.alarminc_No)`. Re-renders only when that agency's presences change. The
 * agency's alarms feed must be subscribed (the Active Alarms grid does) to hear them.
 */
export function useAlarmPresence(agencyId: string | null): AgencyPresence {
  const book = bookOf(useLiveClient());
  const getSnapshot = useCallback(() => (agencyId ? book.view(agencyId) : NONE), [book, agencyId]);
  return useSyncExternalStore(book.subscribe, getSnapshot);
}

/** The badge text: '{name} is handling this' (two or more: 'A and B are handling this'). */
export function handlingText(list: readonly AlarmPresence[] | undefined): string | null {
  if (!list || list.length === 0) return null;
  const names = [...new Set(list.map((p) => p.userName))];
  if (names.length === 1) return `${names[0]} is handling this`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} are handling this`;
}
