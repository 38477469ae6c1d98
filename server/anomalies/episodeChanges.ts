import type { AnomalyEpisode } from '../../shared/anomalies/anomalyApi';
import type { Finding } from './anomalyDetector';

/** The key of an episode: one per kind and account at a time. */
export const episodeKey = (e: { kind: string; csNo: string }): string => `${e.kind}:${e.csNo}`;

export interface EpisodeChanges {
  /** Accounts newly over a threshold: to be opened (and alerted once, if the store says it is new). */
  opened: AnomalyEpisode[];
  /** Open episodes whose count or window changed: no alert. */
  updated: AnomalyEpisode[];
  /** Open episodes whose account fell back under the threshold. */
  closed: AnomalyEpisode[];
}

/**
 * What moves between the open episodes and what the detector finds now. Pure: `newId` names an
 * opened episode. An episode stays open, keeping its id and start, while its account is found.
 */
export function episodeChanges(
  agencyId: string,
  open: readonly AnomalyEpisode[],
  found: readonly Finding[],
  now: number,
  newId: () => string,
): EpisodeChanges {
  const byKey = new Map(open.map((e) => [episodeKey(e), e]));
  const out: EpisodeChanges = { opened: [], updated: [], closed: [] };
  const still = new Set<string>();
  for (const f of found) {
    const key = episodeKey(f);
    still.add(key);
    const was = byKey.get(key);
    if (!was) {
      out.opened.push({
        id: newId(),
        agencyId,
        kind: f.kind,
        csNo: f.csNo,
        siteNo: f.siteNo,
        systemNo: f.systemNo,
        siteName: f.siteName,
        count: f.count,
        window: f.window,
        startedAt: f.crossedAt,
        updatedAt: now,
      });
    } else if (was.count !== f.count || was.window !== f.window || was.siteName !== f.siteName) {
      out.updated.push({ ...was, count: f.count, window: f.window, siteName: f.siteName, updatedAt: now });
    }
  }
  for (const [key, e] of byKey) if (!still.has(key)) out.closed.push(e);
  return out;
}
