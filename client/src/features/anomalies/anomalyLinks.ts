import { placeOnTestComment, type AnomalyEpisode } from '../../../../shared/anomalies/anomalyApi';

/** Place On Test opened on the episode's site, its system chosen, with the runaway's comment. */
export function placeOnTestLink(e: AnomalyEpisode): string {
  const p = new URLSearchParams({ site: e.siteNo, system: e.systemNo, comment: placeOnTestComment(e) });
  return `/placeontest?${p.toString()}`;
}

/** The report the episode comes from, filtered to its account. */
export function detailsLink(e: AnomalyEpisode): string {
  const report = e.kind === 'runaway' ? '/runawaysystems' : '/activity';
  return `${report}?${new URLSearchParams({ csNo: e.csNo }).toString()}`;
}
