/** The steps of a bar's scale within each power of ten: the longest bar fills 2/3 of it or more. */
const STEPS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/**
 * The count a full-width bar stands for: the largest count rounded up to the next step (1, 1.5,
 * 2, 2.5, 3, 4, 5, 6, 8, 10, 15, ...). A wall's bars then keep their scale while the largest
 * count grows within a step: a new event lengthens its own bar, and the others stay still,
 * rather than every bar shrinking a little with each event (issue 38: on a TV stick one bar's
 * change is one style write and one small repaint, fifteen are fifteen).
 */
export function barScaleMax(largest: number): number {
  // NOTE: each of a wall's bars asks with the same largest count after each change; the answer is
  // kept, not worked out (and its numbers allocated) fifteen times (issue 38, F36).
  if (largest !== last.largest) last = { largest, max: scaleMaxOf(largest) };
  return last.max;
}
let last = { largest: 1, max: 1 };

function scaleMaxOf(largest: number): number {
  if (!(largest > 1)) return 1;
  const decade = 10 ** Math.floor(Math.log10(largest));
  // Indexed: an iterator per new largest count was garbage on a TV stick (issue 38).
  for (let i = 0; i < STEPS.length; i++) {
    const step = STEPS[i];
    // NOTE: rounded, so 0.3 x 10 is 3 and not 3.0000000000000004.
    const max = Math.round(step * decade * 1e6) / 1e6;
    if (max >= largest) return max;
  }
  return 10 * decade;
}
