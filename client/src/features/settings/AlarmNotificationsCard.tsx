import { useState } from 'react';
import { ALARM_TYPE_CHOICES, type PushDevice, type PushPreferences } from '../../../../shared/push/pushApi';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { showToast } from '../../components/toast/toastStore';
import { ApiError, failureMessage } from '../../lib/api/apiError';
import {
  deviceIdOf,
  deviceLabel,
  pushSupported,
  subscribeThisDevice,
  thisDeviceSubscription,
} from '../../lib/pwa/serviceWorker';
import { useApiMutation } from '../../lib/query/useApiMutation';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { useInvalidate } from '../../lib/query/useInvalidate';
import { loadPushDevices, loadPushKey, removePushDevice, savePushDevice } from './alarmNotificationsApi';
import { PUSH_DEVICES_PATH } from './forgetThisBrowser';
import { SETTINGS_TOAST_MS } from './TwoFactorCard';
import { RemovableList } from './settingsParts';
import { wallAgencyOptions } from './wallDisplaysApi';

const DEVICES_KEY = ['GET', PUSH_DEVICES_PATH] as const;
const THIS_DEVICE_KEY = ['push', 'thisDevice'] as const;

async function thisDeviceId(): Promise<string | null> {
  const sub = await thisDeviceSubscription().catch(() => null);
  return sub ? deviceIdOf(sub.endpoint) : null;
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function describe(p: PushPreferences, agencyName: (id: string) => string): string {
  const types = p.alarmTypes.length === 0 ? 'All alarm types' : p.alarmTypes.join(', ');
  const quiet = p.quietHours ? `; quiet ${p.quietHours.from}-${p.quietHours.to} (${p.timeZone})` : '';
  const anomalies = p.anomalies ? ' · Anomalies' : '';
  return `${types}${anomalies} · ${p.agencies.map(agencyName).join(', ')}${quiet}`;
}

/** One end of the quiet hours: a time of day, usable while quiet hours are on. */
function QuietTime(p: { label: string; value: string; disabled: boolean; onChange(v: string): void }) {
  return (
    <input
      className="input"
      type="time"
      aria-label={p.label}
      value={p.value}
      disabled={p.disabled}
      onChange={(e) => p.onChange(e.target.value)}
    />
  );
}

/**
 * The Alarm notifications card: "Notify this device" subscribes the browser to pushes of new
 * alarms of the types and agencies the user picks (only agencies they may see), outside quiet
 * hours; each device is listed and can be removed.
 */
export function AlarmNotificationsCard({ profile }: { profile: PublicProfile }) {
  const agencies = wallAgencyOptions(profile);
  const agencyName = (id: string) => agencies.find((a) => a.id === id)?.name ?? `Agency ${id}`;
  const [types, setTypes] = useState<string[]>([]);
  const [chosenAgencies, setChosenAgencies] = useState<string[]>(agencies.map((a) => a.id));
  const [quiet, setQuiet] = useState(false);
  const [anomalies, setAnomalies] = useState(false);
  const [from, setFrom] = useState('22:00');
  const [to, setTo] = useState('07:00');
  const devices = useApiQuery(DEVICES_KEY, loadPushDevices, { isEmpty: () => false });
  const thisId = useApiQuery(THIS_DEVICE_KEY, thisDeviceId, { isEmpty: () => false });
  const invalidate = useInvalidate();
  const save = useApiMutation(async (preferences: PushPreferences) => {
    const key = await loadPushKey();
    const send = (subscription: PushSubscription) => {
      const json = subscription.toJSON();
      return savePushDevice({
        subscription: {
          endpoint: subscription.endpoint,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        },
        preferences,
        label: deviceLabel(),
      });
    };
    const subscription = await subscribeThisDevice(key);
    try {
      return await send(subscription);
    } catch (e) {
      // NOTE: this browser's endpoint is another user's (they were notified here and did not sign
      // out): the bridge never hands it over, so this user gets a fresh one, and theirs goes dead.
      if (!(e instanceof ApiError) || e.error !== 'push_device_taken') throw e;
      await subscription.unsubscribe();
      return send(await subscribeThisDevice(key));
    }
  });
  const remove = useApiMutation(removePushDevice);

  const onNotify = async () => {
    try {
      await save.run({
        alarmTypes: types,
        agencies: chosenAgencies,
        quietHours: quiet ? { from, to } : null,
        timeZone: browserTimeZone(),
        anomalies,
      });
      showToast('This device will be notified of new alarms.', 'success', SETTINGS_TOAST_MS);
    } catch (e) {
      showToast(
        e instanceof Error && !('status' in e) ? e.message : failureMessage(e),
        'error',
        SETTINGS_TOAST_MS,
      );
    }
    await Promise.all([invalidate(DEVICES_KEY), invalidate(THIS_DEVICE_KEY)]);
  };
  const onRemove = async (d: PushDevice) => {
    try {
      await remove.run(d.id);
      if (d.id === thisId.data) await (await thisDeviceSubscription())?.unsubscribe();
      showToast('The device will no longer be notified.', 'success', SETTINGS_TOAST_MS);
    } catch (e) {
      showToast(failureMessage(e), 'error', SETTINGS_TOAST_MS);
    }
    await Promise.all([invalidate(DEVICES_KEY), invalidate(THIS_DEVICE_KEY)]);
  };
  const pick = (list: string[], v: string, on: boolean) =>
    on ? [...new Set([...list, v])] : list.filter((x) => x !== v);

  return (
    <section className="card settings-card" aria-labelledby="alarm-notifications-title">
      <h2 id="alarm-notifications-title">Alarm notifications</h2>
      <p>
        Get a notification on this phone or computer when a new alarm comes in, even with the portal closed.
      </p>
      {!pushSupported() ? (
        <p className="muted">
          This browser cannot receive notifications. Install the portal or use another browser.
        </p>
      ) : null}
      <form
        className="push-form"
        onSubmit={(e) => {
          e.preventDefault();
          void onNotify();
        }}
      >
        <fieldset className="choice-group choice-group--columns">
          <legend>Alarm types (none chosen: all)</legend>
          {ALARM_TYPE_CHOICES.map((t) => (
            <label key={t}>
              <input
                type="checkbox"
                checked={types.includes(t)}
                onChange={(e) => setTypes(pick(types, t, e.target.checked))}
              />{' '}
              {t}
            </label>
          ))}
        </fieldset>
        <fieldset className="choice-group">
          <legend>Live anomalies</legend>
          <label>
            <input type="checkbox" checked={anomalies} onChange={(e) => setAnomalies(e.target.checked)} />{' '}
            Anomalies (runaway systems, repeat alarms)
          </label>
        </fieldset>
        <fieldset className="choice-group">
          <legend>Agencies</legend>
          {agencies.map((a) => (
            <label key={a.id}>
              <input
                type="checkbox"
                checked={chosenAgencies.includes(a.id)}
                onChange={(e) => setChosenAgencies(pick(chosenAgencies, a.id, e.target.checked))}
              />{' '}
              {a.name}
            </label>
          ))}
        </fieldset>
        <fieldset className="choice-group">
          <legend>Quiet hours</legend>
          <label>
            <input type="checkbox" checked={quiet} onChange={(e) => setQuiet(e.target.checked)} /> No
            notifications from
          </label>
          <div className="quiet-hours">
            <QuietTime label="Quiet from" value={from} disabled={!quiet} onChange={setFrom} />
            <span>to</span>
            <QuietTime label="Quiet until" value={to} disabled={!quiet} onChange={setTo} />
            <span className="muted">({browserTimeZone()})</span>
          </div>
        </fieldset>
        <div className="settings-card__actions">
          <button
            type="submit"
            className="button"
            disabled={!pushSupported() || save.status === 'saving' || chosenAgencies.length === 0}
          >
            Notify this device
          </button>
        </div>
      </form>
      <RemovableList
        label="Notified devices"
        load={devices}
        emptyText="No device is notified yet."
        headers={['Device', 'Notified of', 'Since']}
        cells={(d) => [
          `${d.label}${d.id === thisId.data ? ' (this device)' : ''}`,
          describe(d.preferences, agencyName),
          new Date(d.createdAt).toLocaleDateString(),
        ]}
        nameOf={(d) => d.label}
        onRemove={(d) => void onRemove(d)}
        removing={remove.status === 'saving'}
      />
    </section>
  );
}
