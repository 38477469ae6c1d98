import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import type {
  cancelDispatchMachine,
  CancelDispatchInput,
} from '../../../../machines/cancel/cancelDispatchMachine';
import { Dialog } from '../../components/layout/Dialog';
import { AlarmFlowBusy, AlarmFlowResult } from './AlarmFlowParts';

/**
 * Cancel dispatch (docs/product/live-alarms-and-testing.md#screens, #validation): the codeword or
 * PIN entry, whose button the bridge's check enables only for a matching entry; then the cancel
 * chain and the result with its OK button. It only shows the machine's state and sends it the
 * user's events.
 */
export function CancelDispatchDialog({
  machine,
  input,
  alarmGone,
  onClose,
}: {
  /** `cancelDispatchMachine` with its effects provided (alarmActors.ts). */
  machine: typeof cancelDispatchMachine;
  input: CancelDispatchInput;
  alarmGone: boolean;
  onClose(): void;
}) {
  const actor = useActorRef(machine, { input });
  const step = useSelector(actor, (s) =>
    s.matches('entering')
      ? 'entering'
      : s.hasTag('busy')
        ? 'busy'
        : s.status === 'done'
          ? 'closed'
          : 'result',
  );
  const message = useSelector(actor, (s) => s.context.message);
  const notice = useSelector(actor, (s) => s.context.signalNotice);
  const tone = useSelector(actor, (s) =>
    s.hasTag('error') ? 'error' : s.hasTag('done') ? 'done' : 'notice',
  );
  const codeword = useSelector(actor, (s) => s.context.codeword);
  const canSubmit = useSelector(actor, (s) => s.context.canSubmit);
  const checking = useSelector(actor, (s) => s.hasTag('checking'));
  const rejected = useSelector(actor, (s) => s.matches({ entering: 'rejected' }));
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    if (alarmGone) actor.send({ type: 'alarm.gone' });
  }, [alarmGone, actor]);
  useEffect(() => {
    if (step === 'closed') onClose();
  }, [step, onClose]);

  const title = `Cancel Dispatch - ${input.alarm.cs_No}`;
  if (step === 'result')
    return (
      <AlarmFlowResult
        title={title}
        message={message}
        notice={notice}
        tone={tone}
        onOk={() => actor.send({ type: 'cancel.ok' })}
      />
    );

  if (step !== 'entering') {
    return (
      <Dialog title={title} onClose={() => undefined}>
        <AlarmFlowBusy text="Cancelling dispatch…" />
      </Dialog>
    );
  }

  return (
    <Dialog
      title={title}
      onClose={() => actor.send({ type: 'cancel.close' })}
      footer={
        <button
          type="button"
          className="button"
          disabled={!canSubmit}
          onClick={() => actor.send({ type: 'cancel.submit' })}
        >
          Cancel Dispatch
        </button>
      }
    >
      <form
        className="field"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'cancel.submit' });
        }}
      >
        <label className="field__label" htmlFor={inputId}>
          Codeword or PIN
        </label>
        <input
          id={inputId}
          className="input"
          type="password"
          autoComplete="off"
          maxLength={128}
          value={codeword}
          aria-invalid={rejected && message !== null}
          aria-describedby={errorId}
          onChange={(e) => actor.send({ type: 'cancel.input', text: e.target.value })}
        />
        <span id={errorId} className="field__error" role="alert">
          {rejected ? message : null}
        </span>
        {checking ? <span className="aa-checking">Checking…</span> : null}
      </form>
    </Dialog>
  );
}
