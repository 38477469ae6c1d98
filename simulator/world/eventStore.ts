import type { SimEvent } from './types';

export type NewEvent = Omit<SimEvent, 'id'>;

/**
 * Every event ever generated, with indexes per agency, system and test.
 * Ids grow with time: an event appended with an earlier time than the last one is moved up to
 * that time, so within an agency the list is sorted by time and by id at once and a time window
 * is found by binary search.
 */
export class EventStore {
  /** Dense by id: events[id - firstId]. */
  private byId: SimEvent[] = [];
  private readonly agencyIndex = new Map<string, SimEvent[]>();
  private readonly systemIndex = new Map<number, SimEvent[]>();
  private readonly testIndex = new Map<number, SimEvent[]>();
  private nextId: number;
  private lastAt = 0;

  constructor(private readonly firstId = 1) {
    this.nextId = firstId;
  }

  append(input: NewEvent): SimEvent {
    const at = Math.max(input.at, this.lastAt);
    // Built field by field so every event has the same shape (this runs 100k times at start).
    const event: SimEvent = {
      id: this.nextId++,
      at,
      agencyId: input.agencyId,
      siteNo: input.siteNo,
      systemNo: input.systemNo,
      csNo: input.csNo,
      eventrptId: input.eventrptId,
      eventId: input.eventId,
      description: input.description,
      zoneId: input.zoneId,
      comment: input.comment,
      testSeqno: input.testSeqno,
      isTestCleared: input.isTestCleared,
      alarmincNo: input.alarmincNo,
      user: input.user,
      dispatch: input.dispatch,
    };
    this.lastAt = at;
    this.byId.push(event);
    push(this.agencyIndex, event.agencyId, event);
    push(this.systemIndex, event.systemNo, event);
    if (event.testSeqno > 0) push(this.testIndex, event.testSeqno, event);
    return event;
  }

  get(id: number): SimEvent | undefined {
    return Number.isInteger(id) ? this.byId[id - this.firstId] : undefined;
  }

  get size(): number {
    return this.byId.length;
  }

  /** The id the next event will get. */
  get peekNextId(): number {
    return this.nextId;
  }

  /** An agency's events, oldest first. Do not mutate. */
  ofAgency(agencyId: string): readonly SimEvent[] {
    return this.agencyIndex.get(agencyId) ?? [];
  }

  /** An agency's events with `from <= at <= to`, oldest first. */
  ofAgencyBetween(agencyId: string, from: number, to = Number.POSITIVE_INFINITY): readonly SimEvent[] {
    const list = this.ofAgency(agencyId);
    return list.slice(lowerBound(list, from), upperBound(list, to));
  }

  /** A system's events, oldest first. */
  ofSystem(systemNo: number): readonly SimEvent[] {
    return this.systemIndex.get(systemNo) ?? [];
  }

  /** The events written under one on-test record. */
  ofTest(seqno: number): readonly SimEvent[] {
    return this.testIndex.get(seqno) ?? [];
  }

  /** All agencies' events, oldest first. */
  *all(): IterableIterator<SimEvent> {
    yield* this.byId;
  }

  /** Marks every event of a test as belonging to a cleared (or ended) test. Returns how many changed. */
  markTestCleared(seqno: number): number {
    let changed = 0;
    for (const e of this.ofTest(seqno)) {
      if (e.isTestCleared !== 'Y') {
        e.isTestCleared = 'Y';
        changed++;
      }
    }
    return changed;
  }

  clear(): void {
    this.byId = [];
    this.agencyIndex.clear();
    this.systemIndex.clear();
    this.testIndex.clear();
    this.nextId = this.firstId;
    this.lastAt = 0;
  }
}

function push<K>(index: Map<K, SimEvent[]>, key: K, event: SimEvent) {
  const list = index.get(key);
  if (list) list.push(event);
  else index.set(key, [event]);
}

/** First index whose time is >= t. */
function lowerBound(list: readonly SimEvent[], t: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid].at < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose time is > t. */
function upperBound(list: readonly SimEvent[], t: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid].at <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
