import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import type { clearTestMachine, ClearTestInput } from '../../../../machines/placeOnTest/clearTestMachine';
import { Dialog } from '../../components/layout/Dialog';

/**
 * Clear On Test (doc 2 §4, §8): the unrestored-zones check, the confirmation (with the zones when
 * there are any), a comment with Save and Cancel, then 'System on test has been cleared
 * successfully.'.
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
  const commentId = useId();
  const title = `Clear On Test - ${input.entry.cs_no}`;
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);

  const close = () => actor.send({ type: 'clear.close' });
  if (value === 'checking' || value === 'saving' || value === 'refreshing' || done)
    return (
      <Dialog title={title} onClose={() => undefined}>
        <p role="status" aria-busy="true">
          {value === 'checking' ? 'Checking unrestored zones…' : 'Saving…'}
        </p>
      </Dialog>
    );
  if (value === 'checkFailed')
    return (
      <Dialog
        title={title}
        onClose={close}
        footer={
          <>
            <button type="button" className="button button--secondary" onClick={close}>
              Close
            </button>
            <button type="button" className="button" onClick={() => actor.send({ type: 'clear.retry' })}>
              Retry
            </button>
          </>
        }
      >
        <p className="form-error" role="alert">
          {error}
        </p>
      </Dialog>
    );
  if (value === 'confirming')
    return (
      <Dialog
        title="Confirmation"
        onClose={close}
        footer={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => actor.send({ type: 'clear.no' })}
            >
              No
            </button>
            <button type="button" className="button" onClick={() => actor.send({ type: 'clear.yes' })}>
              Yes
            </button>
          </>
        }
      >
        <p role="status">{message}</p>
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
  return (
    <Dialog
      title={title}
      onClose={close}
      footer={
        <>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => actor.send({ type: 'clear.cancel' })}
          >
            Cancel
          </button>
          <button type="button" className="button" onClick={() => actor.send({ type: 'clear.save' })}>
            Save
          </button>
        </>
      }
    >
      <div className="field">
        <label className="field__label" htmlFor={commentId}>
          Comment
        </label>
        <textarea
          id={commentId}
          className="input"
          rows={4}
          value={comment}
          onChange={(e) => actor.send({ type: 'clear.comment', text: e.target.value })}
        />
        <span className="testing-remaining">Remaining: {commentMax - comment.length}</span>
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
