import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type {
  AlarmNotification,
  DispatchRequest,
  IncidentLookupInput,
  NotifyOutput,
  RefreshAlarmsInput,
} from '../../../../machines/alarmIncident';
import { requestDispatchMachine } from '../../../../machines/dispatch/requestDispatchMachine';
import {
  ALREADY_HANDLED,
  DISPATCH_ASK_RESPONDER,
  DISPATCH_CONFIRM,
  DISPATCH_SUCCESS,
  NO_REPLY,
} from '../../../../machines/messages';
import type { GatewayAnswer } from '../../../../shared/upstream/envelope';
import { DISPATCH_COMMENT_PLACEHOLDER, RequestDispatchDialog } from './RequestDispatchDialog';

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

function flow(
  dispatch: (r: DispatchRequest) => Promise<GatewayAnswer> = async () => ({
    Result: { status: 'OK' },
    HttpStatusCode: 200,
  }),
) {
  const sent: { dispatch: DispatchRequest[]; notify: AlarmNotification[] } = { dispatch: [], notify: [] };
  const machine = requestDispatchMachine.provide({
    actors: {
      lookupIncident: fromPromise<GatewayAnswer, IncidentLookupInput>(async () => ({
        Result: [],
        HttpStatusCode: 200,
      })),
      callDispatch: fromPromise<GatewayAnswer, DispatchRequest>(async ({ input }) => {
        sent.dispatch.push(input);
        return dispatch(input);
      }),
      notify: fromPromise<NotifyOutput, AlarmNotification>(async ({ input }) => {
        sent.notify.push(input);
        return { status: 200 };
      }),
      refreshAlarms: fromPromise<void, RefreshAlarmsInput>(async () => undefined),
    },
  });
  return { machine, sent };
}

const button = (name: string) => screen.getByRole('button', { name });

describe('the Request Dispatch dialog', () => {
  it('asks both questions, takes a comment with its counter and Back, and reports the dispatch', async () => {
    const { machine, sent } = flow();
    const onClose = vi.fn();
    render(
      <RequestDispatchDialog
        machine={machine}
        input={{ alarm, user, commentMax: 20 }}
        alarmGone={false}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Request Dispatch - C-1001' })).toBeTruthy();
    expect(screen.getByText(DISPATCH_CONFIRM)).toBeTruthy();
    fireEvent.click(button('Yes'));
    expect(screen.getByText(DISPATCH_ASK_RESPONDER)).toBeTruthy();
    fireEvent.click(button('Yes'));

    const box = screen.getByPlaceholderText(DISPATCH_COMMENT_PLACEHOLDER);
    expect(screen.getByText('Remaining: 20')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'ETA 10 min' } });
    expect(screen.getByText('Remaining: 10')).toBeTruthy();
    fireEvent.click(button('Back'));
    expect(screen.getByText(DISPATCH_ASK_RESPONDER)).toBeTruthy();
    fireEvent.click(button('Yes'));
    expect((screen.getByPlaceholderText(DISPATCH_COMMENT_PLACEHOLDER) as HTMLTextAreaElement).value).toBe(
      'ETA 10 min',
    );
    fireEvent.click(button('Request Dispatch'));

    expect(await screen.findByText(DISPATCH_SUCCESS)).toBeTruthy();
    expect(sent.dispatch).toHaveLength(1);
    expect(sent.dispatch[0]).toMatchObject({
      Comment: 'ETA 10 min',
      WillRespond: true,
      AlarmincNo: '9001',
      CSNo: 'C-1001',
    });
    expect(sent.notify[0]).toMatchObject({
      DispatchType: 'DispatchWithResponder',
      UserComments: 'ETA 10 min',
    });
    fireEvent.click(button('OK'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('No to the responder question submits without a comment', async () => {
    const { machine, sent } = flow();
    render(
      <RequestDispatchDialog
        machine={machine}
        input={{ alarm, user }}
        alarmGone={false}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(button('Yes'));
    fireEvent.click(button('No'));
    expect(await screen.findByText(DISPATCH_SUCCESS)).toBeTruthy();
    expect(sent.dispatch[0]).toMatchObject({ Comment: '', WillRespond: false });
  });

  it('No to the confirmation closes it', () => {
    const onClose = vi.fn();
    render(
      <RequestDispatchDialog
        machine={flow().machine}
        input={{ alarm, user }}
        alarmGone={false}
        onClose={onClose}
      />,
    );
    fireEvent.click(button('No'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says so when the alarm leaves the live feed before anything was sent', () => {
    const { machine, sent } = flow();
    const { rerender } = render(
      <RequestDispatchDialog
        machine={machine}
        input={{ alarm, user }}
        alarmGone={false}
        onClose={() => undefined}
      />,
    );
    rerender(
      <RequestDispatchDialog machine={machine} input={{ alarm, user }} alarmGone onClose={() => undefined} />,
    );
    expect(screen.getByText(ALREADY_HANDLED)).toBeTruthy();
    expect(sent.dispatch).toHaveLength(0);
  });

  it('shows the no-reply text when the dispatch call gets no answer', async () => {
    const { machine } = flow(async () => {
      throw new Error('network');
    });
    render(
      <RequestDispatchDialog
        machine={machine}
        input={{ alarm, user }}
        alarmGone={false}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(button('Yes'));
    fireEvent.click(button('No'));
    expect(await screen.findByText(NO_REPLY)).toBeTruthy();
  });

  it("shows 'already handled' when the bridge says another screen dispatched it", async () => {
    const { machine } = flow(async () => ({
      Result: null,
      ErrorMessage: ALREADY_HANDLED,
      MessageCollection: [ALREADY_HANDLED],
      HttpStatusCode: 409,
      IsAlarmCleared: true,
    }));
    render(
      <RequestDispatchDialog
        machine={machine}
        input={{ alarm, user }}
        alarmGone={false}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(button('Yes'));
    fireEvent.click(button('No'));
    expect(await screen.findByText(ALREADY_HANDLED)).toBeTruthy();
  });
});
