// NOTE: the report date formats live in shared/ so the bridge's scheduled e-mails print dates alike.
export { formatEventDate, formatReportDate, newestFirst } from '../../../shared/reports/reportDates';

const pad = (n: number) => String(n).padStart(2, '0');

/** MM/dd/yyyy (the no-activity date picker and its call). */
export function formatPickerDate(d: Date): string {
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

/** Reads MM/dd/yyyy strictly; undefined for anything else (or an impossible day). */
export function parsePickerDate(text: string): Date | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return undefined;
  const d = new Date(Number(m[3]), Number(m[1]) - 1, Number(m[2]));
  return d.getMonth() === Number(m[1]) - 1 && d.getDate() === Number(m[2]) ? d : undefined;
}

/** The date in export file names: MM-DD-YYYY (Agency_Dispatch_{date}, Actual_Events_{date}). */
export function fileDate(d: Date): string {
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${d.getFullYear()}`;
}

/** The timestamp in export file names: YYYYMMDD_HHmmss (service_requests_report_{timestamp}). */
export function fileTimestamp(d: Date): string {
  return (
    `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}_` +
    `${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`
  );
}
