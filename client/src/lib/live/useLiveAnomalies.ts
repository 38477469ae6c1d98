import { useCallback, useSyncExternalStore } from 'react';
import type { AnomalyEpisode } from '../../../../shared/anomalies/anomalyApi';
import { anomalyBookOf } from './anomalyBook';
import { useLiveClient } from './LiveProvider';

const NONE: readonly AnomalyEpisode[] = [];

/**
 * An agency's open live anomalies (runaway systems, repeat alarms), runaways first. The agency's
 * alarms feed must be subscribed (the Live Alarm View and walls do) to hear them.
 */
export function useLiveAnomalies(agencyId: string | null): readonly AnomalyEpisode[] {
  const book = anomalyBookOf(useLiveClient());
  const getSnapshot = useCallback(() => (agencyId ? book.episodes(agencyId) : NONE), [book, agencyId]);
  return useSyncExternalStore(book.subscribe, getSnapshot);
}

/** The agency's open episodes that opened while this screen was open: a polite live region's news. */
export function useAnomalyNews(agencyId: string): readonly AnomalyEpisode[] {
  const book = anomalyBookOf(useLiveClient());
  const getSnapshot = useCallback(() => book.news(agencyId), [book, agencyId]);
  return useSyncExternalStore(book.subscribe, getSnapshot);
}

/** Whether the agency's list of open anomalies has come (a screen may wait for it to draw). */
export function useAnomaliesHeard(agencyId: string): boolean {
  const book = anomalyBookOf(useLiveClient());
  const getSnapshot = useCallback(() => book.heard(agencyId), [book, agencyId]);
  return useSyncExternalStore(book.subscribe, getSnapshot);
}
