import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { oneTimePasswordMachine, OTP_NOTICES, type OtpAddress } from './oneTimePasswordMachine';

const addresses: OtpAddress[] = [
  { type: 'M', value: '7145550101', label: '(714) 555-0101' },
  { type: 'EM', value: 'olivia.owens@example.com', label: 'olivia.owens@example.com' },
];

const flush = () => new Promise((r) => setTimeout(r, 0));

/** The machine with scripted effects; the right code is 123456. */
function start(overrides: { sendFails?: string; applyFails?: string } = {}) {
  const calls: string[] = [];
  const machine = oneTimePasswordMachine.provide({
    actors: {
      sendCode: fromPromise(async ({ input }) => {
        calls.push(`send ${input.address.value}`);
        if (overrides.sendFails) throw new Error(overrides.sendFails);
        return { requestId: 7 };
      }),
      resendCode: fromPromise(async ({ input }) => {
        calls.push(`resend ${input.requestId}`);
        return { requestId: null };
      }),
      validateCode: fromPromise(async ({ input }) => {
        calls.push(`validate ${input.requestId} ${input.code}`);
        if (input.code !== '123456') throw new Error('Invalid one-time password.');
      }),
      apply: fromPromise(async () => {
        calls.push('apply');
        if (overrides.applyFails) throw new Error(overrides.applyFails);
        return 'Two-Factor authentication status updated successfully.';
      }),
    },
  });
  const actor = createActor(machine, { input: { addresses } });
  actor.start();
  return { actor, calls };
}

describe('the one-time-password flow', () => {
  it('sends to the chosen address, takes a wrong code, resends, then validates and applies once', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'otp.choose', index: 1 });
    actor.send({ type: 'otp.send' });
    await flush();
    expect(actor.getSnapshot().hasTag('entering')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBe(OTP_NOTICES.sent('olivia.owens@example.com'));

    actor.send({ type: 'otp.code', code: '111 111' });
    actor.send({ type: 'otp.submit' });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Invalid one-time password.', code: '' });

    actor.send({ type: 'otp.resend' });
    await flush();
    expect(actor.getSnapshot().context.notice).toBe(OTP_NOTICES.resent('olivia.owens@example.com'));

    actor.send({ type: 'otp.code', code: '123456' });
    actor.send({ type: 'otp.submit' });
    actor.send({ type: 'otp.submit' });
    await flush();
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
    expect(actor.getSnapshot().output).toEqual({
      message: 'Two-Factor authentication status updated successfully.',
    });
    expect(calls).toEqual([
      'send olivia.owens@example.com',
      'validate 7 111111',
      'resend 7',
      'validate 7 123456',
      'apply',
    ]);
  });

  it('asks for a code before validating an empty one', () => {
    const { actor, calls } = start();
    actor.send({ type: 'otp.send' });
    return flush().then(() => {
      actor.send({ type: 'otp.submit' });
      expect(actor.getSnapshot().context.error).toBe(OTP_NOTICES.enterCode);
      expect(calls).toEqual(['send 7145550101']);
    });
  });

  it('a failed send goes back to choosing with the message', async () => {
    const { actor } = start({ sendFails: 'Please provide a valid phone number or email address.' });
    actor.send({ type: 'otp.send' });
    await flush();
    expect(actor.getSnapshot().hasTag('choosing')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Please provide a valid phone number or email address.');
  });

  it('a failed apply ends in failed with its message', async () => {
    const { actor } = start({ applyFails: 'Unable to process your request.' });
    actor.send({ type: 'otp.send' });
    await flush();
    actor.send({ type: 'otp.code', code: '123456' });
    actor.send({ type: 'otp.submit' });
    await flush();
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Unable to process your request.');
  });

  it('cancel ends the flow without calls', () => {
    const { actor, calls } = start();
    const spy = vi.fn();
    actor.subscribe({ complete: spy });
    actor.send({ type: 'otp.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(spy).toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('ignores a choice outside the list', () => {
    const { actor } = start();
    actor.send({ type: 'otp.choose', index: 5 });
    expect(actor.getSnapshot().context.chosen).toBe(0);
  });
});
