import { memo, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useBoundNode } from '../../../lib/store/useBoundNode';
import type { TallyStore } from './eventTally';
import { hourBarsCanvas } from './hourBarsCanvas';
import { BAR_LINE_PX, barsRoom } from './hourBarsDrawing';

/**
 * "Events, last hour": the bars drawn on one canvas, and inside it (not laid out or painted) the
 * list a screen reader reads. React renders the list's lines only when their number changes, and
 * the canvas's box when its room for lines does (barsRoom); each line's type and count are written
 * to it by its place, and the canvas painted (the parts that changed), as the tally changes, with
 * no render.
 *
 * NOTE: a canvas, not a bar and a count per line: on a TV stick a delta's frame restyled, laid out
 * and painted the bars it moved (every bar when the scale moved); now it paints one element
 * (issue 38; docs/decisions.md, "The wall's bars on one canvas"). Lines by place, not keyed by
 * type: the hour ranked again (once a minute) moved the list's items, a render and commit that
 * was the costliest tick of that minute (F36).
 */
export function LastHourByType({ tally }: { tally: TallyStore }) {
  const lines = useSyncExternalStore(tally.subscribe, () => tally.types().length);
  const [room, setRoom] = useState(0);
  const roomNow = barsRoom(lines, room);
  if (roomNow !== room) setRoom(roomNow);
  const ref = useRef<HTMLCanvasElement>(null);
  const bars = useMemo(() => hourBarsCanvas(tally), [tally]);
  // NOTE: the room first, then the canvas: attached, it is sized for the lines it will show.
  useLayoutEffect(() => bars.show(roomNow), [bars, roomNow]);
  useLayoutEffect(() => (ref.current ? bars.attach(ref.current) : undefined), [bars]);
  return (
    <section aria-label="Events in the last hour by type">
      <h2>Events, last hour</h2>
      <canvas ref={ref} className="wall__bars-canvas" style={{ height: roomNow * BAR_LINE_PX }}>
        <ul className="wall__bars">
          {Array.from({ length: lines }, (_, i) => (
            <TypeCount key={i} index={i} tally={tally} />
          ))}
        </ul>
      </canvas>
    </section>
  );
}

// NOTE: the text node is changed in place once there is one (a new node each time otherwise).
const writeText = (node: HTMLElement, text: string) => {
  if (node.firstChild) node.firstChild.nodeValue = text;
  else node.textContent = text;
};

const writeCount = (node: HTMLElement, count: number) => writeText(node, count < 0 ? '' : String(count));

/** The `index`-th line of the list inside the canvas: its type and its count, written as the tally changes. */
const TypeCount = memo(function TypeCount({ index, tally }: { index: number; tally: TallyStore }) {
  const [read] = useState(() => ({
    type: () => tally.types()[index] ?? '',
    // A number, not its text: read on every tick, written only when it changes.
    count: () => {
      const type = tally.types()[index];
      return type === undefined ? -1 : tally.countOf(type);
    },
  }));
  const typeRef = useBoundNode(tally.subscribe, read.type, writeText);
  const countRef = useBoundNode(tally.subscribe, read.count, writeCount);
  return (
    <li>
      <span ref={typeRef} className="wall__bar-label" /> <strong ref={countRef} />
    </li>
  );
});
