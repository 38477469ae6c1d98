import { anomalyText, type AnomalyEpisode } from '../../shared/anomalies/anomalyApi';
import type { PushMessage } from '../../shared/push/pushApi';

/** The Live Alarm View of the episode's agency: the strip is at its top. */
export function anomalyLink(agencyId: string): string {
  return `/dashboardDetails?${new URLSearchParams({ agency: agencyId }).toString()}`;
}

/**
 * What a lock screen shows of an episode: the strip's line, the site name and when it started (in
 * the device's time zone). One tag per episode, so a repeat folds into it.
 */
export function anomalyPushMessage(e: AnomalyEpisode, timeZone: string): PushMessage {
  const started = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(e.startedAt);
  return {
    title: anomalyText(e),
    body: [e.siteName, `started ${started}`].filter(Boolean).join(' · '),
    url: anomalyLink(e.agencyId),
    tag: `anomaly:${e.id}`,
    anomaly: { id: e.id, agencyId: e.agencyId, kind: e.kind, csNo: e.csNo },
  };
}
