import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  oneTimePasswordMachine,
  type OtpAddress,
  type OtpSent,
} from '../../../../machines/twoFactor/oneTimePasswordMachine';
import { Dialog } from '../../components/layout/Dialog';

export interface OtpEffects {
  send(address: OtpAddress): Promise<OtpSent>;
  resend(address: OtpAddress, requestId: number | null): Promise<OtpSent>;
  validate(address: OtpAddress, requestId: number | null, code: string): Promise<void>;
  /** What the code protects; resolves with the success message. */
  apply(): Promise<string>;
}

/**
 * The one-time-password dialog: choose where the code goes, send, resend, enter and validate it.
 * It renders the machine's state (machines/twoFactor); the effects are the caller's (Settings
 * turns two-factor on or off, sign-in finishes signing in).
 */
export function OneTimePasswordDialog({
  title,
  addresses,
  effects,
  onFinished,
}: {
  title: string;
  addresses: readonly OtpAddress[];
  effects: OtpEffects;
  /** Called once when the flow ends: the success message, or null when cancelled or failed. */
  onFinished: (result: { message: string | null; error: string | null }) => void;
}) {
  // NOTE: the actor is made once per dialog, with the effects the dialog opened with.
  const [machine] = useState(() =>
    oneTimePasswordMachine.provide({
      actors: {
        sendCode: fromPromise(({ input }) => effects.send(input.address)),
        resendCode: fromPromise(({ input }) => effects.resend(input.address, input.requestId)),
        validateCode: fromPromise(({ input }) =>
          effects.validate(input.address, input.requestId, input.code),
        ),
        apply: fromPromise(() => effects.apply()),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { addresses } });
  const value = useSelector(actor, (s) => s.value);
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const finished = useRef(false);

  useEffect(() => {
    if (finished.current) return;
    if (value === 'done' || value === 'failed' || value === 'cancelled') {
      finished.current = true;
      onFinished({
        message: value === 'done' ? context.notice : null,
        error: value === 'failed' ? context.error : null,
      });
    }
  }, [value, context, onFinished]);

  const choosing = value === 'choosing' || value === 'sending';
  return (
    <Dialog
      title={title}
      onClose={() => actor.send({ type: 'otp.cancel' })}
      footer={
        choosing ? (
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => actor.send({ type: 'otp.cancel' })}
            >
              Cancel
            </button>
            <button
              type="button"
              className="button"
              disabled={busy || addresses.length === 0}
              onClick={() => actor.send({ type: 'otp.send' })}
            >
              Send Code
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => actor.send({ type: 'otp.resend' })}
            >
              Resend Code
            </button>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => actor.send({ type: 'otp.submit' })}
            >
              Validate
            </button>
          </>
        )
      }
    >
      {choosing ? (
        <fieldset className="otp-choices">
          <legend>Send a one-time password to</legend>
          {addresses.map((a, i) => (
            <label key={`${a.type}${a.value}`} className="otp-choice">
              <input
                type="radio"
                name="otp-address"
                checked={context.chosen === i}
                onChange={() => actor.send({ type: 'otp.choose', index: i })}
              />{' '}
              {a.type === 'M' ? 'Text message to' : 'E-mail to'} {a.label}
            </label>
          ))}
        </fieldset>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'otp.submit' });
          }}
        >
          <label className="field">
            <span className="field__label">One-time password</span>
            <input
              className="input"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              value={context.code}
              onChange={(e) => actor.send({ type: 'otp.code', code: e.target.value })}
            />
          </label>
        </form>
      )}
      {context.notice && value !== 'done' ? (
        <p role="status" className="muted">
          {context.notice}
        </p>
      ) : null}
      {context.error ? (
        <p role="alert" className="form-error">
          {context.error}
        </p>
      ) : null}
    </Dialog>
  );
}
