import { describe, expect, it } from 'vitest';
import { comparePlain, isPlainText } from './textOrder';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const sign = (n: number) => Math.sign(n);

describe('the plain-text order', () => {
  it('orders plain text as the grid’s collator does', () => {
    const alphabet = 'aAbZz 0019';
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const text = () =>
      Array.from(
        { length: Math.floor(random() * 7) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
    for (let n = 0; n < 20_000; n++) {
      const a = text();
      const b = text();
      expect(sign(comparePlain(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(
        sign(collator.compare(a, b)),
      );
    }
  });

  it('sorts sites naturally, case-insensitively', () => {
    const names = ['Site 10', 'site 9', 'Site 100', 'Harbor Storage', 'harbor storage 2', 'Site 09'];
    expect([...names].sort(comparePlain)).toEqual([...names].sort(collator.compare));
  });

  it('knows plain text', () => {
    expect(isPlainText('Harbor Storage 12')).toBe(true);
    expect(isPlainText('Élan')).toBe(false);
    expect(isPlainText('A-1')).toBe(false);
  });
});
