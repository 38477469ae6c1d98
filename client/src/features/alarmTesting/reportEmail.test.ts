import { describe, expect, it } from 'vitest';
import { REPORT_EMAIL_INVALID, REPORT_EMAIL_NONE } from '../../../../machines/messages';
import { reportEmailAddresses } from './reportEmail';

describe('the report e-mail addresses', () => {
  it.each([
    ['', REPORT_EMAIL_NONE],
    [' ; ;', REPORT_EMAIL_NONE],
    ['ops@example.com', null],
    ['ops@example.com; tech.lead+alarms@dealer.co.uk;', null],
    ['ops@example.com, tech@example.com', REPORT_EMAIL_INVALID],
    ['ops@example', REPORT_EMAIL_INVALID],
    ['ops example@x.com', REPORT_EMAIL_INVALID],
    ['ops@example.com;not-an-address', REPORT_EMAIL_INVALID],
  ])('%j gives %s', (text, error) => {
    expect(reportEmailAddresses(text).error).toBe(error);
  });

  it('lists the addresses without blanks', () => {
    expect(reportEmailAddresses(' a@b.io ;; c@d.io ').addresses).toEqual(['a@b.io', 'c@d.io']);
  });
});
