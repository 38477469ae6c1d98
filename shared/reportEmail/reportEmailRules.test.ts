import { describe, expect, it } from 'vitest';
import {
  REPORT_EMAIL_INVALID,
  REPORT_EMAIL_MESSAGES,
  REPORT_EMAIL_NONE,
  REPORT_EMAIL_TOO_MANY,
  reportEmailAddresses,
  reportEmailBodyError,
  reportEmailFileNameError,
  reportEmailSubjectError,
} from './reportEmailRules';

describe('the report e-mail addresses', () => {
  it.each([
    ['', REPORT_EMAIL_NONE],
    [' ; ;', REPORT_EMAIL_NONE],
    ['ops@example.com', null],
    ['ops@example.com; tech.lead+alarms@dealer.co.uk;', null],
    ['a@x.io;b@x.io;c@x.io;d@x.io;e@x.io', null],
    ['a@x.io;b@x.io;c@x.io;d@x.io;e@x.io;f@x.io', REPORT_EMAIL_TOO_MANY],
    ['ops@example.com, tech@example.com', REPORT_EMAIL_INVALID],
    ['ops@example', REPORT_EMAIL_INVALID],
    ['ops example@x.com', REPORT_EMAIL_INVALID],
    ['ops@example.com;not-an-address', REPORT_EMAIL_INVALID],
    ['ops@example.com\r\nBcc: victim@example.com', REPORT_EMAIL_INVALID],
    [`${'a'.repeat(250)}@example.com`, REPORT_EMAIL_INVALID],
  ])('%j gives %s', (text, error) => {
    expect(reportEmailAddresses(text).error).toBe(error);
  });

  it('lists the addresses without blanks', () => {
    expect(reportEmailAddresses(' a@b.io ;; c@d.io ').addresses).toEqual(['a@b.io', 'c@d.io']);
  });
});

describe('the subject, message and file name', () => {
  it.each([
    ['Test Zones Report - Main Street Bank', null],
    ['Report\r\nBcc: everyone@example.com', REPORT_EMAIL_MESSAGES.subjectLineBreak],
    ['Report\nBcc: x@example.com', REPORT_EMAIL_MESSAGES.subjectLineBreak],
    ['Report\u2028Bcc: x@example.com', REPORT_EMAIL_MESSAGES.subjectLineBreak],
    ['   ', REPORT_EMAIL_MESSAGES.subjectMissing],
    ['x'.repeat(201), REPORT_EMAIL_MESSAGES.subjectTooLong],
  ])('subject %j gives %s', (subject, error) => {
    expect(reportEmailSubjectError(subject)).toBe(error);
  });

  it.each([
    ['The Test Zones Report of Smith & Sons (1 Main St, Springfield) is attached.', null],
    ['', null],
    ['Line one.\r\nLine two.', null],
    ['The report of Acme Data: North (File: 3) is attached.', null],
    ['<html><body><a href="x">Verify your account</a></body></html>', REPORT_EMAIL_MESSAGES.bodyHtml],
    ['Hello <b>there</b>', REPORT_EMAIL_MESSAGES.bodyHtml],
    ['Log in at https://evil.example/login now', REPORT_EMAIL_MESSAGES.bodyLink],
    ['Visit www.evil.example', REPORT_EMAIL_MESSAGES.bodyLink],
    ['bell\u0007', REPORT_EMAIL_MESSAGES.bodyControl],
    ['x'.repeat(2001), REPORT_EMAIL_MESSAGES.bodyTooLong],
  ])('message %j gives %s', (body, error) => {
    expect(reportEmailBodyError(body)).toBe(error);
  });

  it.each([
    ['TestZonesReport_1042.pdf', null],
    ['Report (May).PDF', null],
    ['report.pdf\r\nContent-Type: text/html', REPORT_EMAIL_MESSAGES.fileNameLineBreak],
    ['invoice.exe', REPORT_EMAIL_MESSAGES.fileName],
    ['invoice.pdf.exe', REPORT_EMAIL_MESSAGES.fileName],
    ['../../etc/passwd.pdf', REPORT_EMAIL_MESSAGES.fileName],
    ['a"b.pdf', REPORT_EMAIL_MESSAGES.fileName],
    ['.pdf', REPORT_EMAIL_MESSAGES.fileName],
  ])('file name %j gives %s', (fileName, error) => {
    expect(reportEmailFileNameError(fileName)).toBe(error);
  });
});
