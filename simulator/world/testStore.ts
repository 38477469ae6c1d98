import type { OnTest } from './types';

/** On-test records: which systems (or zones) are on test, for how long. */
export class TestStore {
  private readonly all = new Map<number, OnTest>();
  private readonly bySystem = new Map<number, OnTest[]>();
  /** Not yet ended: what the expiry sweep looks at. */
  private readonly open = new Set<OnTest>();
  private nextSeqno: number;

  constructor(private readonly firstSeqno = 1) {
    this.nextSeqno = firstSeqno;
  }

  nextNo(): number {
    return this.nextSeqno++;
  }

  add(test: OnTest): void {
    this.all.set(test.seqno, test);
    const list = this.bySystem.get(test.systemNo);
    if (list) list.push(test);
    else this.bySystem.set(test.systemNo, [test]);
    if (test.endedAt == null) this.open.add(test);
  }

  get(seqno: number): OnTest | undefined {
    return this.all.get(seqno);
  }

  end(test: OnTest, at: number, how: 'cleared' | 'expired'): void {
    test.endedAt = at;
    test.endedHow = how;
    this.open.delete(test);
  }

  /** Tests not cleared and not expired (including ones that start in the future). */
  openTests(): OnTest[] {
    return [...this.open];
  }

  /** A system's tests, oldest first. */
  ofSystem(systemNo: number): readonly OnTest[] {
    return this.bySystem.get(systemNo) ?? [];
  }

  /** The test covering a signal of this system and zone at `at`, if any. */
  coveringAt(systemNo: number, zoneId: string | null, at: number): OnTest | undefined {
    const list = this.bySystem.get(systemNo);
    if (!list) return undefined;
    for (let i = list.length - 1; i >= 0; i--) {
      const t = list[i];
      if (t.effective > at || t.expire <= at) continue;
      if (t.endedAt != null && t.endedAt <= at) continue;
      if (t.allZones || (zoneId != null && t.zoneList.includes(zoneId))) return t;
    }
    return undefined;
  }

  /** Open tests whose expiry has passed. */
  expiredAt(now: number): OnTest[] {
    return [...this.open].filter((t) => t.expire <= now);
  }

  *history(): IterableIterator<OnTest> {
    yield* this.all.values();
  }

  clear(): void {
    this.all.clear();
    this.bySystem.clear();
    this.open.clear();
    this.nextSeqno = this.firstSeqno;
  }
}
