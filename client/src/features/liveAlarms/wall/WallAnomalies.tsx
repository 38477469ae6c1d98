import { memo, useCallback, useState, useSyncExternalStore } from 'react';
import { anomalyText, type AnomalyEpisode } from '../../../../../shared/anomalies/anomalyApi';
import { anomalyBookOf } from '../../../lib/live/anomalyBook';
import { useLiveClient } from '../../../lib/live/LiveProvider';
import { pacedToClock } from '../hooks/pacedToClock';

/**
 * The wall's banner of live anomalies (issue 39): the Live Alarm View strip's lines, readable from
 * across the room; nothing when none is open. A wall is not acted on, so it has no buttons. It
 * lies over the foot of the screen (wall.css): an episode opening moves nothing on the wall.
 *
 * It draws the lines that can show, not every open episode: the band is at most 40% of the
 * screen and clips the rest (wall.css), and an agency can have hundreds open (a repeat alarm on
 * each account in alarm); each line drawn is DOM, layout and memory a TV stick keeps.
 */
export function WallAnomalies({ agencyId }: { agencyId: string }) {
  const episodes = usePacedAnomalies(agencyId);
  const fit = useSyncExternalStore(onResize, linesThatFit, () => Infinity);
  if (episodes.length === 0) return null;
  return (
    <section className="wall__anomalies" aria-label="Live anomalies">
      <ul>
        {episodes.slice(0, fit).map((e) => (
          <AnomalyLine key={e.id} text={anomalyText(e)} siteName={e.siteName} />
        ))}
      </ul>
    </section>
  );
}

/**
 * One episode's line, drawn again only when its words change: a list heard again comes as new
 * objects for every episode, and one repeat signal changes one line's count (on a TV stick, twenty
 * lines rendered again each second counted; issue 38).
 */
const AnomalyLine = memo(function AnomalyLine({ text, siteName }: { text: string; siteName: string }) {
  return (
    <li>
      <strong>{text}</strong>
      {siteName ? <span> · {siteName}</span> : null}
    </li>
  );
});

/**
 * The agency's open episodes (as useLiveAnomalies), heard on the second's tick with the wall's
 * clock: an episode's count moves with each repeat signal, and the band is drawn in the second's
 * frame, not in one of its own (issue 38).
 */
function usePacedAnomalies(agencyId: string): readonly AnomalyEpisode[] {
  const book = anomalyBookOf(useLiveClient());
  const [subscribe] = useState(() => pacedToClock(book.subscribe));
  const getSnapshot = useCallback(() => book.episodes(agencyId), [book, agencyId]);
  return useSyncExternalStore(subscribe, getSnapshot);
}

let fits: number | null = null;

function onResize(listener: () => void): () => void {
  const resized = () => {
    fits = null;
    listener();
  };
  window.addEventListener('resize', resized);
  return () => window.removeEventListener('resize', resized);
}

/**
 * More lines than the band can show: its most (40% of the screen, wall.css) over the least a line
 * can be (one line of its type, 1.4rem, at a line height of at least its font size), and one more.
 * Read once, then again after a resize (not in every render: it reads the root's style).
 */
function linesThatFit(): number {
  if (fits === null) {
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    fits = Math.ceil((window.innerHeight * 0.4) / (1.4 * rem)) + 1;
  }
  return fits;
}
