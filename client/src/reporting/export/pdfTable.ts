// NOTE: one PDF writer for the screen's exports and the bridge's scheduled e-mails (shared/export).
export * from '../../../../shared/export/pdfTable';
