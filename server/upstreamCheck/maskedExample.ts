/**
 * An answer's value as the check prints it: enough to see what came back (its type, its shape,
 * a date's digits), never a person's name, address, phone number or e-mail.
 */

/** Field names that hold personal data at the upstream (names, addresses, contacts). */
const PERSONAL_KEY =
  /name|addr|street|city|zip|postal|phone|mail|contact|first|last|descr|comment|note|pn|token|guid/i;
const EMAIL = /[^\s@]+@[^\s@]+/g;
/** Seven or more digits with separators between them: a phone number (an ISO date is let through). */
const PHONE = /\+?\d[\d\s().-]{5,}\d/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Keeps each word's first character and the text's length, punctuation and spaces. */
const hideWords = (s: string) =>
  s.replace(/([\p{L}\p{N}])([\p{L}\p{N}]*)/gu, (_m, a: string, b: string) => a + '*'.repeat(b.length));
const hideAll = (s: string) => s.replace(/[\p{L}\p{N}]/gu, '*');

function maskText(s: string, personal: boolean): string {
  if (ISO_DATE.test(s)) return s;
  if (personal) return hideWords(s);
  return hideWords(s.replace(EMAIL, (m) => hideAll(m)).replace(PHONE, (m) => hideAll(m)));
}

const MAX = 60;

/** The value of field `key` as an example line may show it. */
export function maskedExample(value: unknown, key?: string | number): string {
  const personal = typeof key === 'string' && PERSONAL_KEY.test(key);
  if (value === undefined) return '(missing)';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const shown = maskText(value, personal);
    return JSON.stringify(shown.length > MAX ? `${shown.slice(0, MAX)}...` : shown);
  }
  if (typeof value === 'number')
    return personal || Math.abs(value) >= 1_000_000 ? hideAll(String(value)) : String(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object')
    return `an object with ${Object.keys(value).slice(0, 6).join(', ') || 'no fields'}`;
  return typeof value;
}

/** What a value is, in the words of a schema's "expected" (string, number, list, ...). */
export function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
