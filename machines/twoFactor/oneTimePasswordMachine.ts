import { assign, setup } from 'xstate';
import { UNABLE_TO_PROCESS } from '../messages';
import { notProvided } from '../notProvided';

/** Where a one-time password goes: a mobile (M) or an e-mail (EM), as the user sees it. */
export interface OtpAddress {
  type: 'M' | 'EM';
  value: string;
  label: string;
}

export interface OtpSent {
  /** The request's Id (MASAPI/TwoFactorAuthentication), sent back on resend and validate. */
  requestId: number | null;
}

export interface OtpInput {
  addresses: readonly OtpAddress[];
}

export interface OtpContext {
  addresses: readonly OtpAddress[];
  chosen: number;
  requestId: number | null;
  code: string;
  /** A failure to show (red). */
  error: string | null;
  /** What happened (sent, resent, done). */
  notice: string | null;
}

export type OtpEvent =
  | { type: 'otp.choose'; index: number }
  | { type: 'otp.send' }
  | { type: 'otp.resend' }
  | { type: 'otp.code'; code: string }
  | { type: 'otp.submit' }
  | { type: 'otp.cancel' };

export type OtpTag = 'choosing' | 'entering' | 'busy' | 'done';

export const OTP_NOTICES = {
  sent: (label: string) => `A one-time password was sent to ${label}.`,
  resent: (label: string) => `A new one-time password was sent to ${label}.`,
  enterCode: 'Enter the one-time password.',
} as const;

export const OTP_CODE_MAX = 10;

const textOf = (e: unknown) => (e instanceof Error && e.message ? e.message : UNABLE_TO_PROCESS);

/**
 * The one-time-password flow (docs/product/reports-and-settings.md#screens Settings,
 * docs/product/reports-and-settings.md#calls MASAPI/TwoFactorAuthentication): choose where the code
 * goes, send it (2001), resend (2002), validate what the user typed (2003), then apply what the
 * code protects (turn two-factor on or off, or finish a sign-in). A wrong code keeps the user on
 * the entry step with the server's message.
 */
export const oneTimePasswordMachine = setup({
  types: {
    input: {} as OtpInput,
    context: {} as OtpContext,
    events: {} as OtpEvent,
    tags: {} as OtpTag,
    output: {} as { message: string | null },
  },
  actors: {
    sendCode: notProvided<OtpSent, { address: OtpAddress }>('sendCode'),
    resendCode: notProvided<OtpSent, { address: OtpAddress; requestId: number | null }>('resendCode'),
    validateCode: notProvided<void, { address: OtpAddress; requestId: number | null; code: string }>(
      'validateCode',
    ),
    /** What the code protects; its answer is the success message. */
    apply: notProvided<string, void>('apply'),
  },
  guards: {
    hasAddress: ({ context }) => context.addresses[context.chosen] !== undefined,
    hasCode: ({ context }) => context.code.trim() !== '',
  },
}).createMachine({
  id: 'oneTimePassword',
  context: ({ input }) => ({
    addresses: input.addresses,
    chosen: 0,
    requestId: null,
    code: '',
    error: null,
    notice: null,
  }),
  initial: 'choosing',
  on: { 'otp.cancel': '.cancelled' },
  states: {
    choosing: {
      tags: ['choosing'],
      on: {
        'otp.choose': {
          guard: ({ context, event }) => event.index >= 0 && event.index < context.addresses.length,
          actions: assign({ chosen: ({ event }) => event.index, error: null }),
        },
        'otp.send': { guard: 'hasAddress', target: 'sending' },
      },
    },
    sending: {
      tags: ['busy'],
      entry: assign({ error: null, notice: null }),
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({ address: context.addresses[context.chosen] }),
        onDone: {
          target: 'entering',
          actions: assign({
            requestId: ({ event }) => event.output.requestId,
            notice: ({ context }) => OTP_NOTICES.sent(context.addresses[context.chosen].label),
          }),
        },
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => textOf(event.error) }) },
      },
    },
    entering: {
      tags: ['entering'],
      on: {
        'otp.code': {
          actions: assign({ code: ({ event }) => event.code.replace(/\D/g, '').slice(0, OTP_CODE_MAX) }),
        },
        'otp.submit': [
          { guard: 'hasCode', target: 'validating' },
          { actions: assign({ error: OTP_NOTICES.enterCode }) },
        ],
        'otp.resend': 'resending',
      },
    },
    resending: {
      tags: ['busy'],
      entry: assign({ error: null, notice: null, code: '' }),
      invoke: {
        src: 'resendCode',
        input: ({ context }) => ({
          address: context.addresses[context.chosen],
          requestId: context.requestId,
        }),
        onDone: {
          target: 'entering',
          actions: assign({
            requestId: ({ context, event }) => event.output.requestId ?? context.requestId,
            notice: ({ context }) => OTP_NOTICES.resent(context.addresses[context.chosen].label),
          }),
        },
        onError: { target: 'entering', actions: assign({ error: ({ event }) => textOf(event.error) }) },
      },
    },
    // NOTE: no state from here on takes otp.submit, so a double click validates once.
    validating: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'validateCode',
        input: ({ context }) => ({
          address: context.addresses[context.chosen],
          requestId: context.requestId,
          code: context.code,
        }),
        onDone: 'applying',
        onError: {
          target: 'entering',
          actions: assign({ error: ({ event }) => textOf(event.error), code: '', notice: null }),
        },
      },
    },
    applying: {
      tags: ['busy'],
      invoke: {
        src: 'apply',
        onDone: { target: 'done', actions: assign({ notice: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => textOf(event.error) }) },
      },
    },
    done: { tags: ['done'], type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ message: context.notice }),
});
