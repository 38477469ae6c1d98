import type { UpstreamRoute } from './upstreamRoutes';

/**
 * The largest request body each call may send, so that no call holds more in memory than it
 * needs. A body over its limit is refused with 413 before it is read (Content-Length) or as soon
 * as it grows past it.
 */

/**
 * The report e-mail of the Test Zones Report carries one PDF
 * (docs/product/live-alarms-and-testing.md#calls): a report of a few pages.
 */
export const MULTIPART_LIMIT = '5mb';
/** Sign-in, company switch, codeword: a few short fields. */
export const SESSION_JSON_LIMIT = '4kb';
/** The alarm-incident gateway: a method name and at most 50 short arguments. */
export const GATEWAY_JSON_LIMIT = '16kb';

const DEFAULT_JSON_LIMIT = '16kb';
/** Calls without a body (query only) may still send an empty object. */
const NO_BODY_LIMIT = '1kb';

/** Calls that carry more than a form's worth of fields. */
const JSON_LIMITS: Readonly<Record<string, string>> = {
  // Up to 100 test records (shapeRequest caps the count).
  'OnTest/ClearOrExtendMultipleTests': '64kb',
  // A contact's phone and e-mail list.
  'Contact/UpdateContactPhones': '32kb',
  // The event record the POST form sends along, ignored upstream.
  'AlarmBuffer/GetSiteInfo': '32kb',
};

/** The body limit of one pass-through call (an express/bytes size). */
export function bodyLimitOf(route: Pick<UpstreamRoute, 'method' | 'path' | 'body'>): string {
  if (route.body === 'multipart') return MULTIPART_LIMIT;
  if (route.method === 'GET' || route.body === 'none') return NO_BODY_LIMIT;
  return JSON_LIMITS[route.path] ?? DEFAULT_JSON_LIMIT;
}
