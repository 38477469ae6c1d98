import { describe, expect, it } from 'vitest';
import {
  fileDate,
  fileTimestamp,
  formatEventDate,
  formatPickerDate,
  formatReportDate,
  newestFirst,
  parsePickerDate,
} from './reportDates';

describe('report date formats', () => {
  it('shows service request events as MM-DD-YYYY HH:mm:ss in the site time as sent', () => {
    expect(formatEventDate('2026-11-21T07:05:09-08:00')).toBe('11-21-2026 07:05:09');
    expect(formatEventDate('2026-01-02T23:59:00')).toBe('01-02-2026 23:59:00');
    expect(formatEventDate('2026-01-02')).toBe('01-02-2026 00:00:00');
    expect(formatEventDate('')).toBe('');
    expect(formatEventDate('not a date')).toBe('not a date');
  });

  it('shows other report dates as MM/DD/YYYY hh:mm:ss AM/PM', () => {
    expect(formatReportDate('2026-11-21T00:05:09-08:00')).toBe('11/21/2026 12:05:09 AM');
    expect(formatReportDate('2026-11-21T13:05:09-05:00')).toBe('11/21/2026 01:05:09 PM');
  });

  it('writes and reads the no-activity date as MM/dd/yyyy', () => {
    expect(formatPickerDate(new Date(2026, 2, 7))).toBe('03/07/2026');
    expect(parsePickerDate('03/07/2026')?.getDate()).toBe(7);
    expect(parsePickerDate('02/30/2026')).toBeUndefined();
    expect(parsePickerDate('3/7/2026')).toBeUndefined();
    expect(parsePickerDate('2026-03-07')).toBeUndefined();
  });

  it('names export files with the date or a timestamp', () => {
    const d = new Date(2026, 10, 4, 9, 8, 7);
    expect(fileDate(d)).toBe('11-04-2026');
    expect(fileTimestamp(d)).toBe('20261104_090807');
  });

  it('orders details newest first, undated last', () => {
    const rows = [{ d: '2026-11-01T10:00:00-08:00' }, { d: '' }, { d: '2026-11-03T09:00:00-05:00' }];
    expect(newestFirst(rows, (r) => r.d).map((r) => r.d)).toEqual([
      '2026-11-03T09:00:00-05:00',
      '2026-11-01T10:00:00-08:00',
      '',
    ]);
  });
});
