import { z } from 'zod';
import { reportEmailAddresses } from '../reportEmail/reportEmailRules';
import { MONTH_NAMES } from '../dates/monthNames';

/**
 * The rules of a scheduled report e-mail, pure and clock-free: when it runs next in the dealer's
 * time zone (across daylight-saving changes) and which span of time a run reports. The dialog,
 * the bridge's scheduler and the tests read the same functions.
 */

export const SCHEDULE_PERIODS = ['day', 'week', 'month'] as const;
export type SchedulePeriod = (typeof SCHEDULE_PERIODS)[number];
export const SCHEDULE_FORMATS = ['pdf', 'xlsx'] as const;
export type ScheduleFormat = (typeof SCHEDULE_FORMATS)[number];

/** When a schedule runs: every day, week (on `weekday`, 0 = Sunday) or month (on `dayOfMonth`) at `time`. */
export interface ScheduleTiming {
  period: SchedulePeriod;
  /** HH:mm, 24-hour, on the dealer's clock. */
  time: string;
  weekday?: number | null;
  /** 1-31; a month without that day runs on its last day. */
  dayOfMonth?: number | null;
  /** An IANA zone (America/Chicago): the dealer's. */
  timeZone: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether the runtime knows an IANA zone name. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0 && zone.length <= 64;
  } catch {
    return false;
  }
}

/** The texts of a refused schedule (ours: the spec has no scheduled e-mail). */
export const SCHEDULE_MESSAGES = {
  time: 'Choose a time (HH:mm).',
  weekday: 'Choose the day of the week.',
  dayOfMonth: 'Choose a day of the month (1-31).',
  timeZone: 'Choose a valid time zone.',
} as const;

/** What the dialog sends and the bridge checks: recipients by the report e-mail's own rules (at most 5). */
export const scheduleInputSchema = z
  .object({
    report: z.string().min(1).max(40),
    /** The report's own parameters (the Test Zones Report's site). */
    siteNo: z
      .string()
      .regex(/^\d{1,12}$/)
      .nullable()
      .default(null),
    agencyId: z.string().min(1).max(20),
    recipients: z.string().max(2000),
    period: z.enum(SCHEDULE_PERIODS),
    time: z.string().regex(TIME, SCHEDULE_MESSAGES.time),
    weekday: z.number().int().min(0).max(6).nullable().default(null),
    dayOfMonth: z.number().int().min(1).max(31).nullable().default(null),
    timeZone: z.string().refine(isTimeZone, SCHEDULE_MESSAGES.timeZone),
    format: z.enum(SCHEDULE_FORMATS),
  })
  .superRefine((s, ctx) => {
    const to = reportEmailAddresses(s.recipients);
    if (to.error) ctx.addIssue({ code: 'custom', path: ['recipients'], message: to.error });
    if (s.period === 'week' && s.weekday == null)
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: SCHEDULE_MESSAGES.weekday });
    if (s.period === 'month' && s.dayOfMonth == null)
      ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: SCHEDULE_MESSAGES.dayOfMonth });
  });
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;

/** A wall-clock date and time in a zone. */
interface Local {
  y: number;
  m: number;
  d: number;
  h: number;
  mi: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall clock of `zone` at an instant. */
export function localOf(instant: number, zone: string): Local {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(zone).formatToParts(new Date(instant)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { y: parts.year, m: parts.month, d: parts.day, h: parts.hour % 24, mi: parts.minute };
}

const asUtc = (l: Local) => Date.UTC(l.y, l.m - 1, l.d, l.h, l.mi);
/** Minutes the zone's clock is ahead of UTC at an instant, in ms. */
const offsetAt = (instant: number, zone: string) =>
  asUtc(localOf(instant, zone)) - Math.floor(instant / MINUTE) * MINUTE;

/**
 * The instant a wall-clock time happens in `zone`. NOTE: a time the clock skips (02:30 on a
 * spring-forward night) is read with the offset before the change, so it happens at 03:30; a
 * time the clock shows twice (fall back) is its first occurrence.
 */
export function instantOfLocal(l: Local, zone: string): number {
  const utc = asUtc(l);
  const before = utc - offsetAt(utc - DAY, zone);
  const after = utc - offsetAt(utc + DAY, zone);
  const valid = [before, after].filter((t) => asUtc(localOf(t, zone)) === utc);
  return valid.length > 0 ? Math.min(...valid) : before;
}

const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
/** The calendar day `n` days after a local date (no zone: plain date arithmetic). */
function addDays(l: Local, n: number): Local {
  const t = new Date(Date.UTC(l.y, l.m - 1, l.d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), h: l.h, mi: l.mi };
}

/** Whether a schedule runs on a local calendar day. */
function runsOn(t: ScheduleTiming, day: Local): boolean {
  if (t.period === 'day') return true;
  if (t.period === 'week') return new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay() === t.weekday;
  const wanted = Math.min(t.dayOfMonth ?? 1, daysInMonth(day.y, day.m));
  return day.d === wanted;
}

/** The first run strictly after `after` (ms since the epoch). */
export function nextRunAt(t: ScheduleTiming, after: number): number {
  const m = TIME.exec(t.time);
  if (!m) throw new Error(`not a schedule time: ${t.time}`);
  const start = localOf(after, t.timeZone);
  // A month has at most 31 days; a day before covers a zone whose date is behind UTC's.
  for (let i = -1; i <= 32; i++) {
    const day = addDays({ ...start, h: Number(m[1]), mi: Number(m[2]) }, i);
    if (!runsOn(t, day)) continue;
    const at = instantOfLocal(day, t.timeZone);
    if (at > after) return at;
  }
  throw new Error('no run within a month');
}

/** The span a run reports: `from` inclusive, `to` exclusive, and how the e-mail names it. */
export interface ReportPeriod {
  from: number;
  to: number;
  /** The same span as calendar dates (YYYY-MM-DD, `toDate` exclusive), to compare with a row's date digits. */
  fromDate: string;
  toDate: string;
  label: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateLabel = (l: Local) => `${pad(l.m)}-${pad(l.d)}-${l.y}`;
const isoDate = (l: Local) => `${l.y}-${pad(l.m)}-${pad(l.d)}`;

/**
 * What a run at `runAt` reports, on the dealer's calendar: a daily run yesterday, a weekly run the
 * seven whole days before the run's day, a monthly run the last whole calendar month.
 */
export function reportPeriodOf(period: SchedulePeriod, runAt: number, zone: string): ReportPeriod {
  const today = { ...localOf(runAt, zone), h: 0, mi: 0 };
  const span = (first: Local, end: Local, label: string): ReportPeriod => ({
    from: instantOfLocal(first, zone),
    to: instantOfLocal(end, zone),
    fromDate: isoDate(first),
    toDate: isoDate(end),
    label,
  });
  if (period === 'day') {
    const y = addDays(today, -1);
    return span(y, today, dateLabel(y));
  }
  if (period === 'week') {
    const first = addDays(today, -7);
    return span(first, today, `${dateLabel(first)} to ${dateLabel(addDays(today, -1))}`);
  }
  const thisMonth = { ...today, d: 1 };
  const last = today.m === 1 ? { ...thisMonth, y: today.y - 1, m: 12 } : { ...thisMonth, m: today.m - 1 };
  return span(last, thisMonth, `${MONTH_NAMES[last.m - 1]} ${last.y}`);
}

/** "Every Monday at 07:00 (America/Chicago)": how Settings names a schedule's timing. */
export function describeTiming(t: ScheduleTiming): string {
  const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const when =
    t.period === 'day'
      ? 'Every day'
      : t.period === 'week'
        ? `Every ${days[t.weekday ?? 0]}`
        : `Monthly on day ${t.dayOfMonth ?? 1}`;
  return `${when} at ${t.time} (${t.timeZone})`;
}
