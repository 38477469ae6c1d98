import { failureMessage } from '../lib/api/apiError';

/** The spec's words for report states (docs/product/reports-and-settings.md#messages). */
export const NO_RECORDS = 'No records found';
export const NO_CHART_RECORDS = 'No records found for chart.';

/**
 * The error text of a failed report call: a string is shown as is; an error gives the API's
 * errors joined by line breaks, else 'Unable to process your request.'.
 */
export function reportErrorText(error: unknown): string {
  return typeof error === 'string' ? error : failureMessage(error);
}
