import {
  anomaliesMessageSchema,
  type AnomaliesMessage,
  type AnomalyEpisode,
} from '../../../../shared/anomalies/anomalyApi';
import type { LiveClient } from './liveClient';

const NONE: readonly AnomalyEpisode[] = [];

/**
 * The open live anomalies one live connection has heard, per agency (docs/protocol.md,
 * `anomalies`). The bridge sends an agency's list when the screen subscribes to its alarms, then
 * the whole list on every change (moved counts within 5 s); the newest list wins. A disconnect keeps them until the
 * resubscribe sends them again (a strip that blinks on every reconnect is noise).
 */
export function createAnomalyBook(live: Pick<LiveClient, 'socket'>) {
  const lists = new Map<string, AnomaliesMessage>();
  /** Per agency, the episodes of the first list heard (open before the screen came): not news. */
  const firstIds = new Map<string, ReadonlySet<string>>();
  /** Per agency, the open episodes that opened since: what a screen reader is told of. */
  const news = new Map<string, readonly AnomalyEpisode[]>();
  /** The id a screen subscribed with → the agency's feed id, where they differ (corporate accounts). */
  const feedAgency = new Map<string, string>();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const l of [...listeners]) l();
  };
  live.socket.on('anomalies', (raw: unknown) => {
    // NOTE: checked, since it comes off the wire.
    const parsed = anomaliesMessageSchema().safeParse(raw);
    if (!parsed.success) return;
    const msg = parsed.data;
    const was = lists.get(msg.agencyId);
    if (was && was.at > msg.at) return;
    lists.set(msg.agencyId, msg);
    let first = firstIds.get(msg.agencyId);
    if (!first) firstIds.set(msg.agencyId, (first = new Set(msg.episodes.map((e) => e.id))));
    const known = first;
    news.set(
      msg.agencyId,
      msg.episodes.filter((e) => !known.has(e.id)),
    );
    changed();
  });
  live.socket.on('snapshot', (m) => {
    if (m.subscribedAs && feedAgency.get(m.subscribedAs) !== m.agencyId) {
      feedAgency.set(m.subscribedAs, m.agencyId);
      changed();
    }
  });
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    episodes(agencyId: string): readonly AnomalyEpisode[] {
      return lists.get(feedAgency.get(agencyId) ?? agencyId)?.episodes ?? NONE;
    },
    /** Whether the agency's list has come (it comes just before the alarms' first rows). */
    heard(agencyId: string): boolean {
      return lists.has(feedAgency.get(agencyId) ?? agencyId);
    },
    /** The open episodes that opened while this screen was there (not those it found open). */
    news(agencyId: string): readonly AnomalyEpisode[] {
      return news.get(feedAgency.get(agencyId) ?? agencyId) ?? NONE;
    },
  };
}

const books = new WeakMap<Pick<LiveClient, 'socket'>, ReturnType<typeof createAnomalyBook>>();
/**
 * The book of a live client, made once. NOTE: the client's maker calls it as the client opens: an
 * agency's list comes with the alarms subscribe, which a deep link makes before any screen renders.
 */
export function anomalyBookOf(live: Pick<LiveClient, 'socket'>) {
  let book = books.get(live);
  if (!book) books.set(live, (book = createAnomalyBook(live)));
  return book;
}
