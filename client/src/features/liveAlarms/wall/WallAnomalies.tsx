import { anomalyText } from '../../../../../shared/anomalies/anomalyApi';
import { useLiveAnomalies } from '../../../lib/live/useLiveAnomalies';

/**
 * The wall's banner of live anomalies (issue 39): the Live Alarm View strip's lines, readable from
 * across the room; nothing when none is open. A wall is not acted on, so it has no buttons. It
 * lies over the foot of the screen (wall.css): an episode opening moves nothing on the wall.
 */
export function WallAnomalies({ agencyId }: { agencyId: string }) {
  const episodes = useLiveAnomalies(agencyId);
  if (episodes.length === 0) return null;
  return (
    <section className="wall__anomalies" aria-label="Live anomalies">
      <ul>
        {episodes.map((e) => (
          <li key={e.id}>
            <strong>{anomalyText(e)}</strong>
            {e.siteName ? <span> · {e.siteName}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
