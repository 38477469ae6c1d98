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
