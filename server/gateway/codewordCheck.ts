import { createHash, timingSafeEqual } from 'node:crypto';
import type { LoginProfile } from '../../shared/upstream/loginProfile';

/**
 * The outcome of the cancel-dispatch codeword check, with the spec's messages
 * (docs/product/live-alarms-and-testing.md#validation).
 */
export type CodewordResult =
  | { ok: true }
  | {
      ok: false;
      reason: 'empty' | 'no_user' | 'mismatch';
      message: string;
      /** A whole wrong entry, not one still being typed. */ counts?: boolean;
    };

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Compares an entry with the codeword/PIN the bridge holds, in constant time. */
export function checkCodeword(profile: Pick<LoginProfile, 'pn'>, entry: string): CodewordResult {
  const typed = entry.trim();
  if (typed === '') return { ok: false, reason: 'empty', message: 'Please enter password!' };
  if (!profile.pn) return { ok: false, reason: 'no_user', message: 'Invalid user!' };
  // NOTE: the dialog checks as the user types (the button lights up on a match,
  // docs/product/live-alarms-and-testing.md#screens); an entry shorter than the codeword is still
  // being typed and does not count toward the lock.
  if (!timingSafeEqual(digest(typed), digest(profile.pn)))
    return {
      ok: false,
      reason: 'mismatch',
      message: 'Invalid password!',
      counts: typed.length >= profile.pn.length,
    };
  return { ok: true };
}
