import { useStore } from '../../lib/store/useStore';
import { Dialog } from '../layout/Dialog';
import { alertStore, dismissAlert } from './alertStore';

/** Shows the current alert (alertStore) in a dialog with an OK button. */
export function AlertHost() {
  const message = useStore(alertStore, (s) => s.message);
  if (message === null) return null;
  return (
    <Dialog
      title="Alert"
      onClose={dismissAlert}
      footer={
        <button type="button" className="button" onClick={dismissAlert}>
          OK
        </button>
      }
    >
      <p role="alert" className="alert-host__message">
        {message}
      </p>
    </Dialog>
  );
}
