/**
 * The advanced search's forms, defaults, checks and request shapes
 * (docs/product/shell-session-search.md#side-panels, #validation, #calls), as pure functions the
 * panel and its tests share.
 */
export const SEARCH_TYPES = [
  { code: 1001, label: 'Account Information' },
  { code: 1002, label: 'Event History Occurrence' },
  { code: 1003, label: 'Search By Contact Information' },
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number]['code'];

export const FILL_ANY_FIELD = 'Please fill out any of the field to search.';
export const INVALID_EMAIL = 'Please enter valid email address.';

// ── Account (1001) ────────────────────────────────────────────────────────────────────────
export const ACCOUNT_FIELDS = [
  { key: 'csNo', label: 'CS No', wire: 'Cs_No' },
  { key: 'siteNo', label: 'Site No', wire: 'Site_No' },
  { key: 'name', label: 'Name', wire: 'Name' },
  { key: 'address', label: 'Address', wire: 'Address' },
  { key: 'address2', label: 'Address 2', wire: 'Address2' },
  { key: 'city', label: 'City', wire: 'City' },
  { key: 'state', label: 'State', wire: 'State' },
  { key: 'zipCode', label: 'ZipCode', wire: 'ZipCode' },
  { key: 'phone', label: 'Phone', wire: 'Phone' },
  { key: 'altId', label: 'Alt ID', wire: 'AltId' },
  { key: 'panelId', label: 'Panel ID', wire: 'PanelId' },
  { key: 'udf1', label: 'UDF 1', wire: 'Udf1' },
  { key: 'udf2', label: 'UDF 2', wire: 'Udf2' },
  { key: 'udf3', label: 'UDF 3', wire: 'Udf3' },
  { key: 'udf4', label: 'UDF 4', wire: 'Udf4' },
  { key: 'codeWord1', label: 'Code Word 1', wire: 'CodeWord1' },
  { key: 'codeWord2', label: 'Code Word 2', wire: 'CodeWord2' },
] as const;
export type AccountForm = Record<(typeof ACCOUNT_FIELDS)[number]['key'], string>;

// ── Contact (1003) ────────────────────────────────────────────────────────────────────────
export const CONTACT_FIELDS = [
  { key: 'firstName', label: 'First name', wire: 'FirstName' },
  { key: 'lastName', label: 'Last name', wire: 'LastName' },
  { key: 'phone', label: 'Phone', wire: 'Phone' },
  { key: 'email', label: 'Email Address', wire: 'EmailAddress' },
  { key: 'pin', label: 'PIN', wire: 'PIN' },
  { key: 'idCode', label: 'ID Code', wire: 'IDCode' },
] as const;
export type ContactForm = Record<(typeof CONTACT_FIELDS)[number]['key'], string>;

// ── Event (1002) ──────────────────────────────────────────────────────────────────────────
export interface EventForm {
  start: string;
  end: string;
}
export const FORM_DATE_PATTERN = 'MM-dd-yyyy HH:mm';

const emptyOf = <K extends string>(fields: readonly { key: K }[]) =>
  Object.fromEntries(fields.map((f) => [f.key, ''])) as Record<K, string>;
export const emptyAccountForm = (): AccountForm => emptyOf(ACCOUNT_FIELDS);
export const emptyContactForm = (): ContactForm => emptyOf(CONTACT_FIELDS);

/** Default range: one day before now to now. */
export function defaultEventForm(now: Date = new Date()): EventForm {
  return { start: formatFormDate(new Date(now.getTime() - 24 * 3600_000)), end: formatFormDate(now) };
}

// ── Phone mask (999) 999-9999 ─────────────────────────────────────────────────────────────
/** Digits of a typed phone: at most 10, and the first is 1 to 9 (leading zeros are dropped). */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '').replace(/^0+/, '').slice(0, 10);
}

/** Shows typed digits through the mask, as far as they go. */
export function maskPhone(input: string): string {
  const d = phoneDigits(input);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** What is sent: the phone without spaces, parentheses and dashes. */
export function stripPhone(v: string): string {
  return v.replace(/[\s()-]/g, '');
}

/** ZipCode is numeric. */
export const zipDigits = (input: string): string => input.replace(/\D/g, '');

// ── Dates ─────────────────────────────────────────────────────────────────────────────────
const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatFormDate(d: Date): string {
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Reads MM-dd-yyyy HH:mm; anything else (or an impossible date) is null. */
export function parseFormDate(s: string): Date | null {
  const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})$/.exec(s.trim());
  if (!m) return null;
  const [mo, day, y, h, mi] = m.slice(1).map(Number);
  const d = new Date(y, mo - 1, day, h, mi);
  if (d.getFullYear() !== y || d.getMonth() !== mo - 1 || d.getDate() !== day || h > 23 || mi > 59)
    return null;
  return d;
}

/**
 * The wire format of the event search: "Mon D YYYY h:mm" with the AM/PM suffix replaced by ":00"
 * (docs/product/shell-session-search.md#validation), e.g. 14:05 on 5 Jan 2024 is "Jan 5 2024
 * 2:05:00". NOTE: the rule, as the spec states it, drops the AM/PM information; it is kept for
 * fidelity with the upstream and documented in docs/client.md.
 */
export function toWireDate(d: Date): string {
  const h12 = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
  const suffix = d.getHours() < 12 ? 'AM' : 'PM';
  return `${MONTHS[d.getMonth()]} ${d.getDate()} ${d.getFullYear()} ${h12}:${pad(d.getMinutes())}${suffix}`.replace(
    /(AM|PM)$/,
    ':00',
  );
}

// ── Checks ────────────────────────────────────────────────────────────────────────────────
export interface FormErrors {
  /** Shown above the form. */
  form?: string;
  /** Shown under a field. */
  fields?: Partial<Record<string, string>>;
}

const filled = (v: string) => v.trim() !== '';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateAccount(f: AccountForm): FormErrors {
  return ACCOUNT_FIELDS.some((x) => filled(f[x.key])) ? {} : { form: FILL_ANY_FIELD };
}

export function validateContact(f: ContactForm): FormErrors {
  if (!CONTACT_FIELDS.some((x) => filled(f[x.key]))) return { form: FILL_ANY_FIELD };
  if (filled(f.email) && !EMAIL.test(f.email.trim())) return { fields: { email: INVALID_EMAIL } };
  return {};
}

/**
 * No check beyond the defaults (docs/product/shell-session-search.md#validation); a date that
 * cannot be read is refused under its field.
 */
export function validateEvent(f: EventForm): FormErrors {
  const fields: Record<string, string> = {};
  if (!parseFormDate(f.start)) fields.start = `Enter a date as ${FORM_DATE_PATTERN}.`;
  if (!parseFormDate(f.end)) fields.end = `Enter a date as ${FORM_DATE_PATTERN}.`;
  return Object.keys(fields).length ? { fields } : {};
}

export const hasErrors = (e: FormErrors) => Boolean(e.form || (e.fields && Object.keys(e.fields).length));

// ── Requests (POST AdvancedSearch) ────────────────────────────────────────────────────────
export interface AdvancedSearchRequest {
  AdvancedSearchType: SearchType;
  SearchByAccount: Record<string, string>;
  SearchByEvent: { StartDate: string; EndDate: string; EventClass: string };
  SearchByContact: Record<string, string>;
}

function wireOf<K extends string>(
  fields: readonly { key: K; wire: string }[],
  f: Record<K, string>,
  phoneKey: K,
): Record<string, string> {
  return Object.fromEntries(
    fields.map((x) => [x.wire, x.key === phoneKey ? stripPhone(f[x.key]) : f[x.key].trim()]),
  );
}

const emptyEvent = { StartDate: '', EndDate: '', EventClass: '' };

export function accountRequest(f: AccountForm): AdvancedSearchRequest {
  return {
    AdvancedSearchType: 1001,
    SearchByAccount: wireOf(ACCOUNT_FIELDS, f, 'phone'),
    SearchByEvent: emptyEvent,
    SearchByContact: wireOf(CONTACT_FIELDS, emptyContactForm(), 'phone'),
  };
}

export function contactRequest(f: ContactForm): AdvancedSearchRequest {
  return {
    AdvancedSearchType: 1003,
    SearchByAccount: wireOf(ACCOUNT_FIELDS, emptyAccountForm(), 'phone'),
    SearchByEvent: emptyEvent,
    SearchByContact: wireOf(CONTACT_FIELDS, f, 'phone'),
  };
}

export function eventRange(f: EventForm): { StartDate: string; EndDate: string } {
  return { StartDate: toWireDate(parseFormDate(f.start)!), EndDate: toWireDate(parseFormDate(f.end)!) };
}

export function eventRequest(f: EventForm): AdvancedSearchRequest {
  return {
    AdvancedSearchType: 1002,
    SearchByAccount: wireOf(ACCOUNT_FIELDS, emptyAccountForm(), 'phone'),
    SearchByEvent: { ...eventRange(f), EventClass: '' },
    SearchByContact: wireOf(CONTACT_FIELDS, emptyContactForm(), 'phone'),
  };
}

/** The label of a status row: its description, or the service type id without one. */
export const statusLabel = (r: { status_descr: string; servtype_id: string }): string =>
  r.status_descr || r.servtype_id;

/** 1003 rows without a cs_no are dropped. */
export const contactRows = <R extends { cs_no: string }>(rows: readonly R[]): R[] =>
  rows.filter((r) => r.cs_no.trim() !== '');

export const contactName = (r: { first_name: string; last_name: string; name: string }): string =>
  [r.first_name, r.last_name].filter(Boolean).join(' ') || r.name;
