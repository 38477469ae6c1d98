import type { RequestHandler } from 'express';
import { sendError } from './apiErrors';
import { isOwnerProfile } from './menuGuard';
import { sessionOf } from './requireSession';

export const SITE_PREFERENCE_MESSAGES = {
  otherContact: 'Only the account owner can read or change the preferences of another user.',
} as const;

const keysOf = (body: Record<string, unknown>, name: string) =>
  Object.keys(body).filter((k) => k.toLowerCase() === name.toLowerCase());

/**
 * `Contact/GetOrUpdateSitePreference` (doc 1 §7) saves a menu list too, and only the owner may
 * change menus (doc 3 §6): a sub-account naming another contact is refused, and its own saves
 * (theme, default tab, graphs view) go upstream without SelectedNavIds, so its menu stays as the
 * owner set it. Runs after the JSON body is parsed, before the pass-through.
 */
export function sitePreferenceGuard(ownerRelationId: string): RequestHandler {
  return (req, res, next) => {
    const session = sessionOf(res);
    if (isOwnerProfile(session.profile, ownerRelationId)) return next();
    const body: unknown = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return next();
    const record = body as Record<string, unknown>;
    const own = String(session.profile.contactNumber);
    const other = keysOf(record, 'SelectedContactNo').some((k) => {
      const v = record[k];
      return v != null && String(v).trim() !== '' && String(v).trim() !== own;
    });
    if (other) return sendError(res, 'forbidden_owner', { message: SITE_PREFERENCE_MESSAGES.otherContact });
    for (const k of keysOf(record, 'SelectedNavIds')) delete record[k];
    next();
  };
}
