import type { AnomalyEpisode } from '../../../../shared/anomalies/anomalyApi';

/** A repeat-alarms episode of agency 100 for tests: account C1000i at site "Site i". */
export const repeatEpisode = (i: number, count: number, at: number): AnomalyEpisode => ({
  id: `e${i}`,
  agencyId: '100',
  kind: 'repeatAlarms',
  csNo: `C${10000 + i}`,
  siteNo: `${100000 + i}`,
  systemNo: `${200000 + i}`,
  siteName: `Site ${i}`,
  count,
  window: 24,
  startedAt: at,
  updatedAt: at,
});
