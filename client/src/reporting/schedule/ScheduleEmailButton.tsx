import { useState } from 'react';
import { reportEmailAddresses } from '../../../../shared/reportEmail/reportEmailRules';
import type { ScheduledReportId } from '../../../../shared/schedules/scheduledReports';
import type { ScheduleFormat, SchedulePeriod } from '../../../../shared/schedules/scheduleRules';
import { FormError, FormSuccess } from '../../components/form/FormMessage';
import { Dialog } from '../../components/layout/Dialog';
import { failureMessage } from '../../lib/api/apiError';
import { useApiMutation } from '../../lib/query/useApiMutation';
import { createSchedule } from './scheduledEmailsApi';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * "Schedule e-mail" of a report's toolbar: recipients (the report e-mail's rules, at most 5),
 * every day, week or month at a time in the dealer's time zone, PDF or Excel. The bridge sends
 * the report as its owner sees it at each run (docs/decisions.md says which range each period reads).
 */
export function ScheduleEmailButton({
  report,
  agencyId,
  siteNo = null,
}: {
  report: ScheduledReportId;
  agencyId: string;
  siteNo?: string | null;
}) {
  const [open, setOpen] = useState(false);
  const [recipients, setRecipients] = useState('');
  const [period, setPeriod] = useState<SchedulePeriod>('week');
  const [time, setTime] = useState('07:00');
  const [weekday, setWeekday] = useState(1);
  const [dayOfMonth, setDayOfMonth] = useState(1);
  const [timeZone, setTimeZone] = useState(browserZone);
  const [format, setFormat] = useState<ScheduleFormat>('pdf');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const save = useApiMutation(createSchedule);

  const onSave = async () => {
    const to = reportEmailAddresses(recipients);
    if (to.error) return setError(to.error);
    setError(null);
    try {
      const s = await save.run({
        report,
        siteNo,
        agencyId,
        recipients: to.addresses.join(';'),
        period,
        time,
        weekday: period === 'week' ? weekday : null,
        dayOfMonth: period === 'month' ? dayOfMonth : null,
        timeZone,
        format,
      });
      setDone(`Scheduled: ${s.timing}. It is listed in Settings, Scheduled e-mails.`);
    } catch (e) {
      setError(failureMessage(e));
    }
  };

  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Schedule e-mail
      </button>
      {open ? (
        <Dialog
          title="Schedule e-mail"
          onClose={() => setOpen(false)}
          footer={
            <>
              <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
                Close
              </button>
              <button
                type="button"
                className="button"
                disabled={save.status === 'saving' || done !== null}
                onClick={() => void onSave()}
              >
                Save schedule
              </button>
            </>
          }
        >
          <div className="schedule-form">
            <label>
              Recipients (separate with ;)
              <input className="input" value={recipients} onChange={(e) => setRecipients(e.target.value)} />
            </label>
            <label>
              Every
              <select
                className="input"
                value={period}
                onChange={(e) => setPeriod(e.target.value as SchedulePeriod)}
              >
                <option value="day">Day</option>
                <option value="week">Week</option>
                <option value="month">Month</option>
              </select>
            </label>
            {period === 'week' ? (
              <label>
                On
                <select
                  className="input"
                  value={weekday}
                  onChange={(e) => setWeekday(Number(e.target.value))}
                >
                  {WEEKDAYS.map((d, i) => (
                    <option key={d} value={i}>
                      {d}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {period === 'month' ? (
              <label>
                Day of the month
                <input
                  className="input"
                  type="number"
                  min={1}
                  max={31}
                  value={dayOfMonth}
                  onChange={(e) => setDayOfMonth(Number(e.target.value))}
                />
              </label>
            ) : null}
            <label>
              At
              <input className="input" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
            </label>
            <label>
              Time zone
              <input className="input" value={timeZone} onChange={(e) => setTimeZone(e.target.value)} />
            </label>
            <label>
              File
              <select
                className="input"
                value={format}
                onChange={(e) => setFormat(e.target.value as ScheduleFormat)}
              >
                <option value="pdf">PDF</option>
                <option value="xlsx">Excel</option>
              </select>
            </label>
            <FormError error={error} />
            <FormSuccess message={done} />
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
