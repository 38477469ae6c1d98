import { randomInt } from 'node:crypto';
import { PAIRING_ALPHABET, PAIRING_CODE_LENGTH } from '../../shared/walls/wallApi';

/** How long a code shown on a waiting wall can be paired. */
export const PAIRING_CODE_TTL_MS = 10 * 60_000;

/** A random integer in [0, max): crypto's by default, a seeded one in tests. */
export type RandomInt = (max: number) => number;

/** A new pairing code, `XXXXXX` (shown as `XXX-XXX`), each character drawn uniformly by crypto. */
export function newPairingCode(random: RandomInt = randomInt): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += PAIRING_ALPHABET[random(PAIRING_ALPHABET.length)];
  return code;
}
