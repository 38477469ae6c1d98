import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import {
  dispatchCommentRemaining,
  type requestDispatchMachine,
  type RequestDispatchInput,
} from '../../../../machines/dispatch/requestDispatchMachine';
import { CommentField } from '../../components/form/CommentField';
import { Dialog } from '../../components/layout/Dialog';
import { DialogButtons } from '../../components/layout/DialogSteps';
import { AlarmFlowBusy, AlarmFlowResult } from './AlarmFlowParts';

/** NOTE: the spec says the placeholder asks for an ETA and a vehicle description; the wording is the project's. */
export const DISPATCH_COMMENT_PLACEHOLDER = 'Please enter your ETA and a description of your vehicle';

/**
 * Request dispatch (docs/product/live-alarms-and-testing.md#dispatch-dialogs): the confirmation,
 * the responder question, the comment step with its 'Remaining' counter and Back, then the result.
 * It only shows the machine's state and sends it the user's events.
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
    footer = <DialogButtons back={{ label: 'No', onClick: no }} next={{ label: 'Yes', onClick: yes }} />;
  } else if (step === 'commenting') {
    body = (
      <CommentField
        value={comment}
        remaining={remaining}
        maxLength={commentMax}
        placeholder={DISPATCH_COMMENT_PLACEHOLDER}
        onChange={(text) => actor.send({ type: 'dispatch.comment', text })}
      />
    );
    footer = (
      <DialogButtons
        back={{ label: 'Back', onClick: () => actor.send({ type: 'dispatch.back' }) }}
        next={{ label: 'Request Dispatch', onClick: () => actor.send({ type: 'dispatch.submit' }) }}
      />
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
