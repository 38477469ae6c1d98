/**
 * The rules of the report e-mail (docs/product/live-alarms-and-testing.md#validation, #calls:
 * `MASAPI/sendReportEmail`), judged alike by the dialog before it sends and by the bridge before it
 * relays: the bridge refuses what breaks them, it never repairs it.
 */

/** docs/product/live-alarms-and-testing.md#messages. */
export const REPORT_EMAIL_NONE = 'Provide at least one email address.';
/** docs/product/live-alarms-and-testing.md#messages. */
export const REPORT_EMAIL_INVALID = 'Please provide valid email addresses.';

/** NOTE: not in the spec; the report goes to a few people of the dealer, it is no mailing list. */
export const REPORT_EMAIL_MAX_RECIPIENTS = 5;
export const REPORT_EMAIL_TOO_MANY = `Please provide at most ${REPORT_EMAIL_MAX_RECIPIENTS} email addresses.`;

export const REPORT_EMAIL_SUBJECT_MAX = 200;
export const REPORT_EMAIL_BODY_MAX = 2000;

/** The texts of the other refusals (not in the spec), by what they refuse. */
export const REPORT_EMAIL_MESSAGES = {
  subjectMissing: 'The e-mail needs a subject.',
  subjectLineBreak: 'The subject may not contain line breaks or control characters.',
  subjectTooLong: `The subject may be at most ${REPORT_EMAIL_SUBJECT_MAX} characters long.`,
  bodyTooLong: `The message may be at most ${REPORT_EMAIL_BODY_MAX} characters long.`,
  bodyControl: 'The message may not contain control characters.',
  bodyHtml: 'The message must be plain text: HTML is not allowed.',
  bodyLink: 'The message may not contain links.',
  fileNameLineBreak: 'The file name may not contain line breaks or control characters.',
  fileName: 'The file name must end in .pdf and use only letters, digits, spaces and . _ - ( ).',
} as const;

/** A standard e-mail address pattern: something@domain.tld, no spaces or semicolons. */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** RFC 5321's longest path. */
const EMAIL_MAX = 254;

/** Line breaks (CR, LF and Unicode's) and every other control character. */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The message may keep its line breaks and tabs, nothing else below space. */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const BODY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A tag, a comment or a doctype: what a mail reader would render as HTML. */
const HTML = /<\s*[a-z!/?]/i;
/** What a mail reader turns into a link by itself. */
const LINK = /\b(?:https?|ftp|file):\/\/|\bwww\.[a-z0-9-]+\./i;
/** A plain file name (no path, no quotes), ending in .pdf. */
const PDF_FILE_NAME = /^[A-Za-z0-9_()][A-Za-z0-9 ._()-]{0,99}\.pdf$/i;

/** Whether one address matches the standard pattern. */
export function isReportEmailAddress(address: string): boolean {
  return address.length <= EMAIL_MAX && EMAIL.test(address);
}

/**
 * The report e-mail's addresses (docs/product/live-alarms-and-testing.md#validation): at least one
 * and at most five, separated by semicolons, each valid. Empty entries between semicolons are
 * ignored.
 */
export function reportEmailAddresses(text: string): { addresses: string[]; error: string | null } {
  const addresses = text
    .split(';')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  if (addresses.length === 0) return { addresses, error: REPORT_EMAIL_NONE };
  if (addresses.length > REPORT_EMAIL_MAX_RECIPIENTS) return { addresses, error: REPORT_EMAIL_TOO_MANY };
  if (!addresses.every(isReportEmailAddress)) return { addresses, error: REPORT_EMAIL_INVALID };
  return { addresses, error: null };
}

/** The subject line: one line of text, never a header injection (`\r\nBcc:`); null when fine. */
export function reportEmailSubjectError(subject: string): string | null {
  if (CONTROL.test(subject)) return REPORT_EMAIL_MESSAGES.subjectLineBreak;
  if (subject.trim() === '') return REPORT_EMAIL_MESSAGES.subjectMissing;
  if (subject.length > REPORT_EMAIL_SUBJECT_MAX) return REPORT_EMAIL_MESSAGES.subjectTooLong;
  return null;
}

/**
 * The message: plain text, which the dialog writes itself ("The Test Zones Report of ... is
 * attached."). Markup and links are refused rather than escaped, so the relay never carries a
 * phishing page or link, whatever the upstream does with the text; null when fine.
 */
export function reportEmailBodyError(body: string): string | null {
  if (body.length > REPORT_EMAIL_BODY_MAX) return REPORT_EMAIL_MESSAGES.bodyTooLong;
  if (BODY_CONTROL.test(body)) return REPORT_EMAIL_MESSAGES.bodyControl;
  if (HTML.test(body)) return REPORT_EMAIL_MESSAGES.bodyHtml;
  if (LINK.test(body)) return REPORT_EMAIL_MESSAGES.bodyLink;
  return null;
}

/** The attachment's name: a plain `.pdf` file name; null when fine. */
export function reportEmailFileNameError(fileName: string): string | null {
  if (CONTROL.test(fileName)) return REPORT_EMAIL_MESSAGES.fileNameLineBreak;
  return PDF_FILE_NAME.test(fileName) ? null : REPORT_EMAIL_MESSAGES.fileName;
}
