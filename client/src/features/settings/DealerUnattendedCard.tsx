import type { DealerDevice } from '../../../../shared/push/dealerDevices';
import { showToast } from '../../components/toast/toastStore';
import { failureMessage } from '../../lib/api/apiError';
import { useApiMutation } from '../../lib/query/useApiMutation';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { useInvalidate } from '../../lib/query/useInvalidate';
import { SETTINGS_TOAST_MS } from './TwoFactorCard';
import {
  DEALER_DEVICES_PATH,
  loadDealerDevices,
  loadNotices,
  NOTICES_PATH,
  removeDealerDevice,
} from './dealerUnattendedApi';
import { RemovableList } from './settingsParts';

const DEVICES_KEY = ['GET', DEALER_DEVICES_PATH] as const;
const NOTICES_KEY = ['GET', NOTICES_PATH] as const;

/**
 * The account owner's card: every user's device notified of the dealer's alarms, each with
 * "Remove", and what the bridge stopped or kept of the users' unattended work (a schedule paused,
 * a device or a wall removed for a lost right or a deleted user, walls kept after "Sign out
 * everywhere"). Schedules and walls of every user are in their own cards.
 */
export function DealerUnattendedCard() {
  const devices = useApiQuery(DEVICES_KEY, loadDealerDevices, { isEmpty: () => false });
  const notices = useApiQuery(NOTICES_KEY, loadNotices, { isEmpty: () => false });
  const invalidate = useInvalidate();
  const remove = useApiMutation(removeDealerDevice);

  const onRemove = async (d: DealerDevice) => {
    try {
      await remove.run(d.id);
      showToast('The device is no longer notified of your alarms.', 'success', SETTINGS_TOAST_MS);
    } catch (e) {
      showToast(failureMessage(e), 'error', SETTINGS_TOAST_MS);
    }
    await invalidate(DEVICES_KEY);
  };

  return (
    <section className="card settings-card" aria-labelledby="dealer-unattended-title">
      <h2 id="dealer-unattended-title">Your users’ devices and unattended work</h2>
      <p>
        Every device notified of your alarms, whoever subscribed it. Removing one stops its notifications.
      </p>
      <RemovableList
        label="Notified devices of your users"
        load={devices}
        emptyText="No device of your users is notified of alarms."
        headers={['Device', 'User', 'Added']}
        cells={(d) => [d.label, d.user, new Date(d.createdAt).toLocaleString()]}
        nameOf={(d) => `${d.label} of user ${d.user}`}
        onRemove={(d) => void onRemove(d)}
        removing={remove.status === 'saving'}
      />
      <h3>Stopped or kept for your users</h3>
      {notices.status === 'error' ? (
        <p role="alert">{notices.message}</p>
      ) : (notices.data ?? []).length === 0 ? (
        <p className="muted">Nothing was stopped for a lost right.</p>
      ) : (
        <ul className="dealer-notices" aria-label="Notices of unattended work">
          {(notices.data ?? []).map((n) => (
            <li key={n.id}>
              <time dateTime={n.at}>{new Date(n.at).toLocaleString()}</time> {n.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
