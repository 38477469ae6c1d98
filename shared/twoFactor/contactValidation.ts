/**
 * The two-factor contact rules of docs/product/reports-and-settings.md#states and #validation as
 * pure functions: the phone mask, what a Save sends (changeFlag 1 new, 3 edited; a new seqno is the
 * highest plus one) and the messages a Save can give, in the spec's words. The Settings screen uses
 * them; the simulator repeats the checks on its side.
 */

export const TWO_FACTOR_MESSAGES = {
  needsOne: 'Two-Factor Authentication needs atleast one of either Phone Number or Email Address.',
  noChanges: 'No changes detected.',
  phoneTwice: (n: string) => `${n} phone number is added more than once.`,
  phoneInvalid: (n: string) => `${n} is not a valid phone number.`,
  emailTwice: (e: string) => `${e} email address is added more than once.`,
  emailInvalid: (e: string) => `${e} is not a valid email address.`,
  saved: 'Contact details updated successfully.',
  statusSaved: 'Two-Factor authentication status updated successfully.',
  disableConfirm: 'Are you sure want to disable Two-Factor authentication?',
  noContacts: 'No contact details found.',
} as const;

/** A phone as stored: spaces, brackets and dashes stripped. */
export const stripPhone = (s: string): string => s.replace(/[\s()-]/g, '');

/** Exactly 10 digits, the first 1 to 9. */
export const isValidPhone = (digits: string): boolean => /^[1-9]\d{9}$/.test(digits);

export const isValidEmail = (s: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);

/**
 * The (###) ###-#### mask as the user types: digits only, the first 1 to 9 (a leading 0 is not
 * taken), at most 10.
 */
export function maskPhone(input: string): string {
  const d = input.replace(/\D/g, '').replace(/^0+/, '').slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

export type ContactKind = 'M' | 'EM';

/** One row of the card: a saved entry (seqno, the value it was loaded with) or one added. */
export interface ContactEntry {
  key: string;
  kind: ContactKind;
  /** What the input shows (a masked phone or an e-mail). */
  value: string;
  /** Saved entries: their number; added: null. */
  seqno: number | null;
  /** Saved entries: the value as loaded (stripped phone or e-mail); added: null. */
  original: string | null;
  extension?: string | null;
}

/**
 * A record of Contact/UpdateContactPhones (docs/product/reports-and-settings.md#entities, "Contact
 * phone record").
 */
export interface ContactPhoneRecord {
  seqno: number;
  contact_no: number;
  phone_number: string | null;
  email_address: string | null;
  phonetype_id: ContactKind;
  extension: string | null;
  changeFlag: 0 | 1 | 3;
  change_type: 'C';
  except_flag: 'N';
  marketing_flag: 'N';
  tableName: 'contact_phone';
  isPhoneEditted: boolean;
  isEmailEditted: boolean;
}

const stored = (e: ContactEntry) => (e.kind === 'M' ? stripPhone(e.value) : e.value.trim());

export type SaveCheck = { ok: true; records: ContactPhoneRecord[] } | { ok: false; messages: string[] };

/**
 * What a Save of the card does: the first failing rule's messages, or the records to send.
 * Empty added entries are ignored; at least one entry must remain; nothing new or edited is "No
 * changes detected."; new and edited entries must be valid and not repeat another entry.
 */
export function checkContactSave(entries: readonly ContactEntry[], contactNo: number): SaveCheck {
  const kept = entries.filter((e) => e.seqno !== null || stored(e) !== '');
  if (kept.length === 0) return { ok: false, messages: [TWO_FACTOR_MESSAGES.needsOne] };
  const changed = kept.filter((e) => e.seqno === null || stored(e) !== e.original);
  if (changed.length === 0) return { ok: false, messages: [TWO_FACTOR_MESSAGES.noChanges] };

  const messages: string[] = [];
  const count = (kind: ContactKind, v: string) =>
    kept.filter((o) => o.kind === kind && stored(o).toLowerCase() === v.toLowerCase()).length;
  for (const e of changed) {
    const v = stored(e);
    let m: string | null = null;
    if (e.kind === 'M') {
      if (!isValidPhone(v)) m = TWO_FACTOR_MESSAGES.phoneInvalid(v);
      else if (count('M', v) > 1) m = TWO_FACTOR_MESSAGES.phoneTwice(v);
    } else if (!isValidEmail(v)) m = TWO_FACTOR_MESSAGES.emailInvalid(v);
    else if (count('EM', v) > 1) m = TWO_FACTOR_MESSAGES.emailTwice(v);
    if (m && !messages.includes(m)) messages.push(m);
  }
  if (messages.length > 0) return { ok: false, messages };

  let next = entries.reduce((max, e) => Math.max(max, e.seqno ?? 0), 0);
  const records = kept.map((e): ContactPhoneRecord => {
    const v = stored(e);
    const isNew = e.seqno === null;
    const edited = !isNew && v !== e.original;
    return {
      seqno: isNew ? ++next : (e.seqno as number),
      contact_no: contactNo,
      phone_number: e.kind === 'M' ? v : null,
      email_address: e.kind === 'EM' ? v : null,
      phonetype_id: e.kind,
      extension: e.extension ?? null,
      changeFlag: isNew ? 1 : edited ? 3 : 0,
      change_type: 'C',
      except_flag: 'N',
      marketing_flag: 'N',
      tableName: 'contact_phone',
      isPhoneEditted: e.kind === 'M' && (isNew || edited),
      isEmailEditted: e.kind === 'EM' && (isNew || edited),
    };
  });
  return { ok: true, records };
}
