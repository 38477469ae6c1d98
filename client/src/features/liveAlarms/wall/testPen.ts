import { BAR_LINE_PX, barColumns, barTrack, type BarsPen } from './hourBarsDrawing';

/** One line of the bars as it stands on the canvas: its type, its count and its bar's share of a full bar. */
export interface DrawnLine {
  type: string;
  count: string;
  share: number;
}

/**
 * A 2D context for tests (jsdom has none) that keeps what stands on a canvas `width` CSS pixels
 * wide, line by line and part by part: a clear wipes the parts of the lines it covers (a part is
 * covered where it starts), its text or its bar draws it again. `painted` counts the lines
 * touched since it was last read, `texts` the texts drawn.
 */
export function testPen(width: number) {
  const lines = new Map<number, Partial<DrawnLine>>();
  const at = barColumns(width);
  const lineAt = (y: number) => Math.floor(y / BAR_LINE_PX);
  const touched = new Set<number>();
  let texts = 0;
  const part = (y: number) => {
    touched.add(lineAt(y));
    const line = lines.get(lineAt(y)) ?? {};
    lines.set(lineAt(y), line);
    return line;
  };
  const pen: BarsPen = {
    font: '',
    fillStyle: '',
    textAlign: 'left',
    textBaseline: 'middle',
    setTransform: () => {},
    clearRect: (x: number, y: number, w: number, h: number) => {
      const covers = (start: number) => x <= start && start < x + w;
      for (let i = lineAt(y); i < lineAt(y + h); i++) {
        const line = lines.get(i);
        if (!line) continue;
        touched.add(i);
        if (covers(at.type)) delete line.type;
        if (covers(at.bar)) delete line.share;
        if (covers(at.count)) delete line.count;
        if (Object.keys(line).length === 0) lines.delete(i);
      }
    },
    fillText: (text: string, x: number, y: number) => {
      texts++;
      if (x === at.type) part(y).type = text;
      else part(y).count = text;
    },
    beginPath: () => {},
    roundRect: ((_x: number, y: number, w: number) => {
      part(y).share = Number((w / barTrack(width)).toFixed(4));
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
    /** How many lines were drawn on or wiped since the last call. */
    painted: () => {
      const n = touched.size;
      touched.clear();
      return n;
    },
    /** How many texts (types and counts) were drawn since the last call. */
    texts: () => {
      const n = texts;
      texts = 0;
      return n;
    },
  };
}
