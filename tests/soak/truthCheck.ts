import type { FeedRef } from '../../shared/live/protocol';
import { sameAsTruth, truth, type Simulator } from '../support/stack';

const key = (r: FeedRef) => `${r.feed}:${r.agencyId}`;
type Row = Record<string, unknown>;

interface FeedTruth {
  rows: { id: string }[];
  /** id -> the row's values as sameAsTruth compares them, over the truth row's own keys. */
  fingerprints: Map<string, { keys: string; fp: string }>;
  version: number;
}

function fingerprint(row: Row, keys: string[]): string {
  return keys.map((k) => String(row[k] ?? '')).join('\u0001');
}

/**
 * Compares screens' rows with the simulator's ground truth (`/_sim/truth`), the way sameAsTruth
 * does (ids, and every field the truth row has), but fast enough to run over 500 screens four
 * times a second: each row's fingerprint is computed once per row object, and a screen whose
 * replica and truth have not changed since the last look is not compared again.
 */
export function createTruthCheck(sim: Simulator, feeds: FeedRef[]) {
  const truths = new Map<string, FeedTruth>();
  const rowFp = new WeakMap<object, { keys: string; fp: string }>();
  const memo = new Map<string, { replica: number; truth: number; equal: boolean }>();
  let nextVersion = 1;

  async function refresh(): Promise<void> {
    await Promise.all(
      feeds.map(async (ref) => {
        const rows = await truth(sim, ref.agencyId, ref.feed);
        const fingerprints = new Map<string, { keys: string; fp: string }>();
        for (const r of rows) {
          const keys = Object.keys(r).filter((k) => k !== 'id' && k !== 'totalRows');
          fingerprints.set(r.id, { keys: keys.join(','), fp: fingerprint(r as Row, keys) });
        }
        const prev = truths.get(key(ref));
        const same =
          prev &&
          prev.fingerprints.size === fingerprints.size &&
          [...fingerprints].every(([id, f]) => prev.fingerprints.get(id)?.fp === f.fp);
        truths.set(key(ref), same ? prev : { rows, fingerprints, version: nextVersion++ });
      }),
    );
  }

  function equal(
    ref: FeedRef,
    rows: ReadonlyMap<string, object>,
    replicaVersion: number,
    memoKey: string,
  ): boolean {
    const t = truths.get(key(ref));
    if (!t) return false;
    const m = memo.get(memoKey);
    if (m && m.replica === replicaVersion && m.truth === t.version) return m.equal;
    let ok = rows.size === t.fingerprints.size;
    if (ok) {
      for (const [id, want] of t.fingerprints) {
        const row = rows.get(id);
        if (!row) {
          ok = false;
          break;
        }
        let got = rowFp.get(row);
        if (!got || got.keys !== want.keys) {
          got = { keys: want.keys, fp: fingerprint(row as Row, want.keys ? want.keys.split(',') : []) };
          rowFp.set(row, got);
        }
        if (got.fp !== want.fp) {
          ok = false;
          break;
        }
      }
    }
    memo.set(memoKey, { replica: replicaVersion, truth: t.version, equal: ok });
    return ok;
  }

  return {
    refresh,
    /** True when the rows equal the truth as last refreshed. */
    equal,
    /** The authoritative comparison, with the shared test helper, for the final verdict. */
    exactlyEqual(ref: FeedRef, rows: ReadonlyMap<string, object>): boolean {
      const t = truths.get(key(ref));
      return !!t && sameAsTruth(rows, t.rows);
    },
    /** Rows missing from, extra to, or different from the truth: what a failed screen shows. */
    differences(ref: FeedRef, rows: ReadonlyMap<string, object>) {
      const t = truths.get(key(ref));
      if (!t) return { missing: -1, extra: -1, changed: -1, truthRows: 0, rows: rows.size };
      let missing = 0;
      let changed = 0;
      for (const [id, want] of t.fingerprints) {
        const row = rows.get(id);
        if (!row) missing++;
        else if (fingerprint(row as Row, want.keys ? want.keys.split(',') : []) !== want.fp) changed++;
      }
      const extra = [...rows.keys()].filter((id) => !t.fingerprints.has(id)).length;
      return { missing, extra, changed, truthRows: t.fingerprints.size, rows: rows.size };
    },
  };
}
export type TruthCheck = ReturnType<typeof createTruthCheck>;
