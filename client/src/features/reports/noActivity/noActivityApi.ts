import { z } from 'zod';
import { getEnvelope } from '../../../lib/api/apiClient';
import { listOf, siteFields, text } from '../common/rowFields';

/** No-activity row (doc 3 §3). */
export const noActivityRowSchema = z.object({ ...siteFields, cs_no: text, phone1: text });
export type NoActivityRow = z.infer<typeof noActivityRowSchema>;

/** DateType options (doc 3 §2): label and the value sent. */
export const DATE_TYPES = [
  { value: 'Select', label: 'Select' },
  { value: 'Month', label: 'Month' },
  { value: 'Year', label: 'Year' },
  { value: 'Quarter', label: 'Quarter' },
  { value: '3Day', label: '3-Days' },
] as const;
export type DateType = (typeof DATE_TYPES)[number]['value'];

export interface NoActivityQuery {
  servcoNo: string;
  csNo: string;
  dateType: DateType;
  /** MM/dd/yyyy, sent only when dateType is Select. */
  selectedDate: string;
}

/** GET Home/GetNoActivityReport with csNo, dateType, startDate. */
export function fetchNoActivity(q: NoActivityQuery, signal?: AbortSignal): Promise<NoActivityRow[]> {
  return getEnvelope('/api/Home/GetNoActivityReport', listOf(noActivityRowSchema), {
    query: {
      ServcoNo: q.servcoNo,
      csNo: q.csNo.trim() || undefined,
      dateType: q.dateType,
      startDate: q.dateType === 'Select' ? q.selectedDate : undefined,
    },
    signal,
  });
}
