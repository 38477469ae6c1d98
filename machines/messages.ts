/**
 * Every text the machines show, worded exactly as the product's specification words it (described in
 * docs/product/shell-session-search.md and docs/product/live-alarms-and-testing.md). Texts the
 * specification does not show are marked `NOTE: not in the spec`.
 */

// ── Shared (docs/product/shell-session-search.md#messages,
// docs/product/live-alarms-and-testing.md#messages)
// ────────────────────────────────────────────────────────────
export const UNABLE_TO_PROCESS = 'Unable to process your request.';
export const UNABLE_TO_CONNECT = 'Unable to connect.';
export const SESSION_EXPIRED = 'Your session has expired. Please login again.';
/**
 * A 403 on the live-alarm and report screens (docs/product/live-alarms-and-testing.md#messages,
 * docs/product/reports-and-settings.md#messages).
 */
export const SESSION_EXPIRED_SHORT = 'Session expired. Please login again.';

// ── Request and cancel dispatch (docs/product/live-alarms-and-testing.md#screens, #messages)
// ────────────────────────────────────────────
export const DISPATCH_CONFIRM = 'Are you sure you would like the authorities to be dispatched?';
export const DISPATCH_ASK_RESPONDER = 'Will you be responding to meet the authorities at the site?';
export const DISPATCH_SUCCESS = 'Your emergency dispatch request has been received.';
export const CANCEL_SUCCESS =
  'Your cancelation request has been received. If the authorities have been dispatched, we will attempt to cancel now.';
/** Shown when a dispatch or cancel call gets no reply at all. */
export const NO_REPLY = 'Oops.. Something went wrong!';
/**
 * A dispatch or cancel error reads 'Error: ' plus the text
 * (docs/product/live-alarms-and-testing.md#messages).
 */
export const errorWithText = (text: string): string => `Error: ${text}`;
/** Shown when the live feed or the gateway says someone allowed to act already did (shared with the bridge). */
export { ALREADY_HANDLED } from '../shared/messages/alarmActionMessages';
/** Shown when the bridge could not confirm whether a dispatch or cancel went through (shared with the bridge). */
export { ACTION_IN_DOUBT } from '../shared/messages/alarmActionMessages';
/**
 * The reply the manual-signal call must give; anything else is shown to the user
 * (docs/product/live-alarms-and-testing.md#messages).
 */
export const MANUAL_SIGNAL_OK = 'Success.';

// ── Cancel dispatch codeword (docs/product/live-alarms-and-testing.md#validation)
// ───────────────────────────────────────────────────
export const CODEWORD_EMPTY = 'Please enter password!';
export const CODEWORD_INVALID = 'Invalid password!';
export const CODEWORD_NO_USER = 'Invalid user!';

// ── Place on test, clear, extend (docs/product/live-alarms-and-testing.md#validation, #messages)
// ───────────────────────────────────────────
export const TEST_SELECT_CATEGORY = '*Please select test category.';
export const TEST_SELECT_EFFECTIVE = '*Please select effective date.';
export const TEST_EFFECTIVE_INVALID = '*Effective date is not valid.';
export const TEST_SELECT_EXPIRE = '*Please select expire date.';
export const TEST_EXPIRE_INVALID = '*Expire date is not valid.';
export const TEST_EXPIRE_BEFORE_EFFECTIVE = '*Expire date should not be less than effective date.';
/** `date` is written in the form's pattern MM-dd-yyyy HH:mm. */
export const testExpireAfterMax = (date: string): string => `*Expire date should not be more than ${date}.`;
export const TEST_SELECT_MINUTES = '*Please select test minutes.';
export const TEST_SELECT_SITE = '*Please select Site.';
/** In zone mode, in place of '*Please select Site.'. */
export const TEST_SELECT_ZONE = '*Please select Zone.';
export const TEST_SELECT_SERVICE_TYPE = '*Please select service type.';
export const TEST_SELECT_SIGNAL_FORMAT = '*Please select signal format.';
export const TEST_SELECT_SIGNAL_TYPE = '*Please select signal format type.';
export const TEST_SELECT_ZONE_STATES = '*Please select zone states.';
/** NOTE: not in the spec (it says only "success text shows"); the project's wording. */
export const TEST_PLACED = 'System has been placed on test successfully.';
export const TEST_CLEARED = 'System on test has been cleared successfully.';
export const TEST_EXTENDED = 'System on test has been extended successfully';
export const TEST_CLEAR_CONFIRM = 'Are you sure you would like clear system on test?';
export const testClearConfirmWithZones = (zones: string): string =>
  `This account has unrestored zone(s) ${zones}. Are you sure you would like to clear this system test?`;

// ── Test Zones Report e-mail (docs/product/live-alarms-and-testing.md#validation, #calls)
// ───────────────────────────────────────────── NOTE: the address rules and their texts live in
// shared/, so the bridge judges as the dialog does.
export { REPORT_EMAIL_INVALID, REPORT_EMAIL_NONE } from '../shared/reportEmail/reportEmailRules';
export const REPORT_EMAIL_SENT = 'Report email sent successfully.';
