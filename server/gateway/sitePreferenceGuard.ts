import type { RequestHandler } from 'express';
import { valuesOf } from '../../shared/menu/upstreamMenuNeeds';
import { sendError } from '../http/apiErrors';
import { requestRecords } from './menuGuard';
import { isOwnerProfile } from '../rights/menuRights';
import { sessionOf } from '../http/sessionGuard';

export const SITE_PREFERENCE_MESSAGES = {
  otherContact: 'Only the account owner can read or change the preferences of another user.',
} as const;

/**
 * `Contact/GetOrUpdateSitePreference` (docs/product/shell-session-search.md#calls) reads or saves
 * the preferences of the contact it names, and only the owner may manage another user
 * (docs/product/reports-and-settings.md#roles): a sub-account naming another contact, in the query
 * or the body, is refused. Its own saves (theme, default tab, graphs view) go upstream without
 * SelectedNavIds (the route's owner-only field, dropped by shapeRequest), so its menu stays as the
 * owner set it. Runs after the JSON body is parsed, before the pass-through.
 */
export function sitePreferenceGuard(ownerRelationId: string): RequestHandler {
  return (req, res, next) => {
    const session = sessionOf(res);
    if (isOwnerProfile(session.profile, ownerRelationId)) return next();
    const own = String(session.profile.contactNumber);
    const other = valuesOf(requestRecords(req), 'SelectedContactNo').some(
      (v) => v != null && String(v).trim() !== '' && String(v).trim() !== own,
    );
    if (other) return sendError(res, 'forbidden_owner', { message: SITE_PREFERENCE_MESSAGES.otherContact });
    next();
  };
}
