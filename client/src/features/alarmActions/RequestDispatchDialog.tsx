import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import {
  dispatchCommentRemaining,
  type requestDispatchMachine,
  type RequestDispatchInput,
} from '../../../../machines/dispatch/requestDispatchMachine';
import { Dialog } from '../../components/layout/Dialog';
import { AlarmFlowBusy, AlarmFlowResult } from './AlarmFlowParts';

/** NOTE: the spec says the placeholder asks for an ETA and a vehicle description; the wording is the project's. */
export const DISPATCH_COMMENT_PLACEHOLDER = 'Please enter your ETA and a description of your vehicle';

/**
 * Request dispatch (doc 2 §2 "Dispatch dialogs"): the confirmation, the responder question, the
 * comment step with its 'Remaining' counter and Back, then the result. It only shows the
 * machine's state and sends it the user's events.
 */
export function RequestDispatchDialog({
  machine,
  input,
  alarmGone,
  onClose,
}: {
  /** `requestDispatchMachine` with its effects provided (alarmActors.ts). */
  machine: typeof requestDispatchMachine;
  input: RequestDispatchInput;
  /** The live feed no longer lists the alarm. */
  alarmGone: boolean;
  onClose(): void;
}) {
  const actor = useActorRef(machine, { input });
  const step = useSelector(actor, (s) =>
    s.matches('confirming')
      ? 'confirming'
      : s.matches('askingResponder')
        ? 'asking'
        : s.matches('commenting')
          ? 'commenting'
          : s.hasTag('busy')
            ? 'busy'
            : s.matches('cancelled')
              ? 'cancelled'
              : 'result',
  );
  const message = useSelector(actor, (s) => s.context.message);
  const tone = useSelector(actor, (s) =>
    s.hasTag('error') ? 'error' : s.hasTag('done') ? 'done' : 'notice',
  );
  const comment = useSelector(actor, (s) => s.context.comment);
  const remaining = useSelector(actor, (s) => dispatchCommentRemaining(s.context));
  const commentMax = useSelector(actor, (s) => s.context.commentMax);
  const commentId = useId();

  useEffect(() => {
    if (alarmGone) actor.send({ type: 'alarm.gone' });
  }, [alarmGone, actor]);
  useEffect(() => {
    if (step === 'cancelled') onClose();
  }, [step, onClose]);

  const close = () => {
    if (step === 'busy') return;
    if (step === 'result') onClose();
    else actor.send({ type: 'dispatch.close' });
  };
  const title = `Request Dispatch - ${input.alarm.cs_No}`;

  if (step === 'result')
    return <AlarmFlowResult title={title} message={message} tone={tone} onOk={onClose} />;

  let body;
  let footer;
  if (step === 'confirming' || step === 'asking') {
    body = <p className="aa-question">{message}</p>;
    const yes = () =>
      actor.send(
        step === 'confirming'
          ? { type: 'dispatch.confirm' }
          : { type: 'dispatch.respond', willRespond: true },
      );
    const no = () =>
      actor.send(
        step === 'confirming' ? { type: 'dispatch.close' } : { type: 'dispatch.respond', willRespond: false },
      );
    footer = (
      <>
        <button type="button" className="button button--secondary" onClick={no}>
          No
        </button>
        <button type="button" className="button" onClick={yes}>
          Yes
        </button>
      </>
    );
  } else if (step === 'commenting') {
    body = (
      <div className="field">
        <label className="field__label" htmlFor={commentId}>
          Comment
        </label>
        <textarea
          id={commentId}
          className="input aa-comment"
          rows={4}
          maxLength={commentMax}
          placeholder={DISPATCH_COMMENT_PLACEHOLDER}
          value={comment}
          onChange={(e) => actor.send({ type: 'dispatch.comment', text: e.target.value })}
        />
        <span className="aa-remaining" aria-live="polite">
          Remaining: {remaining}
        </span>
      </div>
    );
    footer = (
      <>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => actor.send({ type: 'dispatch.back' })}
        >
          Back
        </button>
        <button type="button" className="button" onClick={() => actor.send({ type: 'dispatch.submit' })}>
          Request Dispatch
        </button>
      </>
    );
  } else {
    body = <AlarmFlowBusy text="Requesting dispatch…" />;
  }

  return (
    <Dialog title={title} onClose={close} footer={footer}>
      {body}
    </Dialog>
  );
}
