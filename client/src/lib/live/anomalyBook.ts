import {
  anomaliesChangedMessageSchema,
  anomaliesEnvelopeSchema,
  anomaliesMovedMessageSchema,
  anomalyEpisodeSchema,
  sortEpisodes,
  type AnomaliesMessage,
  type AnomalyEpisode,
} from '../../../../shared/anomalies/anomalyApi';
import type { LiveClient } from './liveClient';

const NONE: readonly AnomalyEpisode[] = [];
/** A list asked for again and not come within this long is asked for at the next gap. */
const ASK_AGAIN_MS = 5000;

/**
 * The open live anomalies one live connection has heard, per agency (docs/protocol.md,
 * `anomalies`). The bridge sends an agency's list when the screen subscribes to its alarms (the
 * newest list wins), the episodes that open and close as changes of the list's revision
 * (`anomalies.changed`; a gap asks for the list again), and within 5 s the episodes whose count
 * moved (`anomalies.moved`), which replace theirs. Of one episode the later count is kept
 * (`updatedAt`), whichever message brought it. A disconnect keeps them until the resubscribe
 * sends them again (a strip that blinks on every reconnect is noise).
 */
export function createAnomalyBook(live: Pick<LiveClient, 'socket'>) {
  const lists = new Map<string, AnomaliesMessage>();
  /**
   * Per agency, the highest revision a change named before any list came: a first list older than
   * it is asked for again.
   */
  const early = new Map<string, number>();
  /** Per agency, when its list was last asked for again (one ask at a time). */
  const asked = new Map<string, number>();
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
  const keep = (agencyId: string, list: AnomaliesMessage) => {
    lists.set(agencyId, list);
    let first = firstIds.get(agencyId);
    if (!first) firstIds.set(agencyId, (first = new Set(list.episodes.map((e) => e.id))));
    const known = first;
    news.set(
      agencyId,
      list.episodes.filter((e) => !known.has(e.id)),
    );
    changed();
  };
  /** The agency's list again, from the bridge (it answers with `anomalies`). */
  const askAgain = (agencyId: string) => {
    const last = asked.get(agencyId);
    if (last !== undefined && Date.now() - last < ASK_AGAIN_MS) return;
    asked.set(agencyId, Date.now());
    live.socket.emit('anomalies.list', { agencyId });
  };
  live.socket.on('anomalies', (raw: unknown) => {
    // NOTE: checked, since it comes off the wire: the episodes the book holds already unchanged
    // are kept as held, the others checked (checkedEpisodes).
    const envelope = anomaliesEnvelopeSchema().safeParse(raw);
    if (!envelope.success) return;
    const was = lists.get(envelope.data.agencyId);
    if (was && was.at > envelope.data.at) return;
    const episodes = checkedEpisodes(envelope.data.episodes, was?.episodes ?? NONE);
    if (!episodes) return;
    const msg: AnomaliesMessage = { ...envelope.data, episodes };
    // NOTE: an episode's later count may have come first (a moved count and a list sent by two
    // bridges as the feed moved between them).
    keep(msg.agencyId, was ? { ...msg, episodes: laterOf(msg.episodes, was.episodes) } : msg);
    asked.delete(msg.agencyId);
    // A change came before this list and is not in it (the list was read before the change).
    const before = early.get(msg.agencyId);
    early.delete(msg.agencyId);
    if (before !== undefined && before > msg.rev) askAgain(msg.agencyId);
  });
  live.socket.on('anomalies.changed', (raw: unknown) => {
    const parsed = anomaliesChangedMessageSchema().safeParse(raw);
    if (!parsed.success) return;
    const m = parsed.data;
    const was = lists.get(m.agencyId);
    // No list yet: the list, when it comes, has it or is asked for again.
    if (!was) return void early.set(m.agencyId, Math.max(m.rev, early.get(m.agencyId) ?? 0));
    if (m.rev <= was.rev) return;
    if (m.from !== was.rev) return askAgain(m.agencyId);
    const gone = new Set([...m.closed, ...m.opened.map((e) => e.id)]);
    const episodes = sortEpisodes([...was.episodes.filter((e) => !gone.has(e.id)), ...m.opened]);
    keep(m.agencyId, { ...was, episodes, rev: m.rev, at: Math.max(was.at, m.at) });
  });
  live.socket.on('anomalies.moved', (raw: unknown) => {
    const parsed = anomaliesMovedMessageSchema().safeParse(raw);
    if (!parsed.success) return;
    const msg = parsed.data;
    const was = lists.get(msg.agencyId);
    // Moved counts of a list not heard yet, or older than the list: the list has what is open.
    if (!was || was.at > msg.at) return;
    const episodes = laterOf(was.episodes, msg.episodes);
    if (episodes !== was.episodes) keep(msg.agencyId, { ...was, episodes });
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

/**
 * A list's episodes as the book keeps them: each one it holds unchanged (the same id, count,
 * window, site name and time of change) is the one held, each other one is checked; null when one
 * does not parse (the whole list is refused, as before). NOTE: checking copies each episode, and a
 * wall heard the list of up to 200 open episodes with every opening: on a TV stick that garbage
 * was 38% of what the wall allocated in a minute of openings (issue 38; docs/performance.md, F36).
 * A list still comes with a subscribe and after a gap. Held episodes are looked for at the same
 * place first: lists keep their order.
 */
function checkedEpisodes(raw: readonly unknown[], held: readonly AnomalyEpisode[]): AnomalyEpisode[] | null {
  let byId: Map<string, AnomalyEpisode> | null = null;
  const out: AnomalyEpisode[] = [];
  for (let i = 0; i < raw.length; i++) {
    const r = raw[i] as Partial<Record<keyof AnomalyEpisode, unknown>> | null;
    const id = typeof r === 'object' && r !== null ? r.id : undefined;
    let h: AnomalyEpisode | undefined = held[i]?.id === id ? held[i] : undefined;
    if (!h && typeof id === 'string' && held.length > 0) {
      byId ??= new Map(held.map((e) => [e.id, e]));
      h = byId.get(id);
    }
    if (
      h &&
      r &&
      r.updatedAt === h.updatedAt &&
      r.count === h.count &&
      r.window === h.window &&
      r.siteName === h.siteName
    ) {
      out.push(h);
      continue;
    }
    const parsed = anomalyEpisodeSchema().safeParse(r);
    if (!parsed.success) return null;
    out.push(parsed.data);
  }
  return out;
}

/**
 * The episodes of `list`, each replaced by its namesake in `other` where that one's count is later;
 * the same array when none is (an unchanged list draws nothing again).
 */
function laterOf(list: readonly AnomalyEpisode[], other: readonly AnomalyEpisode[]): AnomalyEpisode[] {
  const byId = new Map(other.map((e) => [e.id, e]));
  let replaced = false;
  const next = list.map((e) => {
    const o = byId.get(e.id);
    if (!o || o === e || o.updatedAt <= e.updatedAt) return e;
    replaced = true;
    return o;
  });
  return replaced ? next : (list as AnomalyEpisode[]);
}
