import { describe, expect, it } from 'vitest';
import { alarmAgeLevel, DEFAULT_THRESHOLDS, parseThresholds } from './alarmClock';

describe('alarm clock', () => {
  it('turns amber and then red past the thresholds', () => {
    const t = { amberMinutes: 5, redMinutes: 15 };
    expect(alarmAgeLevel(4 * 60_000, t)).toBe('fresh');
    expect(alarmAgeLevel(5 * 60_000, t)).toBe('amber');
    expect(alarmAgeLevel(15 * 60_000, t)).toBe('red');
  });

  it('reads saved thresholds, never amber after red, defaults for nonsense', () => {
    expect(parseThresholds('{"amberMinutes":20,"redMinutes":10}')).toEqual({
      amberMinutes: 10,
      redMinutes: 20,
    });
    expect(parseThresholds('nope')).toEqual(DEFAULT_THRESHOLDS);
    expect(parseThresholds('{"amberMinutes":0,"redMinutes":3}')).toEqual(DEFAULT_THRESHOLDS);
  });
});
