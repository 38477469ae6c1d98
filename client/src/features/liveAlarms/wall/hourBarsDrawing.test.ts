import { describe, expect, it } from 'vitest';
import { barsRoom, hourBarsPainter, type BarsLayout } from './hourBarsDrawing';
import { testPen } from './testPen';

const layout: BarsLayout = {
  width: 1000,
  ratio: 1,
  ink: '#fff',
  font: '24px sans-serif',
  boldFont: 'bold 24px sans-serif',
};

/** A painter on a test's pen, sized, and the counts it paints from (changed by the test). */
function paintingOf(counts: Array<[string, number]>) {
  const { pen, lines, painted, texts } = testPen(layout.width);
  const painter = hourBarsPainter(pen);
  painter.resized(layout);
  const tally = new Map(counts);
  return { painter, lines, painted, texts, counts: tally, countOf: (t: string) => tally.get(t) ?? 0 };
}

describe("the wall's bars on a canvas", () => {
  it('draws each type with its count and a bar as long as its count over the scale', () => {
    const { painter, lines, countOf } = paintingOf([
      ['B', 3],
      ['A', 1],
      ['F', 0],
    ]);
    painter.paint(['B', 'A', 'F'], countOf, 3);
    expect(lines()).toEqual([
      { type: 'B', count: '3', share: 1 },
      { type: 'A', count: '1', share: 0.3333 },
      { type: 'F', count: '0', share: 0 },
    ]);
  });

  it('repaints only the line whose count changed, every bar but not their text when the scale changes, and every line when the size does', () => {
    const { painter, lines, painted, texts, counts, countOf } = paintingOf([
      ['B', 3],
      ['A', 1],
    ]);
    const order = ['B', 'A'];
    painter.paint(order, countOf, 3);
    expect(painted()).toBe(2);
    expect(texts()).toBe(4);

    // One event of A: its line alone, its count's text, not its type's.
    counts.set('A', 2);
    painter.paint(order, countOf, 3);
    expect(painted()).toBe(1);
    expect(texts()).toBe(1);
    expect(lines()[1]).toEqual({ type: 'A', count: '2', share: 0.6667 });

    // Nothing changed: nothing is drawn.
    painter.paint(order, countOf, 3);
    expect(painted()).toBe(0);

    // B passes the scale's step: every bar's length moves; of the texts, B's count alone.
    counts.set('B', 4);
    painter.paint(order, countOf, 4);
    expect(painted()).toBe(2);
    expect(texts()).toBe(1);
    expect(lines()).toEqual([
      { type: 'B', count: '4', share: 1 },
      { type: 'A', count: '2', share: 0.5 },
    ]);

    // Resized (the canvas cleared): whole.
    painter.resized({ ...layout, width: 800 });
    painter.paint(['A', 'B'], countOf, 4);
    expect(painted()).toBe(2);
    expect(texts()).toBe(4);
  });

  it('ranked again, repaints the lines whose type moved; a type gone from the hour is wiped', () => {
    const { painter, lines, painted, texts, counts, countOf } = paintingOf([
      ['C', 5],
      ['B', 3],
      ['A', 3],
    ]);
    painter.paint(['C', 'B', 'A'], countOf, 5);
    expect(painted()).toBe(3);
    expect(texts()).toBe(6);

    // A passes B: the two lower lines change places, the first stays as drawn.
    counts.set('A', 4);
    painter.paint(['C', 'A', 'B'], countOf, 5);
    expect(painted()).toBe(2);
    expect(texts()).toBe(4);
    expect(lines()).toEqual([
      { type: 'C', count: '5', share: 1 },
      { type: 'A', count: '4', share: 0.8 },
      { type: 'B', count: '3', share: 0.6 },
    ]);

    // The hour moved on past B's events: its line is wiped, nothing drawn.
    counts.delete('B');
    painter.paint(['C', 'A'], countOf, 5);
    expect(painted()).toBe(1);
    expect(texts()).toBe(0);
    expect(lines().map((l) => l.type)).toEqual(['C', 'A']);
  });
});

describe("the bars' canvas's room for lines", () => {
  it('grows by four lines when the types no longer fit, and shrinks only when two steps stand empty', () => {
    const rooms: number[] = [];
    let room = 0;
    // Types come and go: 2, 3, 4, 5, then down to 4 and up to 5 again, 9, and down to 1.
    for (const lines of [2, 3, 4, 5, 4, 5, 9, 5, 4, 1]) rooms.push((room = barsRoom(lines, room)));
    expect(rooms).toEqual([4, 4, 4, 8, 8, 8, 12, 12, 4, 4]);
    expect(barsRoom(0, 4)).toBe(4);
    expect(barsRoom(0, 8)).toBe(0);
  });
});
