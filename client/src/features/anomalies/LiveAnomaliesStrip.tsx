import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { anomalyText, type AnomalyEpisode } from '../../../../shared/anomalies/anomalyApi';
import { MENU_IDS } from '../../../../shared/menu/menuCatalog';
import { useLiveAnomalies } from '../../lib/live/useLiveAnomalies';
import { buildMenu, menuIds } from '../../lib/menu/buildMenu';
import { selectedNavIds } from '../../lib/session/sitePreferences';
import { useSessionView } from '../../lib/session/sessionView';
import { detailsLink, placeOnTestLink } from './anomalyLinks';
import './anomalies.css';

/**
 * What a screen reader hears of each episode: its line when first seen, never again. NOTE: the
 * polite region holds these fixed lines, so a count that moves changes no text it announces, and
 * a closed episode's line leaves silently (removals are not announced).
 */
const firstHeard = new Map<string, string>();
function heardLine(e: AnomalyEpisode): string {
  let line = firstHeard.get(e.id);
  if (line === undefined) {
    if (firstHeard.size > 500) firstHeard.clear();
    line = anomalyText(e);
    firstHeard.set(e.id, line);
  }
  return line;
}

const startedText = (at: number) =>
  new Date(at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

/**
 * "Live anomalies" (issue 39): above the Live Alarm View's grid, one line per open episode of the
 * agency (runaway systems, repeat alarms) with its site and start, "Place On Test" for a runaway
 * (users who may place on test) and "Details" (the report, filtered to the account).
 */
export function LiveAnomaliesStrip({ agencyId }: { agencyId: string }) {
  const episodes = useLiveAnomalies(agencyId);
  const navigate = useNavigate();
  const { profile, isOwner } = useSessionView();
  const allowed = useMemo(
    () =>
      profile ? menuIds(buildMenu({ selectedNavIds: selectedNavIds(profile), isOwner })) : new Set<string>(),
    [profile, isOwner],
  );
  const mayPlaceOnTest = allowed.has(MENU_IDS.alarmTesting);
  return (
    <>
      <div className="visually-hidden" role="status" aria-live="polite">
        {episodes.map((e) => (
          <p key={e.id}>{heardLine(e)}</p>
        ))}
      </div>
      {episodes.length > 0 ? (
        <section className="anomalies card" aria-labelledby="anomalies-title">
          <h2 id="anomalies-title" className="anomalies__title">
            Live anomalies
          </h2>
          <ul className="anomalies__list">
            {episodes.map((e) => (
              <li key={e.id} className={`anomalies__line anomalies__line--${e.kind}`}>
                <span className="anomalies__text">{anomalyText(e)}</span>
                {e.siteName ? <span className="anomalies__site">{e.siteName}</span> : null}
                <span className="anomalies__started">started {startedText(e.startedAt)}</span>
                <span className="anomalies__actions">
                  {e.kind === 'runaway' && mayPlaceOnTest ? (
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`Place On Test CS# ${e.csNo}`}
                      onClick={() => navigate(placeOnTestLink(e))}
                    >
                      Place On Test
                    </button>
                  ) : null}
                  {allowed.has(e.kind === 'runaway' ? MENU_IDS.runaway : MENU_IDS.excessiveAlarms) ? (
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`Details CS# ${e.csNo}`}
                      onClick={() => navigate(detailsLink(e))}
                    >
                      Details
                    </button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
