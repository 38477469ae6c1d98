import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import {
  testCommentRemaining,
  type alarmPlaceOnTestMachine,
  type AlarmPlaceOnTestInput,
} from '../../../../machines/placeOnTest/alarmPlaceOnTestMachine';
import { CommentField } from '../../components/form/CommentField';
import { FormError } from '../../components/form/FormMessage';
import { SelectField } from '../../components/form/SelectField';
import { Dialog } from '../../components/layout/Dialog';
import { DialogButtons, DialogLine } from '../../components/layout/DialogSteps';
import { AlarmFlowBusy } from './AlarmFlowParts';

/**
 * Place on test from an alarm (docs/product/live-alarms-and-testing.md#screens, #states,
 * #validation): the alarm variant of the form, titled 'Place On test' with the CS#. The whole
 * system goes on test; the category with 2 default hours comes preselected, the dates are not shown
 * (docs/product/live-alarms-and-testing.md#screens: the variant hides the system/zone choice and
 * the dates; they follow from the category, and a too long one is still refused in words), the
 * comment carries its prefix. The dialog closes 1.5 s after a success (the machine's closeDelay).
 */
export function AlarmPlaceOnTestDialog({
  machine,
  input,
  onClose,
}: {
  machine: typeof alarmPlaceOnTestMachine;
  input: AlarmPlaceOnTestInput;
  onClose(): void;
}) {
  const actor = useActorRef(machine, { input });
  const step = useSelector(actor, (s) =>
    s.matches('loading')
      ? 'loading'
      : s.matches('loadFailed')
        ? 'loadFailed'
        : s.matches('editing')
          ? 'editing'
          : s.matches('saving')
            ? 'saving'
            : s.matches('succeeded')
              ? 'succeeded'
              : 'closed',
  );
  const categories = useSelector(actor, (s) => s.context.categories);
  const categoryId = useSelector(actor, (s) => s.context.categoryId);
  const prefix = useSelector(actor, (s) => s.context.commentPrefix);
  const comment = useSelector(actor, (s) => s.context.comment);
  const remaining = useSelector(actor, (s) => testCommentRemaining(s.context));
  const error = useSelector(actor, (s) => s.context.error);
  const message = useSelector(actor, (s) => s.context.message);

  useEffect(() => {
    if (step === 'closed') onClose();
  }, [step, onClose]);

  const close = () => {
    if (step !== 'saving') actor.send({ type: 'test.close' });
  };
  const title = `Place On test - ${input.alarm.cs_No}`;

  if (step === 'loading' || step === 'saving' || step === 'closed') {
    return (
      <Dialog title={title} onClose={close}>
        <AlarmFlowBusy text={step === 'saving' ? 'Saving…' : 'Loading…'} />
      </Dialog>
    );
  }
  if (step === 'loadFailed') {
    return (
      <Dialog
        title={title}
        onClose={close}
        footer={
          <DialogButtons
            back={{ label: 'Close', onClick: close }}
            next={{ label: 'Retry', onClick: () => actor.send({ type: 'test.retry' }) }}
          />
        }
      >
        <DialogLine tone="error" text={error} />
      </Dialog>
    );
  }
  if (step === 'succeeded') {
    return (
      <Dialog title={title} onClose={close}>
        <p className="aa-result aa-result--done" role="status">
          {message}
        </p>
      </Dialog>
    );
  }

  return (
    <Dialog
      title={title}
      onClose={close}
      footer={
        <DialogButtons
          back={{ label: 'Cancel', onClick: close }}
          next={{ label: 'Save', onClick: () => actor.send({ type: 'test.save' }) }}
        />
      }
    >
      <form
        className="aa-form"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'test.save' });
        }}
      >
        <div className="field">
          <span className="field__label">CS#</span>
          <p className="aa-readonly">{input.alarm.cs_No}</p>
        </div>
        <SelectField
          label="Test Category"
          value={categoryId ?? ''}
          empty={categoryId === null ? 'Select' : undefined}
          options={categories.map((c) => ({ value: c.testcat_id, label: c.descr }))}
          onChange={(testcatId) => actor.send({ type: 'test.category', testcatId })}
        />
        <CommentField
          prefix={prefix}
          value={comment}
          remaining={remaining}
          onChange={(text) => actor.send({ type: 'test.comment', text })}
        />
        <FormError error={error} />
      </form>
    </Dialog>
  );
}
