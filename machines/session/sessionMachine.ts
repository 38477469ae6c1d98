import { onFirstUse } from '../../shared/onFirstUse';
import { assertEvent, assign, setup } from 'xstate';
import type { PublicProfile } from '../../shared/upstream/loginProfile';
import { SESSION_EXPIRED, UNABLE_TO_CONNECT, UNABLE_TO_PROCESS } from '../messages';
import { notProvided } from '../notProvided';

/**
 * How long the expiry notice shows before the user is sent to sign in
 * (docs/product/live-alarms-and-testing.md#messages: 1 s).
 */
export const EXPIRED_NOTICE_MS = 1000;

export interface Credentials {
  username: string;
  password: string;
}

/** Output of `signIn` (POST Login/AuthLogon through the bridge). */
export type SignInOutcome =
  | { ok: true; profile: PublicProfile }
  /** The HTTP status and the texts the server answered. */
  | { ok: false; status: number; errors: string[] };

/** Output of `loadSession` at app start: the stored session, if it is still valid. */
export type StoredSession = { profile: PublicProfile } | null;

/** Input of `signOut`: a user's sign-out (POST LogOff) or clean-up after an expired session. */
export interface SignOutInput {
  reason: 'user' | 'expired';
  /** The expiry notice to show (reason `expired`). */
  notice?: string;
}

const texts = (errors: string[]): string | null => {
  const joined = errors
    .map((e) => e.trim())
    .filter((e) => e !== '')
    .join('\n');
  return joined === '' ? null : joined;
};

/**
 * The alert for a failed sign-in (docs/product/shell-session-search.md#messages): 404 gives 'Unable
 * to connect.'; 400 and a 423 lock show the server's texts; anything else 'Unable to process your
 * request.'. NOTE: the spec says only that 400 is not the generic alert; showing its texts is the
 * reading.
 */
export function loginErrorText(failure: { status: number; errors: string[] }): string {
  if (failure.status === 404) return UNABLE_TO_CONNECT;
  if (failure.status === 400 || failure.status === 423) return texts(failure.errors) ?? UNABLE_TO_PROCESS;
  return UNABLE_TO_PROCESS;
}

export interface SessionContext {
  /** The public profile: no session id, codeword or secret token (see loginProfile.ts). */
  profile: PublicProfile | null;
  /** Where the route guard was headed when it sent the user to sign in. */
  returnUrl: string | null;
  /** A failed sign-in. */
  error: string | null;
  /** The expiry notice; set once per expiry and kept until the next sign-in. */
  notice: string | null;
}

export type SessionEvent =
  | ({ type: 'session.signIn' } & Credentials)
  | { type: 'session.signOut' }
  /**
   * Any call answered isSessionValid false or 403, or the live connection said so. `notice` is
   * the screen's wording (a 403 on the live-alarm and report screens reads apart); default SESSION_EXPIRED.
   */
  | { type: 'session.expired'; notice?: string }
  | { type: 'session.rememberUrl'; url: string }
  /** The app has navigated to `returnUrl`. */
  | { type: 'session.redirected' }
  | { type: 'session.profileChanged'; profile: PublicProfile };

export type SessionTag = 'busy' | 'signedIn' | 'error' | 'notice';

const createSessionMachine = () =>
  setup({
    types: {
      context: {} as SessionContext,
      events: {} as SessionEvent,
      tags: {} as SessionTag,
    },
    actors: {
      loadSession: notProvided<StoredSession, void>('loadSession'),
      signIn: notProvided<SignInOutcome, Credentials>('signIn'),
      signOut: notProvided<void, SignOutInput>('signOut'),
    },
    actions: {
      forget: assign({ profile: null, returnUrl: null }),
    },
    delays: {
      expiredNotice: EXPIRED_NOTICE_MS,
    },
  }).createMachine({
    id: 'session',
    context: { profile: null, returnUrl: null, error: null, notice: null },
    initial: 'restoring',
    states: {
      restoring: {
        tags: ['busy'],
        on: {
          'session.rememberUrl': { actions: assign({ returnUrl: ({ event }) => event.url }) },
        },
        invoke: {
          id: 'loadSession',
          src: 'loadSession',
          onDone: [
            {
              guard: ({ event }) => event.output !== null,
              target: 'signedIn',
              actions: assign({ profile: ({ event }) => event.output?.profile ?? null }),
            },
            { target: 'signedOut' },
          ],
          onError: 'signedOut',
        },
      },
      signedOut: {
        initial: 'idle',
        on: {
          'session.signIn': 'signingIn',
          'session.rememberUrl': { actions: assign({ returnUrl: ({ event }) => event.url }) },
        },
        states: {
          idle: {},
          failed: { tags: ['error'] },
        },
      },
      signingIn: {
        tags: ['busy'],
        entry: assign({ error: null, notice: null }),
        invoke: {
          id: 'signIn',
          src: 'signIn',
          // The password goes straight to the effect and is never kept in context.
          input: ({ event }) => {
            assertEvent(event, 'session.signIn');
            return { username: event.username, password: event.password };
          },
          onDone: [
            {
              guard: ({ event }) => event.output.ok,
              target: 'signedIn',
              actions: assign({ profile: ({ event }) => (event.output.ok ? event.output.profile : null) }),
            },
            {
              target: 'signedOut.failed',
              actions: assign({
                error: ({ event }) => (event.output.ok ? null : loginErrorText(event.output)),
              }),
            },
          ],
          onError: { target: 'signedOut.failed', actions: assign({ error: UNABLE_TO_PROCESS }) },
        },
      },
      signedIn: {
        tags: ['signedIn'],
        on: {
          'session.signOut': 'signingOut',
          'session.expired': 'expired',
          'session.redirected': { actions: assign({ returnUrl: null }) },
          'session.profileChanged': { actions: assign({ profile: ({ event }) => event.profile }) },
        },
      },
      signingOut: {
        tags: ['busy'],
        // Signing out resets the client at once (docs/product/shell-session-search.md#states);
        // LogOff's answer changes nothing.
        entry: 'forget',
        invoke: {
          id: 'signOut',
          src: 'signOut',
          input: { reason: 'user' },
          onDone: 'signedOut',
          onError: 'signedOut',
        },
      },
      // NOTE: only signedIn accepts session.expired, and nothing here does: a burst of failing
      // calls shows the notice once.
      expired: {
        tags: ['notice'],
        entry: [
          assign({
            notice: ({ event }) => (event.type === 'session.expired' && event.notice) || SESSION_EXPIRED,
          }),
          'forget',
        ],
        invoke: {
          id: 'signOut',
          src: 'signOut',
          // A screen's own wording rides along; the default one is the effect's to show.
          input: ({ context }): SignOutInput =>
            context.notice && context.notice !== SESSION_EXPIRED
              ? { reason: 'expired', notice: context.notice }
              : { reason: 'expired' },
        },
        after: { expiredNotice: 'signedOut' },
      },
    },
  });

export type SessionMachine = ReturnType<typeof createSessionMachine>;

/**
 * The sign-in session (docs/product/shell-session-search.md#states "Session", "Route guard";
 * docs/product/live-alarms-and-testing.md#states last line): restore at start, sign in, sign out,
 * and one expiry notice however many calls report the expiry.
 *
 * NOTE: made on its first use (`sessionMachine()`, the same machine every call), not as the module
 * loads: making a machine builds its whole state tree, and on a phone the app's start evaluates
 * this module in a task of its own that should stay short (issue 38).
 */
export const sessionMachine: () => SessionMachine = onFirstUse(createSessionMachine);
