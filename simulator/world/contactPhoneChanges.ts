import type { ContactPhone } from './portalState';

/**
 * Applies a Settings save (Contact/UpdateContactPhones) to a contact's phones and e-mails, with
 * the checks of docs/product/reports-and-settings.md#validation (the client makes them too; the
 * server repeats them).
 */

/** One record as sent: changeFlag 1 new, 3 edited, 2 deleted (Choice), anything else unchanged. */
export interface PhoneChange {
  seqno?: number;
  phone_number?: string;
  email_address?: string;
  phonetype_id?: string;
  extension?: string;
  changeFlag?: number;
}

export const NEEDS_ONE_CHANNEL =
  'Two-Factor Authentication needs atleast one of either Phone Number or Email Address.';
export const NO_CHANGES = 'No changes detected.';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * A phone is stored as its digits: spaces, brackets and dashes are stripped
 * (docs/product/reports-and-settings.md#validation).
 */
export const stripPhone = (s: string) => s.replace(/[\s()-]/g, '');
export const isPhone = (s: string) => /^[1-9]\d{9}$/.test(s);
export const isEmail = (s: string) => EMAIL.test(s);

function typeOf(c: PhoneChange): 'M' | 'EM' {
  const t = (c.phonetype_id ?? '').trim().toUpperCase();
  if (t === 'EM' || t === 'E' || t === 'EMAIL') return 'EM';
  if (t === 'M' || t === 'SMS' || t === 'PHONE') return 'M';
  return c.email_address?.trim() ? 'EM' : 'M';
}

function valueOf(c: PhoneChange, type: 'M' | 'EM'): string {
  const raw = type === 'EM' ? (c.email_address ?? c.phone_number) : (c.phone_number ?? c.email_address);
  return type === 'EM' ? (raw ?? '').trim() : stripPhone(raw ?? '');
}

export type ChangeResult = { phones: ContactPhone[] } | { errors: string[] };

export function applyPhoneChanges(
  current: readonly ContactPhone[],
  changes: readonly PhoneChange[],
  contactNo: number,
  now: number,
): ChangeResult {
  const phones = current.map((p) => ({ ...p }));
  const errors: string[] = [];
  let changed = false;
  for (const c of changes) {
    const flag = c.changeFlag ?? 0;
    if (flag !== 1 && flag !== 2 && flag !== 3) continue;
    if (flag === 2) {
      const at = phones.findIndex((p) => p.seqno === c.seqno);
      if (at < 0) errors.push(`Contact record ${c.seqno ?? ''} not found.`);
      else phones.splice(at, 1);
      changed = true;
      continue;
    }
    const type = typeOf(c);
    const value = valueOf(c, type);
    // Empty added entries are ignored (docs/product/reports-and-settings.md#validation).
    if (flag === 1 && value === '') continue;
    const shown = (type === 'EM' ? c.email_address : c.phone_number) ?? value;
    if (type === 'M' && !isPhone(value)) errors.push(`${shown} is not a valid phone number.`);
    if (type === 'EM' && !isEmail(value)) errors.push(`${shown} is not a valid email address.`);
    changed = true;
    if (flag === 3) {
      const existing = phones.find((p) => p.seqno === c.seqno);
      if (!existing) {
        errors.push(`Contact record ${c.seqno ?? ''} not found.`);
        continue;
      }
      Object.assign(existing, { phonetypeId: type, value, extension: c.extension ?? null, changedAt: now });
    } else {
      // NOTE: the client sends the highest seqno plus one; a taken or missing one gets the next free.
      const max = phones.reduce((m, p) => Math.max(m, p.seqno), 0);
      const seqno = c.seqno && c.seqno > 0 && !phones.some((p) => p.seqno === c.seqno) ? c.seqno : max + 1;
      phones.push({
        seqno,
        contactNo,
        phonetypeId: type,
        value,
        extension: c.extension ?? null,
        changedAt: now,
      });
    }
  }
  if (!changed) return { errors: [NO_CHANGES] };
  const seen = new Set<string>();
  for (const p of phones) {
    const key = `${p.phonetypeId}:${p.value.toLowerCase()}`;
    if (seen.has(key))
      errors.push(
        p.phonetypeId === 'M'
          ? `${p.value} phone number is added more than once.`
          : `${p.value} email address is added more than once.`,
      );
    seen.add(key);
  }
  return errors.length > 0 ? { errors: [...new Set(errors)] } : { phones };
}
