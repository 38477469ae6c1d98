import { createHash, timingSafeEqual } from 'node:crypto';
import type { LoginProfile } from '../../shared/upstream/loginProfile';

/** The outcome of the cancel-dispatch codeword check, with the spec's messages (doc 2 §5). */
export type CodewordResult = { ok: true } | { ok: false; reason: 'empty' | 'no_user' | 'mismatch'; message: string };

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Compares an entry with the codeword/PIN the bridge holds, in constant time. */
export function checkCodeword(profile: Pick<LoginProfile, 'pn'>, entry: string): CodewordResult {
  const typed = entry.trim();
  if (typed === '') return { ok: false, reason: 'empty', message: 'Please enter password!' };
  if (!profile.pn) return { ok: false, reason: 'no_user', message: 'Invalid user!' };
  if (!timingSafeEqual(digest(typed), digest(profile.pn))) return { ok: false, reason: 'mismatch', message: 'Invalid password!' };
  return { ok: true };
}
