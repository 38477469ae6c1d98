import { typeColour } from '../../../lib/eventTypes/typeColours';

/** What the bars are drawn with: a 2D canvas context, or a test's record of one. */
export type BarsPen = Pick<
  CanvasRenderingContext2D,
  | 'setTransform'
  | 'clearRect'
  | 'fillText'
  | 'beginPath'
  | 'roundRect'
  | 'fill'
  | 'font'
  | 'fillStyle'
  | 'textAlign'
  | 'textBaseline'
>;

/** The canvas's size in CSS pixels, its pixel ratio and the wall's type, read from its CSS. */
export interface BarsLayout {
  width: number;
  ratio: number;
  /** The wall's text colour and font (the canvas's own `color` and `font`). */
  ink: string;
  font: string;
  boldFont: string;
}

/** One line's height (a bar and the space below it), as the list's lines were. */
export const BAR_LINE_PX = 40;
const LABEL_PX = 60;
const GAP_PX = 12;
const COUNT_PX = 80;
const BAR_PX = 26;

/** The canvas's room grows and shrinks by this many lines. */
const ROOM_STEP = 4;

/**
 * How many lines the canvas has room for, given the lines it shows and the room it has: more
 * when they no longer fit, in steps of four; less only when two steps of it stand empty. A type
 * that comes into the hour or leaves it then takes a line or wipes one, and the canvas keeps its
 * size. NOTE: sizing the canvas clears and reallocates it, repaints every line and lays the page
 * out; a rare type coming and going did that about once a minute, the costliest tick of a wall's
 * minute on a TV stick (issue 38, F36).
 */
export function barsRoom(lines: number, room: number): number {
  const fits = Math.ceil(lines / ROOM_STEP) * ROOM_STEP;
  return lines > room || fits <= room - 2 * ROOM_STEP ? fits : room;
}

/** How long a full bar is: the line's width less the type's and the count's columns. */
export const barTrack = (width: number) => Math.max(0, width - LABEL_PX - COUNT_PX - 2 * GAP_PX);

/**
 * The painter of "Events, last hour" on one canvas: per type, in the order given, its name, a bar
 * in its colour as long as its count over the scale's full count, and its count. It remembers
 * what each line shows: a delta repaints the lines whose count changed, a new order the lines
 * whose type changed, and all of them only when the scale or the layout did (one event changes
 * one line; issue 38: on a TV stick the text of fifteen lines was most of a redraw, and the
 * hour's ranking, once a minute, was the costliest tick of a minute).
 */
export function hourBarsPainter(pen: BarsPen) {
  let layout: BarsLayout | null = null;
  let scale = 0;
  /** What each line shows, by its place. */
  let drawn: Array<{ type: string; count: number }> = [];

  function line(i: number, type: string, count: number, track: number) {
    const { width, ink, font, boldFont } = layout!;
    const top = i * BAR_LINE_PX;
    const middle = top + (BAR_LINE_PX - GAP_PX) / 2;
    pen.clearRect(0, top, width, BAR_LINE_PX);
    pen.font = font;
    pen.fillStyle = ink;
    pen.fillText(type, 0, middle, LABEL_PX);
    const length = (track * Math.min(count, scale)) / scale;
    if (length > 0) {
      pen.fillStyle = typeColour(type);
      pen.beginPath();
      pen.roundRect(LABEL_PX + GAP_PX, middle - BAR_PX / 2, length, BAR_PX, 4);
      pen.fill();
    }
    pen.font = boldFont;
    pen.fillStyle = ink;
    pen.fillText(String(count), LABEL_PX + GAP_PX + track + GAP_PX, middle, COUNT_PX);
    drawn[i] = { type, count };
  }

  return {
    /** A new size or type (the canvas was resized, which clears it): the next paint is whole. */
    resized(next: BarsLayout): void {
      layout = next;
      drawn = [];
    },
    /** Paints what differs from what it drew: `scaleMax` is the count a full bar stands for. */
    paint(types: readonly string[], countOf: (type: string) => number, scaleMax: number): void {
      if (!layout) return;
      if (Math.max(1, scaleMax) !== scale) drawn = [];
      scale = Math.max(1, scaleMax);
      const track = barTrack(layout.width);
      pen.setTransform(layout.ratio, 0, 0, layout.ratio, 0, 0);
      pen.textBaseline = 'middle';
      pen.textAlign = 'left';
      types.forEach((type, i) => {
        const count = countOf(type);
        if (drawn[i]?.type !== type || drawn[i].count !== count) line(i, type, count, track);
      });
      // A type gone from the hour: the lines below the last are wiped.
      if (drawn.length > types.length) {
        pen.clearRect(
          0,
          types.length * BAR_LINE_PX,
          layout.width,
          (drawn.length - types.length) * BAR_LINE_PX,
        );
        drawn.length = types.length;
      }
    },
  };
}
