import { describe, expect, it } from 'vitest';
import {
  certificateFileName,
  expiryProblem,
  parseMonitored,
  tickCondition,
  typeOther,
} from './certificateModel';

const today = new Date(2026, 10, 24, 9, 30);

describe('the certificate rules (docs/product/reports-and-settings.md#states, #validation)', () => {
  it.each([
    ['2026-11-25', null],
    ['2027-01-01', null],
    ['2026-11-24', 'Expiration date cannot be in the past.'],
    ['2026-11-23', 'Expiration date cannot be in the past.'],
    ['', 'Expiration date cannot be in the past.'],
  ])('expiry %s: %s', (day, message) => {
    expect(expiryProblem(day, today)).toBe(message);
  });

  it('reads the monitored codes in checklist order and drops unknown ones', () => {
    expect(parseMonitored('F|b|X|ME|N')).toEqual(['B', 'F', 'ME', 'N']);
    expect(parseMonitored(null)).toEqual([]);
  });

  it.each([
    [[], '', 'O', true, [], 'Please fill others field to auto select'],
    [[], 'Flood', 'O', true, ['O'], null],
    [['B'], '', 'F', true, ['B', 'F'], null],
    [['B', 'F'], '', 'B', false, ['F'], null],
  ])('%j with other text %j: ticking %s %s', (monitored, otherText, code, on, result, message) => {
    expect(tickCondition({ monitored, otherText }, code, on)).toEqual({ monitored: result, message });
  });

  it.each([
    [['B'], 'W', ['B']],
    [['B'], 'Water', ['B', 'O']],
    [['B', 'O'], '', ['B']],
  ])('%j, typing other %j gives %j', (monitored, text, result) => {
    expect(typeOther({ monitored }, text)).toEqual(result);
  });

  it('names the file by account and timestamp', () => {
    expect(certificateFileName('C21001-0001', today)).toBe('C21001-0001_20261124_093000.pdf');
  });
});
