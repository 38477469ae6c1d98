import { BAR_LINE_PX, barTrack, type BarsPen } from './hourBarsDrawing';

/** One line of the bars as it stands on the canvas: its type, its count and its bar's share of a full bar. */
export interface DrawnLine {
  type: string;
  count: string;
  share: number;
}

/**
 * A 2D context for tests (jsdom has none) that keeps what stands on a canvas `width` CSS pixels
 * wide, line by line: a line's clear wipes it, its texts and its bar redraw it. `painted` counts
 * the lines drawn since it was last reset.
 */
export function testPen(width: number) {
  const lines = new Map<number, Partial<DrawnLine>>();
  const lineAt = (y: number) => Math.floor(y / BAR_LINE_PX);
  let painted = 0;
  const pen: BarsPen = {
    font: '',
    fillStyle: '',
    textAlign: 'left',
    textBaseline: 'middle',
    setTransform: () => {},
    clearRect: (_x: number, y: number, _w: number, h: number) => {
      for (let i = lineAt(y); i < lineAt(y + h); i++) lines.delete(i);
    },
    fillText: (text: string, x: number, y: number) => {
      const line = lines.get(lineAt(y)) ?? {};
      if (x === 0) {
        line.type = text;
        painted++;
      } else line.count = text;
      lines.set(lineAt(y), line);
    },
    beginPath: () => {},
    roundRect: ((_x: number, y: number, w: number) => {
      const line = lines.get(lineAt(y)) ?? {};
      line.share = Number((w / barTrack(width)).toFixed(4));
      lines.set(lineAt(y), line);
    }) as BarsPen['roundRect'],
    fill: () => {},
  };
  return {
    pen,
    /** The lines on the canvas, top to bottom; a line with no bar has a share of 0. */
    lines: (): DrawnLine[] =>
      [...lines.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([, l]) => ({ type: l.type ?? '', count: l.count ?? '', share: l.share ?? 0 })),
    /** How many lines were drawn since the last call. */
    painted: () => {
      const n = painted;
      painted = 0;
      return n;
    },
  };
}
