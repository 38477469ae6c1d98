import type { DeltaMessage } from '../../shared/live/protocol';

/** What makes one published delta itself: when its poll ended and which rows it touched. */
function signature(d: DeltaMessage): string {
  return `${d.at}|${d.upserts.map((u) => u.id).join(',')}|${d.removes.join(',')}`;
}

export interface Conflict {
  feed: string;
  agencyId: string;
  epoch: string;
  seq: number;
  first: string;
  other: string;
  seenAt: number;
}

/**
 * Every delta any screen received, by feed, epoch and sequence number. One poller per feed means
 * one delta per number: two different deltas under the same number are two processes committing
 * the same feed at once (split brain), and one of them is lost to every screen that applied the other.
 */
export function createDeltaLedger(clock: () => number = Date.now) {
  const seen = new Map<string, string>();
  const conflicts: Conflict[] = [];
  /** feed key -> epoch -> first time seen, highest seq, count of distinct seqs. */
  const epochs = new Map<string, Map<string, { firstSeenAt: number; maxSeq: number; seqs: Set<number> }>>();

  return {
    record(d: DeltaMessage) {
      const id = `${d.feed}:${d.agencyId}:${d.epoch}:${d.seq}`;
      const sig = signature(d);
      const prev = seen.get(id);
      if (prev === undefined) {
        seen.set(id, sig);
        const fk = `${d.feed}:${d.agencyId}`;
        let byEpoch = epochs.get(fk);
        if (!byEpoch) epochs.set(fk, (byEpoch = new Map()));
        let e = byEpoch.get(d.epoch);
        if (!e) byEpoch.set(d.epoch, (e = { firstSeenAt: clock(), maxSeq: d.seq, seqs: new Set() }));
        e.maxSeq = Math.max(e.maxSeq, d.seq);
        e.seqs.add(d.seq);
      } else if (
        prev !== sig &&
        !conflicts.some((c) => `${c.feed}:${c.agencyId}:${c.epoch}:${c.seq}` === id && c.other === sig)
      ) {
        conflicts.push({
          feed: d.feed,
          agencyId: d.agencyId,
          epoch: d.epoch,
          seq: d.seq,
          first: prev,
          other: sig,
          seenAt: clock(),
        });
      }
    },
    conflicts: () => conflicts,
    /** Per feed: how many epochs were seen, and sequence numbers no screen ever received as a delta. */
    summary() {
      const out: { feed: string; epochs: number; deltas: number; unseenSeqs: number }[] = [];
      for (const [feed, byEpoch] of epochs) {
        let deltas = 0;
        let unseen = 0;
        for (const e of byEpoch.values()) {
          deltas += e.seqs.size;
          const low = Math.min(...e.seqs);
          unseen += e.maxSeq - low + 1 - e.seqs.size;
        }
        out.push({ feed, epochs: byEpoch.size, deltas, unseenSeqs: unseen });
      }
      return out.sort((a, b) => a.feed.localeCompare(b.feed));
    },
  };
}
export type DeltaLedger = ReturnType<typeof createDeltaLedger>;
