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

/** Where a line's three parts start on a canvas `width` CSS pixels wide: its type, its bar and its count. */
export const barColumns = (width: number) => ({
  type: 0,
  bar: LABEL_PX + GAP_PX,
  count: LABEL_PX + GAP_PX + barTrack(width) + GAP_PX,
});

/** What a line shows: its type, its count and its bar's length. */
interface DrawnLine {
  type: string;
  count: number;
  length: number;
}

/**
 * The painter of "Events, last hour" on one canvas: per type, in the order given, its name, a bar
 * in its colour as long as its count over the scale's full count, and its count. It remembers
 * what each line shows and repaints the parts that changed: a delta the count and the bar of the
 * type it counted, a new scale the bars (not their text), a new order the lines whose type moved,
 * and every line only when the layout did. NOTE: on a TV stick the text of fifteen lines was most
 * of a redraw; the hour's ranking, once a minute, and a largest count passing a step of the scale
 * were the costliest ticks of a wall's minute (issue 38, F36).
 */
export function hourBarsPainter(pen: BarsPen) {
  let layout: BarsLayout | null = null;
  /** What each line shows, by its place. */
  let drawn: DrawnLine[] = [];

  const middleOf = (i: number) => i * BAR_LINE_PX + (BAR_LINE_PX - GAP_PX) / 2;

  function typeText(i: number, type: string) {
    pen.font = layout!.font;
    pen.fillStyle = layout!.ink;
    pen.fillText(type, 0, middleOf(i), LABEL_PX);
  }

  /** The bar and the gaps either side of it are cleared, then the bar drawn. */
  function bar(i: number, type: string, length: number, x: number) {
    pen.clearRect(x - GAP_PX / 2, i * BAR_LINE_PX, barTrack(layout!.width) + GAP_PX, BAR_LINE_PX);
    if (length <= 0) return;
    pen.fillStyle = typeColour(type);
    pen.beginPath();
    pen.roundRect(x, middleOf(i) - BAR_PX / 2, length, BAR_PX, 4);
    pen.fill();
  }

  function countText(i: number, count: number, x: number) {
    pen.clearRect(x - GAP_PX / 2, i * BAR_LINE_PX, layout!.width - x + GAP_PX / 2, BAR_LINE_PX);
    pen.font = layout!.boldFont;
    pen.fillStyle = layout!.ink;
    pen.fillText(String(count), x, middleOf(i), COUNT_PX);
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
      const scale = Math.max(1, scaleMax);
      const track = barTrack(layout.width);
      const at = barColumns(layout.width);
      pen.setTransform(layout.ratio, 0, 0, layout.ratio, 0, 0);
      pen.textBaseline = 'middle';
      pen.textAlign = 'left';
      // NOTE: a loop, not forEach, and a line's record changed in place: this runs on every tick
      // with a delta, and its garbage paused deltas on a TV stick (issue 38).
      for (let i = 0; i < types.length; i++) {
        const type = types[i];
        const count = countOf(type);
        const length = (track * Math.min(count, scale)) / scale;
        const was = drawn[i];
        if (was && was.type === type && was.count === count && was.length === length) continue;
        if (!was || was.type !== type) {
          pen.clearRect(0, i * BAR_LINE_PX, layout.width, BAR_LINE_PX);
          typeText(i, type);
        }
        if (was?.type !== type || was.length !== length) bar(i, type, length, at.bar);
        if (was?.type !== type || was.count !== count) countText(i, count, at.count);
        if (was) {
          was.type = type;
          was.count = count;
          was.length = length;
        } else drawn[i] = { type, count, length };
      }
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
