import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import {
  EXTEND_OPTIONS,
  type extendTestMachine,
  type ExtendTestInput,
} from '../../../../machines/placeOnTest/extendTestMachine';
import { FormError } from '../../components/form/FormMessage';
import { Dialog } from '../../components/layout/Dialog';
import { DialogButtons, DialogLine, OkButton } from '../../components/layout/DialogSteps';

/**
 * Extend On Test (docs/product/live-alarms-and-testing.md#screens, #states, #validation,
 * #constants): 1, 4 or 8 hours, or Custom with a time picker (hours and minutes); 1 hour by
 * default; 0:00 gives '*Please select test minutes.'.
 */
export function ExtendTestDialog({
  machine,
  input,
  onClose,
}: {
  machine: typeof extendTestMachine;
  input: ExtendTestInput;
  onClose(): void;
}) {
  const actor = useActorRef(machine, { input });
  const value = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]));
  const done = useSelector(actor, (s) => s.status === 'done');
  const { option, customHours, customMinutes, message, error } = useSelector(actor, (s) => s.context);
  const pickerId = useId();
  const title = `Extend Place On Test - ${input.entry.cs_no}`;
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);
  const close = () => actor.send({ type: 'extend.close' });

  if (value === 'saving' || value === 'refreshing' || done || value === 'succeeded') {
    const busy = value !== 'succeeded';
    return (
      <Dialog
        title={title}
        onClose={busy ? () => undefined : close}
        footer={busy ? null : <OkButton onClick={close} />}
      >
        <DialogLine tone={busy ? 'busy' : 'success'} text={busy ? 'Saving…' : message} />
      </Dialog>
    );
  }
  const time = `${String(customHours).padStart(2, '0')}:${String(customMinutes).padStart(2, '0')}`;
  return (
    <Dialog
      title={title}
      onClose={close}
      footer={
        <DialogButtons
          back={{ label: 'Cancel', onClick: close }}
          next={{ label: 'Save', onClick: () => actor.send({ type: 'extend.save' }) }}
        />
      }
    >
      <fieldset className="testing-extend">
        <legend className="field__label">Extend by</legend>
        {EXTEND_OPTIONS.map((o) => (
          <label key={String(o)} className="testing-extend__option">
            <input
              type="radio"
              name="extend-by"
              checked={option === o}
              onChange={() => actor.send({ type: 'extend.option', option: o })}
            />
            {o === 'custom' ? 'Custom' : `${o} ${o === 1 ? 'hour' : 'hours'}`}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={pickerId}>
          Custom time (hours:minutes)
        </label>
        <input
          id={pickerId}
          type="time"
          className="input"
          disabled={option !== 'custom'}
          value={time}
          onChange={(e) => {
            const [h, m] = e.target.value.split(':').map(Number);
            actor.send({ type: 'extend.custom', hours: h || 0, minutes: m || 0 });
          }}
        />
      </div>
      <FormError error={error} />
    </Dialog>
  );
}
