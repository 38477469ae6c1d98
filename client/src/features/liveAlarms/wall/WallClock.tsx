import { useBoundNode } from '../../../lib/store/useBoundNode';
import { clockOf } from '../hooks/useNow';

// NOTE: one formatter, made once: `toLocaleTimeString()` builds one per call (the same options,
// so the same text: hours, minutes and seconds in the browser's locale).
const TIME = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: 'numeric', second: 'numeric' });

const second = clockOf(1000);
const writeTime = (node: HTMLElement, now: number) => {
  if (node.firstChild) node.firstChild.nodeValue = TIME.format(now);
  else node.textContent = TIME.format(now);
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
