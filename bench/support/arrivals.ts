import type { Arrival } from './lightScreen';

interface SeqRecord {
  times: number[];
  bytes: number;
  /** The first copy's text (light screens) or decoded message (socket.io screens). */
  first: string;
}

/** Arrival times of every delta at every screen of a runner, by feed and sequence number. */
export class Arrivals {
  private byKey = new Map<string, Map<number, SeqRecord>>();

  add(a: Pick<Arrival, 'key' | 'seq' | 't' | 'bytes'>, first: () => string) {
    let seqs = this.byKey.get(a.key);
    if (!seqs) this.byKey.set(a.key, (seqs = new Map()));
    let r = seqs.get(a.seq);
    if (!r) seqs.set(a.seq, (r = { times: [], bytes: a.bytes, first: first() }));
    r.times.push(a.t);
  }

  /** The first sequence number above `after` that `expected` screens have, once they all have it. */
  complete(key: string, after: number, expected: number) {
    const seqs = this.byKey.get(key);
    if (!seqs) return null;
    let best: number | null = null;
    for (const [seq, r] of seqs)
      if (seq > after && r.times.length >= expected && (best === null || seq < best)) best = seq;
    return best === null ? null : { seq: best, ...seqs.get(best)! };
  }

  /** Every sequence number of a feed with its first copy and how many screens have it. */
  list(key: string) {
    return [...(this.byKey.get(key) ?? new Map<number, SeqRecord>()).entries()].map(([seq, r]) => ({
      seq,
      count: r.times.length,
      bytes: r.bytes,
      first: r.first,
    }));
  }

  get(key: string, seq: number) {
    return this.byKey.get(key)?.get(seq) ?? null;
  }

  keys() {
    return [...this.byKey.keys()];
  }

  clear() {
    this.byKey.clear();
  }
}
