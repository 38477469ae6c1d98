import { describe, expect, it } from 'vitest';
import { nextRunAt, reportPeriodOf, scheduleInputSchema } from './scheduleRules';

const iso = (t: number) => new Date(t).toISOString();
const NY = 'America/New_York';

describe('nextRunAt', () => {
  it('a daily run at 07:00 in New York is 12:00 UTC in winter and 11:00 UTC in summer', () => {
    const t = { period: 'day', time: '07:00', timeZone: NY } as const;
    expect(iso(nextRunAt(t, Date.parse('2026-01-10T15:00:00Z')))).toBe('2026-01-11T12:00:00.000Z');
    expect(iso(nextRunAt(t, Date.parse('2026-07-10T15:00:00Z')))).toBe('2026-07-11T11:00:00.000Z');
  });

  it('keeps the dealer wall clock across the spring-forward night', () => {
    const t = { period: 'day', time: '07:00', timeZone: NY } as const;
    // 2026-03-08 is the change: 07:00 EST the day before, 07:00 EDT that day.
    const before = nextRunAt(t, Date.parse('2026-03-07T00:00:00Z'));
    const after = nextRunAt(t, before);
    expect(iso(before)).toBe('2026-03-07T12:00:00.000Z');
    expect(iso(after)).toBe('2026-03-08T11:00:00.000Z');
  });

  it('a time the clock skips runs an hour later; a time shown twice runs at its first', () => {
    const skipped = { period: 'day', time: '02:30', timeZone: NY } as const;
    expect(iso(nextRunAt(skipped, Date.parse('2026-03-08T00:00:00Z')))).toBe('2026-03-08T07:30:00.000Z');
    const twice = { period: 'day', time: '01:30', timeZone: NY } as const;
    expect(iso(nextRunAt(twice, Date.parse('2026-11-01T00:00:00Z')))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('a weekly run goes on its weekday; a monthly run on day 31 goes on a short month last day', () => {
    const monday = { period: 'week', time: '08:15', weekday: 1, timeZone: 'Europe/Berlin' } as const;
    expect(iso(nextRunAt(monday, Date.parse('2026-04-15T10:00:00Z')))).toBe('2026-04-20T06:15:00.000Z');
    const last = { period: 'month', time: '06:00', dayOfMonth: 31, timeZone: 'UTC' } as const;
    expect(iso(nextRunAt(last, Date.parse('2026-02-02T00:00:00Z')))).toBe('2026-02-28T06:00:00.000Z');
    expect(iso(nextRunAt(last, Date.parse('2026-02-28T06:00:00Z')))).toBe('2026-03-31T06:00:00.000Z');
  });

  it('a zone behind UTC gets its own date, not UTC date', () => {
    const t = { period: 'day', time: '23:30', timeZone: 'America/Los_Angeles' } as const;
    // 2026-06-02 04:00 UTC is still June 1 in Los Angeles (21:00): the run is June 1 23:30 PDT.
    expect(iso(nextRunAt(t, Date.parse('2026-06-02T04:00:00Z')))).toBe('2026-06-02T06:30:00.000Z');
  });
});

describe('reportPeriodOf', () => {
  const run = Date.parse('2026-03-09T12:00:00Z'); // 08:00 EDT on Monday, March 9

  it('a day is yesterday on the dealer calendar, 23 hours long on the spring-forward day', () => {
    const p = reportPeriodOf('day', run, NY);
    expect(p).toMatchObject({ fromDate: '2026-03-08', toDate: '2026-03-09', label: '03-08-2026' });
    expect(p.to - p.from).toBe(23 * 3_600_000);
  });

  it('a week is the seven whole days before the run day', () => {
    expect(reportPeriodOf('week', run, NY)).toMatchObject({
      fromDate: '2026-03-02',
      toDate: '2026-03-09',
      label: '03-02-2026 to 03-08-2026',
    });
  });

  it('a month is the last calendar month, across the new year', () => {
    expect(reportPeriodOf('month', Date.parse('2026-01-05T12:00:00Z'), NY)).toMatchObject({
      fromDate: '2025-12-01',
      toDate: '2026-01-01',
      label: 'December 2025',
    });
  });
});

describe('scheduleInputSchema', () => {
  const base = {
    report: 'dispatches',
    agencyId: '1001',
    recipients: 'a@example.com',
    period: 'day',
    time: '07:00',
    timeZone: NY,
    format: 'pdf',
  };
  it('takes the report e-mail recipients rules: at most 5 valid addresses', () => {
    expect(scheduleInputSchema.safeParse(base).success).toBe(true);
    const six = scheduleInputSchema.safeParse({
      ...base,
      recipients: 'a@x.io;b@x.io;c@x.io;d@x.io;e@x.io;f@x.io',
    });
    expect(six.success ? null : six.error.issues[0].message).toBe(
      'Please provide at most 5 email addresses.',
    );
    const bad = scheduleInputSchema.safeParse({ ...base, recipients: 'not an address' });
    expect(bad.success ? null : bad.error.issues[0].message).toBe('Please provide valid email addresses.');
  });
  it('refuses a week without its weekday and an unknown time zone', () => {
    expect(scheduleInputSchema.safeParse({ ...base, period: 'week' }).success).toBe(false);
    expect(scheduleInputSchema.safeParse({ ...base, timeZone: 'Mars/Olympus' }).success).toBe(false);
  });
});
