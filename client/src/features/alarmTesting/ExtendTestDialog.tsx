import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import {
  EXTEND_OPTIONS,
  type extendTestMachine,
  type ExtendTestInput,
} from '../../../../machines/placeOnTest/extendTestMachine';
import { Dialog } from '../../components/layout/Dialog';

/**
 * Extend On Test (doc 2 §2, §4, §5, §9): 1, 4 or 8 hours, or Custom with a time picker (hours and
 * minutes); 1 hour by default; 0:00 gives '*Please select test minutes.'.
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

  if (value === 'saving' || value === 'refreshing' || done)
    return (
      <Dialog title={title} onClose={() => undefined}>
        <p role="status" aria-busy="true">
          Saving…
        </p>
      </Dialog>
    );
  if (value === 'succeeded')
    return (
      <Dialog
        title={title}
        onClose={close}
        footer={
          <button type="button" className="button" onClick={close}>
            OK
          </button>
        }
      >
        <p className="testing-success" role="status">
          {message}
        </p>
      </Dialog>
    );
  const time = `${String(customHours).padStart(2, '0')}:${String(customMinutes).padStart(2, '0')}`;
  return (
    <Dialog
      title={title}
      onClose={close}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={close}>
            Cancel
          </button>
          <button type="button" className="button" onClick={() => actor.send({ type: 'extend.save' })}>
            Save
          </button>
        </>
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
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
