import { z } from 'zod';
import { getEnvelope } from '../../../lib/api/apiClient';
import { listOf, text } from '../common/rowFields';

/**
 * Growth record (doc 3 §3): servco_no, per month `<month>_add`, `_can`, `_net`, and the totals.
 * The month fields are read by growthMonths.ts; here every numeric field is kept.
 */
export const growthRecordSchema = z.record(z.string(), z.unknown()).transform((r) => {
  const fields: Record<string, number> = {};
  for (const [k, v] of Object.entries(r)) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
    if (/_(add|can|net)$/i.test(k) && Number.isFinite(n)) fields[k.toLowerCase()] = n;
  }
  return { servco_no: String(r.servco_no ?? ''), servco_name: String(r.servco_name ?? ''), fields };
});
export type GrowthRecord = z.infer<typeof growthRecordSchema>;

/** Add/cancel row (doc 3 §3). */
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
  return getEnvelope('/api/Dashboard/GetGrowthAttritiontData', listOf(growthRecordSchema), {
    query: { ServcoNo: servcoNo },
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
