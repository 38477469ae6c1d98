import type { AuditEntry, AuditQuery } from './auditEntry';

/**
 * Where audit entries go: append-only. The file log is the embedded default; PostgreSQL is used
 * when DATABASE_URL is set (several bridge processes then share one log).
 */
export interface AuditLog {
  append(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  query(q: AuditQuery): Promise<AuditEntry[]>;
  close(): Promise<void>;
}
