import { memo, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useBoundNode } from '../../../lib/store/useBoundNode';
import type { TallyStore } from './eventTally';
import { hourBarsCanvas } from './hourBarsCanvas';
import { BAR_LINE_PX, barsRoom } from './hourBarsDrawing';

/**
 * "Events, last hour": the bars drawn on one canvas, and inside it (not laid out or painted) the
 * list a screen reader reads. React renders the list's lines, their types and their order, and
 * again when the order (ranked once a minute, eventTally.ts) or the set of types changes; the
 * canvas is painted (the lines that changed) and each line's count written as the tally changes,
 * with no render.
 *
 * NOTE: a canvas, not a bar and a count per line: on a TV stick a delta's frame restyled, laid out
 * and painted the bars it moved (every bar when the scale moved); now it paints one element
 * (issue 38; docs/decisions.md, "The wall's bars on one canvas").
 */
export function LastHourByType({ tally }: { tally: TallyStore }) {
  const types = useSyncExternalStore(tally.subscribe, tally.types);
  const [room, setRoom] = useState(0);
  const roomNow = barsRoom(types.length, room);
  if (roomNow !== room) setRoom(roomNow);
  const ref = useRef<HTMLCanvasElement>(null);
  const bars = useMemo(() => hourBarsCanvas(tally), [tally]);
  // NOTE: the order first, then the canvas: attached, it is sized for the lines it will show.
  useLayoutEffect(() => bars.show(types, roomNow), [bars, types, roomNow]);
  useLayoutEffect(() => (ref.current ? bars.attach(ref.current) : undefined), [bars]);
  return (
    <section aria-label="Events in the last hour by type">
      <h2>Events, last hour</h2>
      <canvas ref={ref} className="wall__bars-canvas" style={{ height: roomNow * BAR_LINE_PX }}>
        <ul className="wall__bars">
          {types.map((type) => (
            <TypeCount key={type} type={type} tally={tally} />
          ))}
        </ul>
      </canvas>
    </section>
  );
}

// NOTE: the count's text node is changed in place once there is one (a new node each time otherwise).
const writeCount = (node: HTMLElement, count: number) => {
  if (node.firstChild) node.firstChild.nodeValue = String(count);
  else node.textContent = String(count);
};

/** One line of the list inside the canvas: its type and its count, written as the tally changes. */
const TypeCount = memo(function TypeCount({ type, tally }: { type: string; tally: TallyStore }) {
  const [count] = useState(() => () => tally.countOf(type));
  const countRef = useBoundNode(tally.subscribe, count, writeCount);
  return (
    <li>
      <span className="wall__bar-label">{type}</span> <strong ref={countRef} />
    </li>
  );
});
