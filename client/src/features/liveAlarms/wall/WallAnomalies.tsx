import { memo, useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { anomalyText, type AnomalyEpisode } from '../../../../../shared/anomalies/anomalyApi';
import { anomalyBookOf } from '../../../lib/live/anomalyBook';
import { useLiveClient } from '../../../lib/live/LiveProvider';
import { useBoundNode } from '../../../lib/store/useBoundNode';
import { pacedToClock } from '../hooks/pacedToClock';

/**
 * The wall's banner of live anomalies (issue 39): the Live Alarm View strip's lines, readable from
 * across the room; nothing when none is open. A wall is not acted on, so it has no buttons. It
 * lies over the foot of the screen (wall.css): an episode opening moves nothing on the wall.
 *
 * It draws the lines that can show, not every open episode: the band is at most 40% of the
 * screen and clips the rest (wall.css), and an agency can have hundreds open (a repeat alarm on
 * each account in alarm); each line drawn is DOM, layout and memory a TV stick keeps.
 *
 * NOTE: React renders the band and its lines only when the number of lines changes; each line's
 * words are written to it on the second's tick, with the clock, with no render (useBoundNode). A
 * repeat signal changes one episode's count: a render of the band for it was most of the costliest
 * ticks of a wall's minute on a TV stick (issue 38, F36).
 */
export function WallAnomalies({ agencyId }: { agencyId: string }) {
  const book = anomalyBookOf(useLiveClient());
  const [subscribe] = useState(() => pacedToClock(book.subscribe));
  const episodes = useCallback(() => book.episodes(agencyId), [book, agencyId]);
  const fit = useSyncExternalStore(onResize, linesThatFit, () => Infinity);
  const lines = useSyncExternalStore(subscribe, () => Math.min(episodes().length, fit));
  if (lines === 0) return null;
  return (
    <section className="wall__anomalies" aria-label="Live anomalies">
      <ul>
        {Array.from({ length: lines }, (_, i) => (
          <AnomalyLine key={i} index={i} subscribe={subscribe} episodes={episodes} />
        ))}
      </ul>
    </section>
  );
}

type Subscribe = (listener: () => void) => () => void;

/** The `index`-th open episode's line: its words and its site, written as they change. */
const AnomalyLine = memo(function AnomalyLine({
  index,
  subscribe,
  episodes,
}: {
  index: number;
  subscribe: Subscribe;
  episodes: () => readonly AnomalyEpisode[];
}) {
  const words = useMemo(() => lineReader(episodes, index, anomalyText), [episodes, index]);
  const site = useMemo(() => lineReader(episodes, index, siteText), [episodes, index]);
  const wordsRef = useBoundNode(subscribe, words, writeText);
  const siteRef = useBoundNode(subscribe, site, writeText);
  return (
    <li>
      <strong ref={wordsRef} />
      <span ref={siteRef} />
    </li>
  );
});

const siteText = (e: AnomalyEpisode) => (e.siteName ? ` · ${e.siteName}` : '');

/**
 * A reader of the text of the `index`-th episode, which keeps it while the episode is the same
 * (the book replaces an episode whose count moved). NOTE: read on every tick, built again each
 * time it was garbage on a TV stick (issue 38).
 */
function lineReader(
  episodes: () => readonly AnomalyEpisode[],
  index: number,
  textOf: (e: AnomalyEpisode) => string,
): () => string {
  let read: AnomalyEpisode | undefined;
  let text = '';
  return () => {
    const e = episodes()[index];
    if (e !== read) text = e ? textOf(e) : '';
    read = e;
    return text;
  };
}

// NOTE: the text node is changed in place once there is one (a new node each time otherwise).
const writeText = (node: HTMLElement, text: string) => {
  if (node.firstChild) node.firstChild.nodeValue = text;
  else node.textContent = text;
};

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
