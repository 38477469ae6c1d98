import type { ActiveAlarmRow } from '../../../../../shared/upstream/activeAlarmRow';
import { Dialog } from '../../../components/layout/Dialog';
import type { AlarmThresholds } from '../model/alarmClock';
import { formatSiteDate } from '../model/siteTime';
import { addressLine, siteOfAlarm } from '../model/siteRef';
import { AlarmClock } from './AlarmClock';

/** 'Live Alarm View - {CS#}': everything the row carries about the alarm and its site. */
export function AlarmMoreDetailsDialog({
  row,
  thresholds,
  onClose,
  onDirections,
}: {
  row: ActiveAlarmRow;
  thresholds: AlarmThresholds;
  onClose(): void;
  onDirections(): void;
}) {
  const site = siteOfAlarm(row);
  const items: Array<[string, React.ReactNode]> = [
    ['CS#', row.cs_No],
    ['Alarm Date and Time', formatSiteDate(row.alarm_Date)],
    ['Since Signal', <AlarmClock key="clock" row={row} thresholds={thresholds} />],
    ['Event Description', row.event_Descr ?? ''],
    ['Event Id', row.alarm_event_id ?? ''],
    ['Alarm Incident No', row.alarminc_No],
    ['Site Name', row.site_Name ?? ''],
    ['Address', addressLine(site)],
    ['Site Location', row.siteloc_Descr ?? ''],
    ['Site No / System No', `${row.site_No} / ${row.system_No}`],
    ['Contact Number', row.contactNumber == null ? '' : String(row.contactNumber)],
  ];
  return (
    <Dialog
      title={`Live Alarm View - ${row.cs_No}`}
      onClose={onClose}
      closeText="Close"
      footer={
        <button type="button" className="button button--secondary" onClick={onDirections}>
          Directions
        </button>
      }
    >
      <dl className="details-list la-details">
        {items.map(([k, v]) => (
          <div key={k} className="la-details__item">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
