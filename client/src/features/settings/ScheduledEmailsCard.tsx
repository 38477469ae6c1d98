import { useState } from 'react';
import { reportEmailAddresses } from '../../../../shared/reportEmail/reportEmailRules';
import { showToast } from '../../components/toast/toastStore';
import { failureMessage } from '../../lib/api/apiError';
import { useApiMutation } from '../../lib/query/useApiMutation';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { useInvalidate } from '../../lib/query/useInvalidate';
import {
  deleteSchedule,
  loadReminderPrefs,
  loadSchedules,
  pauseSchedule,
  saveReminderPrefs,
  SCHEDULES_PATH,
  sendScheduleNow,
  type ReminderPrefsView,
  type ScheduleView,
} from '../../reporting/schedule/scheduledEmailsApi';
import { SETTINGS_TOAST_MS } from './TwoFactorCard';
import { SaveAction } from './settingsParts';

const KEY = ['GET', SCHEDULES_PATH] as const;
const REMINDERS_KEY = ['GET', `${SCHEDULES_PATH}/reminders`] as const;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/**
 * Scheduled e-mails: the user's schedules (the owner: every schedule of the dealer), each with its
 * next run, last result, "Send now", pause and delete; and the test reminders the user gets.
 */
export function ScheduledEmailsCard() {
  const list = useApiQuery(KEY, loadSchedules, { isEmpty: () => false, refetchInterval: 5000 });
  const invalidate = useInvalidate();
  const send = useApiMutation(sendScheduleNow);
  const pause = useApiMutation(pauseSchedule);
  const remove = useApiMutation(deleteSchedule);

  const act = async (what: () => Promise<unknown>, done: string) => {
    try {
      await what();
      showToast(done, 'success', SETTINGS_TOAST_MS);
    } catch (e) {
      showToast(failureMessage(e), 'error', SETTINGS_TOAST_MS);
    }
    await invalidate(KEY);
  };

  const rows = list.data ?? [];
  return (
    <section className="card settings-card" aria-labelledby="scheduled-emails-title">
      <h2 id="scheduled-emails-title">Scheduled e-mails</h2>
      {list.status === 'error' ? <p role="alert">{list.message}</p> : null}
      {rows.length === 0 && list.status !== 'loading' ? (
        <p className="muted">No scheduled e-mails. Use "Schedule e-mail" on a report to add one.</p>
      ) : null}
      {rows.length > 0 ? (
        <div className="settings-card__scroll">
          <table className="wall-list" aria-label="Scheduled e-mails">
            <thead>
              <tr>
                <th>Report</th>
                <th>When</th>
                <th>To</th>
                <th>Next run</th>
                <th>Last result</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s: ScheduleView) => (
                <tr key={s.id}>
                  <td>
                    {s.title}
                    {s.siteNo ? ` (site ${s.siteNo})` : ''} · {s.format === 'pdf' ? 'PDF' : 'Excel'}
                    <br />
                    <span className="muted">by {s.ownerName}</span>
                  </td>
                  <td>{s.timing}</td>
                  <td>{s.recipients.split(';').join('; ')}</td>
                  <td>{s.paused ? (s.pausedReason ?? 'Paused') : when(s.nextRunAt)}</td>
                  <td>
                    {s.lastRun
                      ? `${s.lastRun.ok ? 'Sent' : 'Failed'} ${when(s.lastRun.at)}: ${s.lastRun.message}`
                      : 'Not sent yet'}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void act(() => send.run(s.id), 'The e-mail is on its way.')}
                    >
                      Send now
                    </button>{' '}
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() =>
                        void act(
                          () => pause.run({ id: s.id, paused: !s.paused }),
                          s.paused ? 'Schedule resumed.' : 'Schedule paused.',
                        )
                      }
                    >
                      {s.paused ? 'Resume' : 'Pause'}
                    </button>{' '}
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void act(() => remove.run(s.id), 'Schedule deleted.')}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <TestReminders />
    </section>
  );
}

/** Test reminders: an e-mail and a push before a test ends (TEST_REMINDER_BEFORE on the bridge). */
function TestReminders() {
  const prefs = useApiQuery(REMINDERS_KEY, loadReminderPrefs, { isEmpty: () => false });
  if (!prefs.data) return null;
  return <TestRemindersForm initial={prefs.data} />;
}

function TestRemindersForm({ initial }: { initial: ReminderPrefsView }) {
  const save = useApiMutation(saveReminderPrefs);
  const invalidate = useInvalidate();
  const [email, setEmail] = useState(initial.email);
  const [myTests, setMyTests] = useState(initial.myTests);
  const [allTests, setAllTests] = useState(initial.allTests);
  const onSave = async () => {
    const error = email.trim() ? reportEmailAddresses(email).error : null;
    if (error) return showToast(error, 'error', SETTINGS_TOAST_MS);
    try {
      await save.run({ email: email.trim(), myTests, allTests });
      showToast('Test reminders saved.', 'success', SETTINGS_TOAST_MS);
      await invalidate(REMINDERS_KEY);
    } catch (e) {
      showToast(failureMessage(e), 'error', SETTINGS_TOAST_MS);
    }
  };
  return (
    <fieldset className="choice-group">
      <legend>Test reminders</legend>
      <label>
        <input type="checkbox" checked={myTests} onChange={(e) => setMyTests(e.target.checked)} /> Remind me
        before tests I place end
      </label>
      <label>
        <input type="checkbox" checked={allTests} onChange={(e) => setAllTests(e.target.checked)} /> Remind me
        of every test of my agencies
      </label>
      <label className="field">
        <span className="field__label">Reminder e-mail (empty: push only)</span>
        <input className="input" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <SaveAction label="Save reminders" saving={save.status === 'saving'} onSave={onSave} />
    </fieldset>
  );
}
