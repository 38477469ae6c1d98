import { z } from 'zod';
import type { ScheduleInput } from '../../../../shared/schedules/scheduleRules';
import { del, get, post } from '../../lib/api/apiClient';

/** The bridge's scheduled report e-mails (docs/api.md, "Scheduled e-mails"). */
export const SCHEDULES_PATH = '/api/scheduledEmails';

export const scheduleViewSchema = z.object({
  id: z.string(),
  report: z.string(),
  title: z.string(),
  siteNo: z.string().nullable(),
  agencyId: z.string(),
  recipients: z.string(),
  format: z.enum(['pdf', 'xlsx']),
  timing: z.string(),
  owner: z.string(),
  ownerName: z.string(),
  paused: z.boolean(),
  pausedReason: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  lastRun: z.object({ at: z.string(), ok: z.boolean(), message: z.string(), attempt: z.number() }).nullable(),
});
export type ScheduleView = z.infer<typeof scheduleViewSchema>;

const listSchema = z.object({ schedules: z.array(scheduleViewSchema) });
export const reminderPrefsSchema = z.object({
  email: z.string(),
  myTests: z.boolean(),
  allTests: z.boolean(),
});
export type ReminderPrefsView = z.infer<typeof reminderPrefsSchema>;

export async function loadSchedules(signal: AbortSignal): Promise<ScheduleView[]> {
  return (await get(SCHEDULES_PATH, { schema: listSchema, signal })).schedules;
}
export const createSchedule = (input: ScheduleInput) =>
  post(SCHEDULES_PATH, input, { schema: scheduleViewSchema });
export const pauseSchedule = ({ id, paused }: { id: string; paused: boolean }) =>
  post(`${SCHEDULES_PATH}/${encodeURIComponent(id)}/pause`, { paused }, { schema: scheduleViewSchema });
export const sendScheduleNow = (id: string) => post(`${SCHEDULES_PATH}/${encodeURIComponent(id)}/send`, {});
export const deleteSchedule = (id: string) => del(`${SCHEDULES_PATH}/${encodeURIComponent(id)}`);
export const loadReminderPrefs = (signal: AbortSignal) =>
  get(`${SCHEDULES_PATH}/reminders`, { schema: reminderPrefsSchema, signal });
export const saveReminderPrefs = (p: ReminderPrefsView) =>
  post(`${SCHEDULES_PATH}/reminders`, p, { schema: reminderPrefsSchema });
