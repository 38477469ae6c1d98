import { FormError } from '../../components/form/FormMessage';
import { Dialog } from '../../components/layout/Dialog';
import { OkButton } from '../../components/layout/DialogSteps';
import type { AlarmDetailRow } from './alarmActionsApi';
import { AlarmFlowBusy } from './AlarmFlowParts';
import type { AlarmDetailsState } from './useAlarmDetails';
import { formatWallClock } from '../../../../shared/dates/displayDate';
import './alarmDetailsPhone.css';

/**
 * The columns of an alarm detail row (docs/product/live-alarms-and-testing.md#entities: date, zone,
 * state, Location/Comment, comment, event, cleared, Service Type), each read from the first field
 * the upstream fills.
 */
export const ALARM_DETAIL_COLUMNS: { label: string; fields: string[] }[] = [
  { label: 'Date', fields: ['date'] },
  { label: 'Zone', fields: ['zone', 'zone_id'] },
  { label: 'State', fields: ['state'] },
  { label: 'Location/Comment', fields: ['location/comment', 'location', 'zone_comment'] },
  { label: 'Comment', fields: ['comment'] },
  { label: 'Event', fields: ['event', 'event_descr', 'description'] },
  { label: 'Cleared', fields: ['cleared'] },
  { label: 'Service Type', fields: ['service type', 'service_type', 'servicetype'] },
];

/**
 * An upstream date in the display pattern MM/DD/YYYY hh:mm:ss A
 * (docs/product/live-alarms-and-testing.md#constants, 12-hour), read as the wall clock the text
 * carries (the upstream writes the site's time); anything else as it came.
 */
export function displayDate(text: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})/.exec(text);
  if (!m) return text;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  return formatWallClock({ year: y, month: mo, day: d, hour: h, minute: mi, second: s });
}

/** One cell: the first named field present (any case), as text. */
export function detailCell(row: AlarmDetailRow, fields: readonly string[]): string {
  const byName = new Map(Object.entries(row).map(([k, v]) => [k.toLowerCase(), v]));
  for (const f of fields) {
    const v = byName.get(f);
    if (v !== undefined && v !== null && v !== '')
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return '';
}

/**
 * Alarm details (docs/product/live-alarms-and-testing.md#screens row actions,
 * docs/product/live-alarms-and-testing.md#calls): the incident's event rows.
 */
export function AlarmDetailsDialog({
  csNo,
  details,
  onClose,
}: {
  csNo: string;
  details: AlarmDetailsState;
  onClose(): void;
}) {
  return (
    <Dialog title={`Alarm Details - ${csNo}`} onClose={onClose} footer={<OkButton onClick={onClose} />}>
      {details.status === 'loading' ? <AlarmFlowBusy text="Loading…" /> : null}
      {details.status === 'failed' ? <FormError error={details.message} /> : null}
      {details.status === 'ready' && details.rows.length === 0 ? <p>No records found</p> : null}
      {details.status === 'ready' && details.rows.length > 0 ? (
        <table className="aa-details">
          <thead>
            <tr>
              {ALARM_DETAIL_COLUMNS.map((c) => (
                <th key={c.label} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {details.rows.map((r, i) => (
              <tr key={detailCell(r, ['id']) || i}>
                {ALARM_DETAIL_COLUMNS.map((c) => (
                  <td key={c.label} data-label={c.label}>
                    {c.label === 'Date' ? displayDate(detailCell(r, c.fields)) : detailCell(r, c.fields)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Dialog>
  );
}
