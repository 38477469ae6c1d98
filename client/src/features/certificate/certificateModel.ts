/**
 * The Monitoring Certificate's rules (docs/product/reports-and-settings.md#entities, #states,
 * #validation, #constants), pure: the monitored-condition codes, the paper sizes, the Other and
 * expiry rules, the file name.
 */

export interface CertificateFields {
  csNo: string;
  siteName: string;
  siteAddr1: string;
  siteAddr2: string;
  siteCity: string;
  siteState: string;
  siteZip: string;
  dealerName: string;
  dealerAddr1: string;
  dealerAddr2: string;
  dealerCity: string;
  dealerState: string;
  dealerZip: string;
  /** Ticked condition codes (B, P, C, F, ME, N, O). */
  monitored: string[];
  otherText: string;
  /** yyyy-mm-dd */
  expiry: string;
}

export const MONITORED_CONDITIONS = [
  { code: 'B', label: 'Burglary' },
  { code: 'P', label: 'Panic / Holdup' },
  { code: 'C', label: 'Carbon Monoxide' },
  { code: 'F', label: 'Fire' },
  { code: 'ME', label: 'Medical / Emergency' },
  { code: 'N', label: 'Proactive Video Monitoring' },
  { code: 'O', label: 'Other' },
] as const;

export interface PaperSize {
  id: number;
  label: string;
  /** Points; null for Auto (the page fits the certificate). */
  size: { w: number; h: number } | null;
}

export const PAPER_SIZES: readonly PaperSize[] = [
  { id: 1001, label: 'Legal', size: { w: 612, h: 1008 } },
  { id: 1002, label: 'Auto', size: null },
  { id: 1003, label: 'A4', size: { w: 595.28, h: 841.89 } },
  { id: 1004, label: 'Letter', size: { w: 612, h: 792 } },
];
export const DEFAULT_PAPER = 1001;

export const CERTIFICATE_MESSAGES = {
  placeholder: 'Enter CS# and press enter to generate',
  filled: 'Certificate fields are filled.',
  noRecord: 'No record found.',
  pastExpiry: 'Expiration date cannot be in the past.',
  fillOther: 'Please fill others field to auto select',
} as const;

/** The monitored list of the upstream ("B|P|F"): known codes, in the checklist's order. */
export function parseMonitored(text: string | null | undefined): string[] {
  const codes = new Set(
    (text ?? '')
      .split('|')
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean),
  );
  return MONITORED_CONDITIONS.map((c) => c.code).filter((c) => codes.has(c));
}

/**
 * Ticking a condition. 'Other' is ticked only with its text; ticking it without text gives the
 * message and leaves it unticked.
 */
export function tickCondition(
  f: Pick<CertificateFields, 'monitored' | 'otherText'>,
  code: string,
  on: boolean,
): { monitored: string[]; message: string | null } {
  if (code === 'O' && on && f.otherText.trim() === '')
    return { monitored: f.monitored, message: CERTIFICATE_MESSAGES.fillOther };
  const set = new Set(f.monitored);
  if (on) set.add(code);
  else set.delete(code);
  return { monitored: MONITORED_CONDITIONS.map((c) => c.code).filter((c) => set.has(c)), message: null };
}

/** Typing the Other text: more than one character ticks Other; emptying it unticks it. */
export function typeOther(f: Pick<CertificateFields, 'monitored'>, text: string): string[] {
  const without = f.monitored.filter((c) => c !== 'O');
  if (text.trim().length > 1) return [...without, 'O'];
  if (text.trim() === '') return without;
  return f.monitored;
}

/** The expiry must be a date after today (local); the message otherwise, null when it is fine. */
export function expiryProblem(expiry: string, today: Date): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(expiry);
  if (!m) return CERTIFICATE_MESSAGES.pastExpiry;
  const day = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return day.getTime() > start.getTime() ? null : CERTIFICATE_MESSAGES.pastExpiry;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The account number plus a timestamp (docs/product/reports-and-settings.md#constants):
 * C21001-0001_20261124_081530.pdf
 */
export function certificateFileName(csNo: string, at: Date): string {
  const safe = csNo.replace(/[^\w.-]+/g, '_') || 'certificate';
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}_${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `${safe}_${stamp}.pdf`;
}

/** A date input's value as MM/DD/YYYY for the certificate. */
export function certificateDate(value: string | Date): string {
  if (value instanceof Date)
    return `${pad(value.getMonth() + 1)}/${pad(value.getDate())}/${value.getFullYear()}`;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}

/** One year from today, the wizard's default expiry (yyyy-mm-dd). */
export function defaultExpiry(today: Date): string {
  const d = new Date(today.getFullYear() + 1, today.getMonth(), today.getDate());
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
