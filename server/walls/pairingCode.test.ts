import { describe, expect, it } from 'vitest';
import { formatPairingCode, normalizePairingCode, PAIRING_ALPHABET } from '../../shared/walls/wallApi';
import { newPairingCode } from './pairingCode';

describe('pairing codes', () => {
  it('are six characters of the unambiguous alphabet, shown as XXX-XXX', () => {
    for (let i = 0; i < 500; i++) {
      const code = newPairingCode();
      expect(code).toMatch(new RegExp(`^[${PAIRING_ALPHABET}]{6}$`));
      expect(formatPairingCode(code)).toMatch(
        new RegExp(`^[${PAIRING_ALPHABET}]{3}-[${PAIRING_ALPHABET}]{3}$`),
      );
    }
  });

  it('never use characters people misread across a room', () => {
    for (const ch of '0O1IL5S2Z8B') expect(PAIRING_ALPHABET).not.toContain(ch);
  });

  it('draw every character from the random source, uniformly', () => {
    const drawn: number[] = [];
    const code = newPairingCode((max) => {
      drawn.push(max);
      return drawn.length - 1;
    });
    expect(drawn).toEqual(Array(6).fill(PAIRING_ALPHABET.length));
    expect(code).toBe(PAIRING_ALPHABET.slice(0, 6));
    // Crypto-random by default: 200 codes do not repeat.
    expect(new Set(Array.from({ length: 200 }, () => newPairingCode())).size).toBe(200);
  });

  it.each([
    ['acd-347', 'ACD347'],
    [' ACD 347 ', 'ACD347'],
    ['ACD347', 'ACD347'],
    ['ACD-34', null],
    ['ACD-3470', null],
    ['AB0-347', null],
  ])('a typed code %j reads as %j', (typed, expected) => {
    expect(normalizePairingCode(typed)).toBe(expected);
  });
});
