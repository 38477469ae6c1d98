import type { BridgeConfig } from '../config/bridgeConfig';
import type { Logger } from '../observability/logger';
import { createFileRecordingStore } from './fileRecordingStore';
import { createPgRecordingStore } from './pgRecordingStore';
import type { RecordingStore } from './recordingStore';

/**
 * Where this bridge keeps recordings: PostgreSQL shared by every bridge with DATABASE_URL, else
 * files on this host (docs/recordings.md).
 */
export function buildRecordingStore(
  config: BridgeConfig,
  logger: Logger,
  counts: { writeFailed(): void; linesDropped(n: number): void },
): RecordingStore {
  if (!config.DATABASE_URL) return createFileRecordingStore(config, logger, counts.writeFailed);
  return createPgRecordingStore({
    connectionString: config.DATABASE_URL,
    table: config.RECORDINGS_TABLE,
    record: config.RECORD_AGENCIES ?? [],
    keepMs: config.RECORDINGS_KEEP,
    maxBytes: config.RECORDINGS_MAX_BYTES,
    logger,
    onDropped: counts.linesDropped,
    onWriteFailed: counts.writeFailed,
  });
}
