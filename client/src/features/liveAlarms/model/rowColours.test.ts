import { describe, expect, it } from 'vitest';
import { alarmRowStyle, eventRowClass, eventStripe, hexToRgb, textOn } from './rowColours';

describe('row colours', () => {
  it('colours event rows of types F, B, ME and HU only', () => {
    expect(['F', 'B', 'ME', 'HU', 'O', 'R'].map(eventRowClass)).toEqual([
      'la-event--F',
      'la-event--B',
      'la-event--ME',
      'la-event--HU',
      undefined,
      undefined,
    ]);
  });

  it('gives red, blue, dark green and dark blue alarms their gradients', () => {
    for (const c of ['red', 'Blue', 'dark green', 'DARK BLUE'])
      expect(String(alarmRowStyle(c, '#000000')?.background)).toMatch(/^linear-gradient/);
  });

  it('fills other alarms with their colour code and a readable text colour', () => {
    expect(alarmRowStyle('gold', '#FFD700')).toEqual({ background: 'rgb(255 215 0)', color: '#000000' });
    expect(alarmRowStyle('purple', '#800080')).toEqual({ background: 'rgb(128 0 128)', color: '#ffffff' });
    expect(alarmRowStyle(null, 'not a colour')).toBeUndefined();
  });

  it('reads colour codes with or without # and in short form', () => {
    expect(hexToRgb('FFA500')).toEqual([255, 165, 0]);
    expect(hexToRgb('#fa0')).toEqual([255, 170, 0]);
    expect(textOn([0, 0, 0])).toBe('#ffffff');
    expect(eventStripe('#FF0000')).toEqual({ boxShadow: 'inset 5px 0 0 rgb(255 0 0)' });
  });
});
