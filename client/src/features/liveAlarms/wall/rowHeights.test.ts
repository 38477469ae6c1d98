import { describe, expect, it } from 'vitest';
import { createRowHeights, stackRows, type SizeEntry } from './rowHeights';

/** A watcher the test reports sizes through, as the browser would after its layout. */
function fakeWatch() {
  let report: (entries: readonly SizeEntry[]) => void = () => {};
  const watched = new Set<Element>();
  return {
    watch: (r: (entries: readonly SizeEntry[]) => void) => {
      report = r;
      return {
        observe: (el: Element) => void watched.add(el),
        unobserve: (el: Element) => void watched.delete(el),
        disconnect: () => watched.clear(),
      };
    },
    laidOut: (entries: SizeEntry[]) => report(entries),
    watched,
  };
}

describe('the wall rows stacked by their heights', () => {
  it('places each row under the ones above it, a row not laid out yet at the guess', () => {
    const heights = new Map([
      ['a', 100],
      ['b', 140],
    ]);
    expect(stackRows(['a', 'b', 'new'], (id) => heights.get(id), 12, 90)).toEqual({
      tops: [0, 112, 264],
      height: 354,
    });
    expect(stackRows([], () => undefined, 12, 90)).toEqual({ tops: [], height: 0 });
  });

  it('a new alarm at the top moves the rows under it by its height', () => {
    const h = (id: string) => ({ a: 100, b: 100, n: 130 })[id];
    const before = stackRows(['a', 'b'], h, 12, 100).tops;
    const after = stackRows(['n', 'a', 'b'], h, 12, 100).tops;
    expect(after.slice(1).map((top, i) => top - before[i])).toEqual([142, 142]);
  });

  it('tells the list when a row is laid out at another height, and forgets a row that left', () => {
    const w = fakeWatch();
    const rows = createRowHeights(w.watch);
    let told = 0;
    rows.subscribe(() => told++);
    const el = document.createElement('li');
    const stop = rows.observe('a', el);
    expect(rows.heightOf('a')).toBeUndefined();

    w.laidOut([{ target: el, height: 100 }]);
    expect([rows.heightOf('a'), told]).toEqual([100, 1]);
    // The same height again (a clock's tick): nothing to re-render.
    w.laidOut([{ target: el, height: 100 }]);
    expect(told).toBe(1);
    w.laidOut([{ target: el, height: 132 }]);
    expect([rows.heightOf('a'), told]).toEqual([132, 2]);

    stop();
    expect(rows.heightOf('a')).toBeUndefined();
    expect(w.watched.size).toBe(0);
  });
});
