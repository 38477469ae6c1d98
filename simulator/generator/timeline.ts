interface Entry<T> {
  at: number;
  seq: number;
  item: T;
}

/** A min-heap of things due at a time; equal times come out in the order they went in. */
export class Timeline<T> {
  private heap: Entry<T>[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  push(at: number, item: T): void {
    this.heap.push({ at, seq: this.seq++, item });
    this.up(this.heap.length - 1);
  }

  /** The time of the next entry, or Infinity. */
  nextAt(): number {
    return this.heap.length > 0 ? this.heap[0].at : Number.POSITIVE_INFINITY;
  }

  pop(): { at: number; item: T } | undefined {
    const top = this.heap[0];
    if (!top) return undefined;
    const last = this.heap.pop() as Entry<T>;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      this.down(0);
    }
    return { at: top.at, item: top.item };
  }

  /** Moves every entry later by `ms` (a pause); the order is unchanged. */
  shift(ms: number): void {
    for (const e of this.heap) e.at += ms;
  }

  /** Drops the entries a predicate selects. */
  remove(pred: (item: T) => boolean): void {
    this.heap = this.heap.filter((e) => !pred(e.item));
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.down(i);
  }

  clear(): void {
    this.heap = [];
  }

  private less(a: Entry<T>, b: Entry<T>): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private up(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i], h[p])) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.less(h[l], h[m])) m = l;
      if (r < h.length && this.less(h[r], h[m])) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m], h[i]];
      i = m;
    }
  }
}
