import { z } from 'zod';

/**
 * One active alarm of `AlarmBuffer/GetEventLogsLiveAlarm_Dev`, spelled as the upstream does
 * (docs/product/live-alarms-and-testing.md#entities).
 */
export const activeAlarmRowSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  cs_No: z.string(),
  alarm_Date: z.string(),
  event_Descr: z.string().nullable(),
  site_Name: z.string().nullable(),
  site_Addr1: z.string().nullable(),
  site_Addr2: z.string().nullable(),
  city_Name: z.string().nullable(),
  siteloc_Descr: z.string().nullable(),
  site_No: z.union([z.number(), z.string()]).transform(String),
  system_No: z.union([z.number(), z.string()]).transform(String),
  state_Id: z.string().nullable(),
  zipcode: z.string().nullable(),
  install_Servco_No: z
    .union([z.number(), z.string()])
    .nullable()
    .transform((v) => (v == null ? null : String(v))),
  color: z.string().nullable(),
  color_Code: z.string().nullable(),
  contactNumber: z.union([z.number(), z.string()]).nullable().optional(),
  alarminc_No: z.union([z.number(), z.string()]).transform(String),
  alarm_event_id: z.string().nullable(),
  totalRows: z.number().nullable().optional(),
});
export type ActiveAlarmRow = z.infer<typeof activeAlarmRowSchema>;
