/** A recording file as the retention sees it. */
export interface RecordingFile {
  name: string;
  bytes: number;
  /** Its last write: a segment is as old as the newest moment it holds. */
  modifiedAt: number;
}

export interface RetentionLimits {
  /** Keep what was written within this long before `now` (a rolling window). */
  keepMs: number;
  /** All files together stay at or under this many bytes. */
  maxBytes: number;
}

/**
 * The recordings to delete: every file last written before the rolling window, then the oldest
 * until the rest fit the byte cap. Files being written (`open`) are never chosen: the recorder
 * still writes to them and a replay may be reading them.
 */
export function expiredRecordings(
  files: readonly RecordingFile[],
  now: number,
  limits: RetentionLimits,
  open: ReadonlySet<string> = new Set(),
): string[] {
  const out: string[] = [];
  const kept: RecordingFile[] = [];
  for (const f of files) {
    if (!open.has(f.name) && now - f.modifiedAt > limits.keepMs) out.push(f.name);
    else kept.push(f);
  }
  let total = kept.reduce((n, f) => n + f.bytes, 0);
  for (const f of [...kept].sort((a, b) => a.modifiedAt - b.modifiedAt)) {
    if (total <= limits.maxBytes) break;
    if (open.has(f.name)) continue;
    out.push(f.name);
    total -= f.bytes;
  }
  return out;
}

/**
 * How long one file of a feed covers before the next starts: a sixth of the window (at least a
 * minute, at most an hour), so the window is dropped a segment at a time, not all at once.
 */
export function segmentMs(keepMs: number): number {
  return Math.min(3_600_000, Math.max(60_000, Math.round(keepMs / 6)));
}
