/**
 * Words about acting on an alarm that both the bridge (its answers) and the machines (what the
 * dialogs show) use.
 */

/**
 * NOTE: not in the spec; shown when the live feed or the gateway says someone allowed to act on
 * the alarm already did.
 */
export const ALREADY_HANDLED = 'This alarm has already been handled by another user.';

/** NOTE: not in the spec; the bridge refuses an action on an alarm none of the user's agencies holds. */
export const ALARM_NOT_YOURS = 'This alarm is not an active alarm of an agency you can act for.';

/** NOTE: not in the spec; the bridge refuses a test change on a site none of the user's agencies holds. */
export const SITE_NOT_YOURS = 'This site is not one of an agency you can act for.';

/**
 * NOTE: not in the spec; the bridge refuses an action on an alarm of the user's agencies that has
 * left the active list (dispatched or cleared), which is not the same as "not yours".
 */
export const ALARM_NO_LONGER_ACTIVE = 'This alarm is no longer active.';

/**
 * NOTE: not in the spec; the monitoring center took the request but its answer was lost or could
 * not be read, and the bridge could not tell from the alarm whether it was carried out.
 */
export const ACTION_IN_DOUBT =
  'We could not confirm whether your request was carried out. Please check the alarm before trying again.';

/** NOTE: not in the spec; a dispatch or cancel must name the one alarm it acts on. */
export const ALARM_NOT_NAMED = 'Name the alarm (its incident number) this request acts on.';

/** NOTE: not in the spec; one request changing tests of more sites than the bridge checks at once. */
export const tooManySites = (max: number): string =>
  `One request may change the tests of at most ${max} sites.`;

/** NOTE: not in the spec; the session's look-ups of sites ran over their budget for the minute. */
export const LOOKUPS_SPENT = 'Too many sites checked in a short time. Please wait a minute and try again.';
