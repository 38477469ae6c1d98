import type { DeltaMessage, FeedName, FeedRef, RecordingInfo } from '../../shared/live/protocol';
import type { PollReport } from '../feeds/agencyFeed';
import type { RecordLine } from './recordingFormat';
import type { Moment, MomentKind } from './recordingMoments';

/** A search of the recorded moments, over agencies the caller may see (already checked). */
export interface MomentQuery {
  agencies: readonly string[];
  from: number;
  to: number;
  csNo?: string;
  /** An event code, or words of the description (case-insensitive). */
  eventType?: string;
  kinds?: readonly MomentKind[];
  limit: number;
}

/** A moment with the recording it is in and where: what "open the replay at it" needs. */
export interface FoundMoment extends Moment {
  recording: string;
  offsetMs: number;
}

/**
 * Where recordings are kept: files on this host (RECORDINGS_DIR) or PostgreSQL shared by every
 * bridge (DATABASE_URL). The replay, the search and the export read through this and nothing else.
 */
export interface RecordingStore {
  readonly kind: 'files' | 'postgres';
  /** How far back recordings go (RECORDINGS_KEEP). */
  readonly keepMs: number;
  /** A poll of a feed this process polls. Never waits on the store. */
  record(r: PollReport): void;
  /** Recordings (segments, each starting whole) of these agencies, newest first. */
  list(agencies: ReadonlySet<string>): Promise<RecordingInfo[]>;
  /** One recording's lines; null when there is none of that name. */
  read(name: string): Promise<RecordLine[] | null>;
  /** The recording of a feed that holds the moment `at`, if any. */
  recordingAt(
    agencyId: string,
    feed: FeedName,
    at: number,
  ): Promise<{ name: string; startedAt: number } | null>;
  search(q: MomentQuery): Promise<FoundMoment[]>;
  /**
   * One feed's lines from `from` to `to`: a `full` line with the state at `from` (null when nothing
   * was recorded by then), then every line after it up to `to`.
   */
  range(agencyId: string, feed: FeedName, from: number, to: number): Promise<RecordLine[]>;
  /**
   * The feed store's backlog, for a store that catches up after a takeover (PostgreSQL): bound once
   * the feeds are built.
   */
  useBacklog?(backlog: (ref: FeedRef, epoch: string, seq: number) => Promise<DeltaMessage[] | null>): void;
  /** Applies the retention now (it also runs on its own). */
  prune(): Promise<void>;
  /** Writes what is queued, then stops. */
  close(): Promise<void>;
}
