import type { AuditEntry } from './auditEntry';

type Observer = (entry: AuditEntry) => void;

/**
 * The bridge's one way to write the audit: each entry is written, then every observer hears it
 * (the mail-send count, test reminders, live anomalies). What follows audit entries registers
 * here, so the composition root keeps no wrapper of `record` of its own.
 * NOTE: an observer that throws is logged by `onObserverError` and never fails the write.
 */
export function createAuditTrail(
  write: (entry: AuditEntry) => Promise<void>,
  onObserverError: (e: unknown) => void,
) {
  const observers: Observer[] = [];
  return {
    async record(entry: AuditEntry): Promise<void> {
      await write(entry);
      for (const observe of observers)
        try {
          observe(entry);
        } catch (e) {
          onObserverError(e);
        }
    },
    observe(observer: Observer): void {
      observers.push(observer);
    },
  };
}
export type AuditTrail = ReturnType<typeof createAuditTrail>;
