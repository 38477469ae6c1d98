import { REPORT_EMAIL_INVALID, REPORT_EMAIL_NONE } from '../../../../machines/messages';

/** A standard e-mail address pattern: something@domain.tld, no spaces or semicolons. */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * The report e-mail's addresses (doc 2 §5): at least one, separated by semicolons, each valid.
 * Empty entries between semicolons are ignored.
 */
export function reportEmailAddresses(text: string): { addresses: string[]; error: string | null } {
  const addresses = text
    .split(';')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  if (addresses.length === 0) return { addresses, error: REPORT_EMAIL_NONE };
  if (addresses.some((a) => !EMAIL.test(a))) return { addresses, error: REPORT_EMAIL_INVALID };
  return { addresses, error: null };
}
