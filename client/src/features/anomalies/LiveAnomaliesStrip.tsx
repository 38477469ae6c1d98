import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { anomalyText } from '../../../../shared/anomalies/anomalyApi';
import { MENU_IDS } from '../../../../shared/menu/menuCatalog';
import { useAnomalyNews, useLiveAnomalies } from '../../lib/live/useLiveAnomalies';
import { buildMenu, menuIds } from '../../lib/menu/buildMenu';
import { selectedNavIds } from '../../lib/session/sitePreferences';
import { useSessionView } from '../../lib/session/sessionView';
import { detailsLink, placeOnTestLink } from './anomalyLinks';
import './anomalies.css';
import { clockText } from '../../lib/time/clockText';

/** Lines shown before "Show all": the grid stays in view with many accounts over a threshold. */
const FOLDED_LINES = 5;

/** A line as it read when first heard: later counts do not change what was announced. */
function FirstHeard({ text }: { text: string }) {
  const [first] = useState(text);
  return <p>{first}</p>;
}

/**
 * "Live anomalies" (issue 39): above the Live Alarm View's grid, one line per open episode of the
 * agency (runaway systems, repeat alarms) with its site and start, "Place On Test" for a runaway
 * (users who may place on test) and "Details" (the report, filtered to the account).
 */
export function LiveAnomaliesStrip({ agencyId }: { agencyId: string }) {
  const episodes = useLiveAnomalies(agencyId);
  const news = useAnomalyNews(agencyId);
  const [unfolded, setUnfolded] = useState(false);
  const shown = unfolded ? episodes : episodes.slice(0, FOLDED_LINES);
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
      {/* NOTE: a polite region of the episodes that opened while the page was open, each as first
          heard (the key keeps its text): a count that moves changes nothing it announces, and a
          closed one leaves silently. Those open on arrival are in the strip, under its heading. */}
      <div className="visually-hidden" role="status" aria-live="polite">
        {news.map((e) => (
          <FirstHeard key={e.id} text={anomalyText(e)} />
        ))}
      </div>
      {episodes.length > 0 ? (
        <section className="anomalies card" aria-labelledby="anomalies-title">
          <h2 id="anomalies-title" className="anomalies__title">
            Live anomalies
          </h2>
          <ul className="anomalies__list">
            {shown.map((e) => (
              <li key={e.id} className={`anomalies__line anomalies__line--${e.kind}`}>
                <span className="anomalies__text">{anomalyText(e)}</span>
                {e.siteName ? <span className="anomalies__site">{e.siteName}</span> : null}
                <span className="anomalies__started">started {clockText(e.startedAt)}</span>
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
          {episodes.length > FOLDED_LINES ? (
            <button
              type="button"
              className="button button--secondary anomalies__more"
              aria-expanded={unfolded}
              onClick={() => setUnfolded((u) => !u)}
            >
              {unfolded ? 'Show fewer' : `Show all ${episodes.length}`}
            </button>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
