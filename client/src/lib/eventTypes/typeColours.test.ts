import { describe, expect, it } from 'vitest';
import { EVENT_TYPE_CODES } from '../../../../shared/eventTypes';
import { closestPair, contrastRatio } from '../colour/colourDistance';
import { typeColour } from './typeColours';

const LIGHT_SURFACE = '#ffffff';
const DARK_SURFACE = '#2b2e33';

describe('event type colours', () => {
  it('gives each of the spec’s event types a colour of its own, none close to another', () => {
    const colours = EVENT_TYPE_CODES.map(typeColour);
    expect(new Set(colours).size).toBe(EVENT_TYPE_CODES.length);
    const closest = closestPair(colours);
    expect(closest.deltaE, `${closest.a} and ${closest.b}`).toBeGreaterThanOrEqual(10);
  });

  it('draws every type visibly on the light and the dark surface', () => {
    for (const code of EVENT_TYPE_CODES) {
      const colour = typeColour(code);
      expect(contrastRatio(colour, LIGHT_SURFACE), `${code} ${colour} on light`).toBeGreaterThanOrEqual(1.6);
      expect(contrastRatio(colour, DARK_SURFACE), `${code} ${colour} on dark`).toBeGreaterThanOrEqual(1.6);
    }
  });

  it('keeps the alarm types’ usual hues and colours a type it does not know the same every time', () => {
    expect(typeColour('F')).toBe('#d32f2f');
    expect(typeColour('B')).toBe('#f57c00');
    expect(typeColour('ZZ')).toBe(typeColour('ZZ'));
    expect(typeColour('ZZ')).toMatch(/^#[0-9a-f]{6}$/);
  });
});
