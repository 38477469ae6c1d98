import { z } from 'zod';
import { getEnvelope } from '../../../lib/api/apiClient';
import {
  growthQuery,
  growthRecordSchema,
  GROWTH_PATH,
  type GrowthRecord,
} from '../../../../../shared/reports/growth';
import { listOf, text } from '../common/rowFields';

/** Add/cancel row (docs/product/reports-and-settings.md#entities). */
export const addCancelRowSchema = z.object({
  cs_no: text,
  site_name: text,
  address: text,
  city: text,
  ac_date: text,
  install_servco_no: text,
});
export type AddCancelRow = z.infer<typeof addCancelRowSchema>;

/** GET Dashboard/GetGrowthAttritiontData: one record per service company (or the one named). */
export function fetchGrowth(
  { servcoNo }: { servcoNo: string },
  signal?: AbortSignal,
): Promise<GrowthRecord[]> {
  return getEnvelope(`/api/${GROWTH_PATH}`, listOf(growthRecordSchema), {
    query: growthQuery(servcoNo),
    signal,
  });
}

export type GrowthType = 'Add' | 'Cancel';

/** GET Dashboard/GetAddCancelData with Type and MonthIndex (1..12, or YTD). */
export function fetchAddCancel(
  { servcoNo, type, monthIndex }: { servcoNo: string; type: GrowthType; monthIndex: number | 'YTD' },
  signal?: AbortSignal,
): Promise<AddCancelRow[]> {
  return getEnvelope('/api/Dashboard/GetAddCancelData', listOf(addCancelRowSchema), {
    query: { ServcoNo: servcoNo, Type: type, MonthIndex: monthIndex },
    signal,
  });
}
