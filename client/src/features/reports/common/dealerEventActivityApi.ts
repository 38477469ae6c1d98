import type { z } from 'zod';
import {
  DEALER_EVENT_ACTIVITY_PATH,
  dealerEventActivitySchema,
  dealerEventQuery,
  type DealerEventKind,
} from '../../../../../shared/reports/dealerEventActivity';
import { getEnvelope } from '../../../lib/api/apiClient';

export type { DealerEventKind, MonthlySummary } from '../../../../../shared/reports/dealerEventActivity';

/**
 * Report/GetDealerEventActivity (docs/product/reports-and-settings.md#calls): one call behind the
 * cancellation (4618), runaway (RA), refused dispatch (ARD) and service request (SRS) reports,
 * chosen by EventId (docs/product/reports-and-settings.md#constants). Its query and answer are
 * shared with the bridge's scheduled e-mails (shared/reports).
 */
export interface DealerEventQuery {
  servcoNo: string;
  /** A range key or id of the configured lists (docs/product/reports-and-settings.md#constants). */
  range: string | number;
}

export function fetchDealerEventActivity<R extends z.ZodType>(
  kind: DealerEventKind,
  row: R,
  { servcoNo, range }: DealerEventQuery,
  signal?: AbortSignal,
) {
  return getEnvelope(`/api/${DEALER_EVENT_ACTIVITY_PATH}`, dealerEventActivitySchema(row), {
    query: dealerEventQuery(kind, servcoNo, range),
    signal,
  });
}
