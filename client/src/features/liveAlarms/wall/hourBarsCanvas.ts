import { barScaleMax } from './barScale';
import type { TallyStore } from './eventTally';
import { BAR_LINE_PX, hourBarsPainter, type BarsLayout, type BarsPen } from './hourBarsDrawing';

/**
 * The bars' canvas, kept outside React: it paints the tally's changes, in the tally's order, as
 * they are heard. The canvas's backing store is sized, and the wall's type read from its CSS, when
 * it is attached, after a resize and when its room for lines changes (React's render: barsRoom); a
 * new order repaints the lines whose type moved (hourBarsPainter).
 *
 * NOTE: sizing a canvas clears and reallocates it, and reading its style and width makes the
 * browser style and lay out the page there and then. Done on each new order (the hour ranked
 * again, once a minute), it made that tick the costliest of a wall's minute on a TV stick
 * (issue 38, F36).
 */
export function hourBarsCanvas(tally: TallyStore) {
  let canvas: HTMLCanvasElement | null = null;
  let painter: ReturnType<typeof hourBarsPainter> | null = null;
  let layout: BarsLayout | null = null;
  /** The lines the canvas has room for (React's render: the box's height). */
  let room = 0;
  /** The room the backing store was sized for (-1: not yet). */
  let sized = -1;

  const draw = () => painter?.paint(tally.types(), tally.countOf, barScaleMax(Math.max(1, tally.largest())));
  /** Sizes the backing store for the room; `restyle`: reads the box's width and type again. */
  const fit = (restyle: boolean) => {
    if (!canvas || !painter) return;
    if (restyle || !layout) layout = layoutOf(canvas);
    canvas.width = Math.round(layout.width * layout.ratio);
    canvas.height = Math.round(room * BAR_LINE_PX * layout.ratio);
    sized = room;
    painter.resized(layout);
  };

  return {
    /** Paints on `node` from now on; answers the detach. No 2D context (jsdom): nothing. */
    attach(node: HTMLCanvasElement): (() => void) | undefined {
      const pen = node.getContext('2d') as BarsPen | null;
      if (!pen) return undefined;
      canvas = node;
      painter = hourBarsPainter(pen);
      fit(true);
      draw();
      const resized = () => {
        fit(true);
        draw();
      };
      window.addEventListener('resize', resized);
      const stop = tally.subscribe(draw);
      return () => {
        stop();
        window.removeEventListener('resize', resized);
        canvas = null;
        painter = null;
        layout = null;
        sized = -1;
      };
    },
    /** The lines there is room for (React's render): the canvas is sized for them and painted. */
    show(nextRoom: number): void {
      room = nextRoom;
      if (!painter) return;
      if (room !== sized) fit(false);
      draw();
    },
  };
}

/** The canvas's size in CSS pixels at the screen's pixel ratio, and the wall's type read from its CSS. */
function layoutOf(canvas: HTMLCanvasElement): BarsLayout {
  const css = getComputedStyle(canvas);
  const font = `${css.fontSize} ${css.fontFamily}`;
  return {
    width: canvas.clientWidth,
    ratio: window.devicePixelRatio || 1,
    ink: css.color,
    font,
    boldFont: `bold ${font}`,
  };
}
