import {
  thresholdsAnswerSchema,
  type AnomalyThresholds,
  type ThresholdsAnswer,
} from '../../../../shared/anomalies/anomalyApi';
import { get, post } from '../../lib/api/apiClient';

/** A dealer's live anomaly thresholds (docs/api.md, "Live anomalies"). */
export const thresholdsPath = (agencyId: string) =>
  `/api/anomalies/thresholds/${encodeURIComponent(agencyId)}`;

export function loadThresholds(agencyId: string, signal: AbortSignal): Promise<ThresholdsAnswer> {
  return get(thresholdsPath(agencyId), { schema: thresholdsAnswerSchema(), signal });
}

export function saveThresholds(agencyId: string, t: AnomalyThresholds): Promise<ThresholdsAnswer> {
  return post(thresholdsPath(agencyId), t, { schema: thresholdsAnswerSchema() });
}
