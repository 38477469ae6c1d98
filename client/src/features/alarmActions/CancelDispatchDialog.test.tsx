import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type {
  AlarmActionRequest,
  AlarmNotification,
  IncidentLookupInput,
  NotifyOutput,
  RefreshAlarmsInput,
} from '../../../../machines/alarmIncident';
import {
  cancelDispatchMachine,
  type CodewordCheck,
  type CodewordCheckInput,
  type ManualSignalInput,
  type ManualSignalOutput,
} from '../../../../machines/cancel/cancelDispatchMachine';
import {
  CANCEL_SUCCESS,
  CODEWORD_EMPTY,
  CODEWORD_INVALID,
  CODEWORD_NO_USER,
} from '../../../../machines/messages';
import type { GatewayAnswer } from '../../../../shared/upstream/envelope';
import { CancelDispatchDialog } from './CancelDispatchDialog';

afterEach(cleanup);

const alarm = {
  alarminc_No: '9001',
  cs_No: 'C-1001',
  site_No: '10',
  system_No: '20',
  event_Descr: 'BURGLARY',
  alarm_event_id: 'BA',
  site_Name: 'Main St',
  install_Servco_No: '100',
};
const user = { contactNumber: '500001', userName: 'Olivia Owens' };

function flow(signalReply = 'Success.') {
  const cleared: unknown[] = [];
  const machine = cancelDispatchMachine.provide({
    actors: {
      verifyCodeword: fromPromise<CodewordCheck, CodewordCheckInput>(async ({ input }) =>
        input.codeword === '1234' ? { status: 'match' } : { status: 'mismatch' },
      ),
      lookupIncident: fromPromise<GatewayAnswer, IncidentLookupInput>(async () => ({
        Result: [],
        HttpStatusCode: 200,
      })),
      clearAlarm: fromPromise<GatewayAnswer, AlarmActionRequest>(async ({ input }) => {
        cleared.push(input);
        return { Result: { status: 'OK' }, HttpStatusCode: 200, IsAlarmCleared: false };
      }),
      setManualSignal: fromPromise<ManualSignalOutput, ManualSignalInput>(async () => ({
        reply: signalReply,
      })),
      notify: fromPromise<NotifyOutput, AlarmNotification>(async () => ({ status: 200 })),
      refreshAlarms: fromPromise<void, RefreshAlarmsInput>(async () => undefined),
    },
    delays: { verifyDebounce: 5 },
  });
  return { machine, cleared };
}

const cancelButton = () => screen.getByRole('button', { name: 'Cancel Dispatch' }) as HTMLButtonElement;
const type = (text: string) =>
  fireEvent.change(screen.getByLabelText('Codeword or PIN'), { target: { value: text } });

describe('the Cancel Dispatch dialog', () => {
  it('enables the button only for the matching codeword, with the messages of the spec, then cancels', async () => {
    const { machine, cleared } = flow();
    const onClose = vi.fn();
    render(
      <CancelDispatchDialog machine={machine} input={{ alarm, user }} alarmGone={false} onClose={onClose} />,
    );
    expect(screen.getByRole('dialog', { name: 'Cancel Dispatch - C-1001' })).toBeTruthy();
    expect(cancelButton().disabled).toBe(true);

    type('9');
    type('');
    expect(await screen.findByText(CODEWORD_EMPTY)).toBeTruthy();
    type('99');
    expect(await screen.findByText(CODEWORD_INVALID)).toBeTruthy();
    expect(cancelButton().disabled).toBe(true);
    type('1234');
    await waitFor(() => expect(cancelButton().disabled).toBe(false));
    expect(screen.queryByText(CODEWORD_INVALID)).toBeNull();

    fireEvent.click(cancelButton());
    expect(await screen.findByText(CANCEL_SUCCESS)).toBeTruthy();
    expect(cleared).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("says 'Invalid user!' when the session has no user", async () => {
    render(
      <CancelDispatchDialog
        machine={flow().machine}
        input={{ alarm, user: null }}
        alarmGone={false}
        onClose={() => undefined}
      />,
    );
    type('1234');
    expect(await screen.findByText(CODEWORD_NO_USER)).toBeTruthy();
    expect(cancelButton().disabled).toBe(true);
  });

  it('shows a manual-signal reply other than Success. next to the result', async () => {
    render(
      <CancelDispatchDialog
        machine={flow('Unknown event id.').machine}
        input={{ alarm, user }}
        alarmGone={false}
        onClose={() => undefined}
      />,
    );
    type('1234');
    await waitFor(() => expect(cancelButton().disabled).toBe(false));
    fireEvent.click(cancelButton());
    expect(await screen.findByText(CANCEL_SUCCESS)).toBeTruthy();
    expect(screen.getByText('Unknown event id.')).toBeTruthy();
  });

  it('closing ends it without a call', () => {
    const onClose = vi.fn();
    const { machine, cleared } = flow();
    render(
      <CancelDispatchDialog machine={machine} input={{ alarm, user }} alarmGone={false} onClose={onClose} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(cleared).toHaveLength(0);
  });
});
