import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import type { clearTestMachine, ClearTestInput } from '../../../../machines/placeOnTest/clearTestMachine';
import { CommentField } from '../../components/form/CommentField';
import { FormError } from '../../components/form/FormMessage';
import { Dialog } from '../../components/layout/Dialog';
import { DialogButtons, DialogLine, OkButton } from '../../components/layout/DialogSteps';

/**
 * Clear On Test (docs/product/live-alarms-and-testing.md#states, #messages): the unrestored-zones
 * check, the confirmation (with the zones when there are any), a comment with Save and Cancel, then
 * 'System on test has been cleared successfully.'.
 */
export function ClearTestDialog({
  machine,
  input,
  onClose,
}: {
  machine: typeof clearTestMachine;
  input: ClearTestInput;
  onClose(): void;
}) {
  const actor = useActorRef(machine, { input });
  const value = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]));
  const done = useSelector(actor, (s) => s.status === 'done');
  const { message, error, comment, commentMax } = useSelector(actor, (s) => s.context);
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);

  const close = () => actor.send({ type: 'clear.close' });
  let title = `Clear On Test - ${input.entry.cs_no}`;
  let onDialogClose = close;
  let footer: ReactNode = null;
  let body: ReactNode;
  if (value === 'checking' || value === 'saving' || value === 'refreshing' || done) {
    onDialogClose = () => undefined;
    body = <DialogLine tone="busy" text={value === 'checking' ? 'Checking unrestored zones…' : 'Saving…'} />;
  } else if (value === 'checkFailed') {
    footer = (
      <DialogButtons
        back={{ label: 'Close', onClick: close }}
        next={{ label: 'Retry', onClick: () => actor.send({ type: 'clear.retry' }) }}
      />
    );
    body = <DialogLine tone="error" text={error} />;
  } else if (value === 'confirming') {
    title = 'Confirmation';
    footer = (
      <DialogButtons
        back={{ label: 'No', onClick: () => actor.send({ type: 'clear.no' }) }}
        next={{ label: 'Yes', onClick: () => actor.send({ type: 'clear.yes' }) }}
      />
    );
    body = <DialogLine tone="plain" text={message} />;
  } else if (value === 'succeeded') {
    footer = <OkButton onClick={close} />;
    body = <DialogLine tone="success" text={message} />;
  } else {
    footer = (
      <DialogButtons
        back={{ label: 'Cancel', onClick: () => actor.send({ type: 'clear.cancel' }) }}
        next={{ label: 'Save', onClick: () => actor.send({ type: 'clear.save' }) }}
      />
    );
    body = (
      <>
        <CommentField
          value={comment}
          remaining={commentMax - comment.length}
          onChange={(text) => actor.send({ type: 'clear.comment', text })}
        />
        <FormError error={error} />
      </>
    );
  }
  return (
    <Dialog title={title} onClose={onDialogClose} footer={footer}>
      {body}
    </Dialog>
  );
}
