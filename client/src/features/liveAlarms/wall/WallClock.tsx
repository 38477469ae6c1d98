import { useBoundNode } from '../../../lib/store/useBoundNode';
import { timeOfDayText } from '../../../lib/time/clockText';
import { clockOf } from '../hooks/useNow';

const second = clockOf(1000);
// NOTE: the portal's own words for a time ("2:10:05 PM"), not Intl's: the first format a page
// makes loads the locale's data, and the wall's first screen made only this one (issue 38).
const writeTime = (node: HTMLElement, now: number) => {
  if (node.firstChild) node.firstChild.nodeValue = timeOfDayText(now);
  else node.textContent = timeOfDayText(now);
};

/**
 * The wall's clock, to the second (a viewer across the room sees the wall is alive). Its time is
 * written from the shared second's tick to its node (useBoundNode), with no render: on a TV stick
 * a render and commit a second was most of a tick (issue 38). Its box is fixed and contained
 * (wall.css), so a tick lays out and paints the clock, not the header.
 */
export function WallClock() {
  const timeRef = useBoundNode(second.subscribe, second.read, writeTime);
  return (
    <span className="wall__clock">
      <span ref={timeRef} className="wall__clock-time" />
    </span>
  );
}
